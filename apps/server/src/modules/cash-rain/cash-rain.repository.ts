import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Packet } from './cash-rain-rules.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type SlotRow = { id: number; siteDay: string; slotId: number; endsAt: Date };

export async function findSlot(db: Db, siteDay: string, slotId: number): Promise<SlotRow | undefined> {
  const row = await db
    .selectFrom('cash_rain_slot')
    .select(['id', 'site_day', 'slot_id', 'ends_at'])
    .where('site_day', '=', siteDay)
    .where('slot_id', '=', slotId)
    .executeTakeFirst();
  return row && { id: row.id, siteDay: row.site_day, slotId: row.slot_id, endsAt: row.ends_at };
}

/**
 * The slot and its packets in one transaction, once: a second creator's insert waits for the first's
 * commit and then inserts nothing (ON CONFLICT DO NOTHING), so packets are never made twice.
 */
export async function createSlotOnce(
  trx: Transaction<Database>,
  slot: {
    siteDay: string;
    slotId: number;
    beginsAt: Date;
    endsAt: Date;
    budget: number;
    serverSeed: string;
    serverSeedHash: string;
  },
  packets: Packet[],
): Promise<boolean> {
  const inserted = await trx
    .insertInto('cash_rain_slot')
    .values({
      site_day: slot.siteDay,
      slot_id: slot.slotId,
      begins_at: slot.beginsAt,
      ends_at: slot.endsAt,
      budget: slot.budget,
      server_seed: slot.serverSeed,
      server_seed_hash: slot.serverSeedHash,
      packets: packets.length,
    })
    .onConflict((conflict) => conflict.columns(['site_day', 'slot_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  for (let start = 0; start < packets.length; start += 1000) {
    await trx
      .insertInto('cash_rain_packet')
      .values(
        packets.slice(start, start + 1000).map((packet) => ({
          slot_id: inserted.id,
          position: packet.position,
          gift_type: packet.giftType,
          amount: packet.amount,
        })),
      )
      .execute();
  }
  return true;
}

/** The member's claim row, first: its primary key makes the claim exactly once (false: already claimed). */
export async function insertClaim(
  trx: Transaction<Database>,
  slotId: number,
  memberId: number,
): Promise<boolean> {
  const row = await trx
    .insertInto('cash_rain_claim')
    .values({ slot_id: slotId, member_id: memberId, gift_type: 0, amount: 0 })
    .onConflict((conflict) => conflict.columns(['slot_id', 'member_id']).doNothing())
    .returning('member_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes the slot's next free packet for the member in one statement. SKIP LOCKED: parallel claims each
 * lock a different free packet instead of queueing on the same one; none when all are taken.
 */
export async function takePacket(
  trx: Transaction<Database>,
  slotId: number,
  memberId: number,
): Promise<{ id: number; giftType: number; amount: number } | undefined> {
  const result = await sql<{ id: number; gift_type: number; amount: number }>`
    update cash_rain_packet set member_id = ${memberId}, claimed_at = now()
    where id = (
      select id from cash_rain_packet
      where slot_id = ${slotId} and member_id is null
      order by position
      limit 1
      for update skip locked
    )
    returning id, gift_type, amount`.execute(trx);
  const row = result.rows[0];
  return row && { id: Number(row.id), giftType: row.gift_type, amount: row.amount };
}

export async function recordGift(
  trx: Transaction<Database>,
  claim: { slotId: number; memberId: number; packetId: number | null; giftType: number; amount: number },
): Promise<Date> {
  const row = await trx
    .updateTable('cash_rain_claim')
    .set({ packet_id: claim.packetId, gift_type: claim.giftType, amount: claim.amount })
    .where('slot_id', '=', claim.slotId)
    .where('member_id', '=', claim.memberId)
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return row.created_at;
}

export async function hasClaimed(
  db: Db,
  siteDay: string,
  slotId: number,
  memberId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('cash_rain_claim')
    .innerJoin('cash_rain_slot', 'cash_rain_slot.id', 'cash_rain_claim.slot_id')
    .select('cash_rain_claim.member_id')
    .where('cash_rain_slot.site_day', '=', siteDay)
    .where('cash_rain_slot.slot_id', '=', slotId)
    .where('cash_rain_claim.member_id', '=', memberId)
    .executeTakeFirst();
  return row !== undefined;
}
