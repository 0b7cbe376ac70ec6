import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { CashRainSplit } from '@app/fair/cash-rain';
import type { Packet } from './cash-rain-rules.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type SlotRow = {
  id: number;
  siteDay: string;
  slotId: number;
  beginsAt: Date;
  endsAt: Date;
  serverSeed: string;
  serverSeedHash: string;
  split: CashRainSplit | null;
  packets: number;
};

const SLOT_COLUMNS = [
  'cash_rain_slot.id',
  'cash_rain_slot.site_day',
  'cash_rain_slot.slot_id',
  'cash_rain_slot.begins_at',
  'cash_rain_slot.ends_at',
  'cash_rain_slot.server_seed',
  'cash_rain_slot.server_seed_hash',
  'cash_rain_slot.split',
  'cash_rain_slot.packets',
] as const;

function toSlot(row: {
  id: number;
  site_day: string;
  slot_id: number;
  begins_at: Date;
  ends_at: Date;
  server_seed: string;
  server_seed_hash: string;
  split: unknown;
  packets: number;
}): SlotRow {
  const split = typeof row.split === 'string' ? (JSON.parse(row.split) as unknown) : row.split;
  return {
    id: row.id,
    siteDay: row.site_day,
    slotId: row.slot_id,
    beginsAt: new Date(row.begins_at),
    endsAt: new Date(row.ends_at),
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    split: (split ?? null) as CashRainSplit | null,
    packets: row.packets,
  };
}

export async function findSlot(db: Db, siteDay: string, slotId: number): Promise<SlotRow | undefined> {
  const row = await db
    .selectFrom('cash_rain_slot')
    .select(SLOT_COLUMNS)
    .where('site_day', '=', siteDay)
    .where('slot_id', '=', slotId)
    .executeTakeFirst();
  return row && toSlot(row);
}

/** The seed hashes of a site day's slots made so far (the config's durations publish them). */
export async function findSeedHashes(db: Db, siteDay: string): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('cash_rain_slot')
    .select(['slot_id', 'server_seed_hash'])
    .where('site_day', '=', siteDay)
    .execute();
  return new Map(rows.map((row) => [row.slot_id, row.server_seed_hash]));
}

/** The member's latest claims, newest first, with their slot and their packet's position. */
export async function findMemberClaims(db: Db, memberId: number, limit: number) {
  const rows = await db
    .selectFrom('cash_rain_claim')
    .innerJoin('cash_rain_slot', 'cash_rain_slot.id', 'cash_rain_claim.slot_id')
    .leftJoin('cash_rain_packet', 'cash_rain_packet.id', 'cash_rain_claim.packet_id')
    .select(SLOT_COLUMNS)
    .select([
      'cash_rain_claim.gift_type',
      'cash_rain_claim.amount',
      'cash_rain_claim.created_at',
      'cash_rain_packet.position',
    ])
    .where('cash_rain_claim.member_id', '=', memberId)
    .orderBy('cash_rain_claim.created_at', 'desc')
    .orderBy('cash_rain_claim.slot_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    slot: toSlot(row),
    giftType: row.gift_type,
    amount: row.amount,
    createdAt: new Date(row.created_at),
    position: row.position ?? null,
  }));
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
    split: CashRainSplit;
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
      split: JSON.stringify(slot.split),
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

/**
 * The member's claim in one statement: the slot's next free packet (none when `take` is false) and the
 * claim row that records it. SKIP LOCKED: parallel claims each lock a different free packet instead of
 * queueing on one. The claim row's primary key (slot, member) makes it once: a second claim of the member
 * waits for the first to commit and then inserts nothing, so it answers undefined and its caller rolls back,
 * which frees the packet it had locked.
 */
export async function claimPacket(
  trx: Transaction<Database>,
  slotId: number,
  memberId: number,
  take: boolean,
): Promise<
  | { packetId: number | null; position: number | null; giftType: number; amount: number; createdAt: Date }
  | undefined
> {
  const result = await sql<{
    packet_id: number | null;
    position: number | null;
    gift_type: number;
    amount: number;
    created_at: Date;
  }>`
    with packet as (
      update cash_rain_packet set member_id = ${memberId}, claimed_at = now()
      where ${take}::boolean and id = (
        select id from cash_rain_packet
        where slot_id = ${slotId} and member_id is null
        order by position
        limit 1
        for update skip locked
      )
      returning id, position, gift_type, amount
    ), claim as (
      insert into cash_rain_claim (slot_id, member_id, packet_id, gift_type, amount)
      select ${slotId}, ${memberId}, packet.id, coalesce(packet.gift_type, 0), coalesce(packet.amount, 0)
      from (select 1) as one left join packet on true
      on conflict (slot_id, member_id) do nothing
      returning packet_id, gift_type, amount, created_at
    )
    select claim.packet_id, packet.position, claim.gift_type, claim.amount, claim.created_at
    from claim left join packet on packet.id = claim.packet_id`.execute(trx);
  const row = result.rows[0];
  return (
    row && {
      packetId: row.packet_id === null ? null : Number(row.packet_id),
      position: row.position === null ? null : Number(row.position),
      giftType: row.gift_type,
      amount: row.amount,
      createdAt: new Date(row.created_at),
    }
  );
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
