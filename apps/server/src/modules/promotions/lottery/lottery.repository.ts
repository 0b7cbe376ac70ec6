import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, LotterySettlementTable } from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;

/**
 * The lottery's and the cash draw's own rows (migration 0066) and two reads of the draw engine's ticket
 * list that the engine's service does not offer yet: the settlement needs every ticket's owner with its
 * entry, and the cash draw's results the winning lines' owners (`lotteryMatches`, `ticketOwners`).
 * They only read `draw_ticket`; the engine writes it.
 */

/**
 * Raises the member's ticket count in a draw by `count` if it stays within `limit` (one conditional upsert:
 * parallel purchases of one member queue on the row). False when the limit would be passed.
 */
export async function holdTickets(
  trx: Trx,
  input: { drawId: number; memberId: number; count: number; limit: number },
): Promise<boolean> {
  if (input.count > input.limit) return false;
  const { rows } = await sql<{ tickets: number }>`
    insert into lottery_holding (draw_id, member_id, tickets)
    values (${input.drawId}, ${input.memberId}, ${input.count})
    on conflict (draw_id, member_id) do update set tickets = lottery_holding.tickets + excluded.tickets
      where lottery_holding.tickets + excluded.tickets <= ${input.limit}
    returning tickets`.execute(trx);
  return rows.length === 1;
}

/**
 * The tickets of a lottery draw that can win against its numbers, with their owners: each canonical entry's
 * red numbers (two digits at 1, 4, … 16) counted against the drawn ones and its blue (at 19) compared, in
 * the database, so only the winners (about 1 in 15) travel. A ticket wins with the blue, or without it from
 * `leastRedWithoutBlue` red matches (packages/fair lottery.ts).
 */
export async function lotteryMatches(
  db: Db,
  drawId: number,
  drawn: { red: readonly number[]; blue: number },
  leastRedWithoutBlue: number,
): Promise<Array<{ ticket_no: number; member_id: number; reds: number; blue: boolean }>> {
  const red = sql`${[...drawn.red]}::int[]`;
  const redAt = (at: number) => sql`(substr(entry, ${at}, 2)::int = any(${red}))::int`;
  const { rows } = await sql<{ ticket_no: number; member_id: string; reds: number; blue: boolean }>`
    select ticket_no, member_id, reds, blue from (
      select ticket_no, member_id,
        ${redAt(1)} + ${redAt(4)} + ${redAt(7)} + ${redAt(10)} + ${redAt(13)} + ${redAt(16)} as reds,
        substr(entry, 19, 2)::int = ${drawn.blue} as blue
      from draw_ticket where draw_id = ${drawId}
    ) as matched
    where blue or reds >= ${leastRedWithoutBlue}`.execute(db);
  return rows.map((row) => ({
    ticket_no: row.ticket_no,
    member_id: Number(row.member_id),
    reds: Number(row.reds),
    blue: row.blue,
  }));
}

/** Named tickets of a draw with their owners and entries. */
export async function ticketOwners(
  db: Db,
  drawId: number,
  ticketNos: readonly number[],
): Promise<Array<{ ticket_no: number; member_id: number; entry: string }>> {
  if (ticketNos.length === 0) return [];
  return db
    .selectFrom('draw_ticket')
    .select(['ticket_no', 'member_id', 'entry'])
    .where('draw_id', '=', drawId)
    .where('ticket_no', 'in', [...ticketNos])
    .execute();
}

/** A settled draw's money (`lottery_settlement`'s columns), as the results pages show it. */
export type SettlementMoney = {
  sales: number;
  houseShare: number;
  rolloverIn: number;
  seedTopUp: number;
  paid: number;
  rolloverOut: number;
};

export type SettlementRow = {
  drawId: number;
  money: SettlementMoney;
  split: unknown;
  winners: number;
  membersPaid: number;
  paidAt: Date | null;
};

function settlementOf(row: Selectable<LotterySettlementTable>): SettlementRow {
  return {
    drawId: Number(row.draw_id),
    money: {
      sales: Number(row.sales),
      houseShare: Number(row.house_share),
      rolloverIn: Number(row.rollover_in),
      seedTopUp: Number(row.seed_top_up),
      paid: Number(row.paid),
      rolloverOut: Number(row.rollover_out),
    },
    split: row.split,
    winners: row.winners,
    membersPaid: row.members_paid,
    paidAt: row.paid_at,
  };
}

export async function findSettlement(db: Db, drawId: number): Promise<SettlementRow | undefined> {
  const row = await db
    .selectFrom('lottery_settlement')
    .selectAll()
    .where('draw_id', '=', drawId)
    .executeTakeFirst();
  return row && settlementOf(row);
}

/** The settlement row locked (a payment batch's turn). */
export async function lockSettlement(trx: Trx, drawId: number): Promise<SettlementRow | undefined> {
  const row = await trx
    .selectFrom('lottery_settlement')
    .selectAll()
    .where('draw_id', '=', drawId)
    .forUpdate()
    .executeTakeFirst();
  return row && settlementOf(row);
}

/** Settlements of many draws (the results lists). */
export async function findSettlements(
  db: Db,
  drawIds: readonly number[],
): Promise<Map<number, SettlementRow>> {
  if (drawIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lottery_settlement')
    .selectAll()
    .where('draw_id', 'in', [...drawIds])
    .execute();
  return new Map(rows.map((row) => [Number(row.draw_id), settlementOf(row)]));
}

export async function insertSettlement(
  trx: Trx,
  row: Pick<SettlementRow, 'drawId' | 'money' | 'split' | 'winners'> & { product: 'lottery' | 'cash-draw' },
): Promise<void> {
  const { money } = row;
  await trx
    .insertInto('lottery_settlement')
    .values({
      draw_id: row.drawId,
      product: row.product,
      sales: money.sales,
      house_share: money.houseShare,
      rollover_in: money.rolloverIn,
      seed_top_up: money.seedTopUp,
      paid: money.paid,
      rollover_out: money.rolloverOut,
      split: JSON.stringify(row.split),
      winners: row.winners,
      paid_at: row.winners === 0 ? sql<Date>`now()` : null,
    })
    .execute();
}

/** Moves the payment cursor past a batch (and marks the draw paid when it was the last). */
export async function advancePayments(
  trx: Trx,
  drawId: number,
  membersPaid: number,
  done: boolean,
): Promise<void> {
  await trx
    .updateTable('lottery_settlement')
    .set({ members_paid: membersPaid, paid_at: done ? sql<Date>`now()` : null })
    .where('draw_id', '=', drawId)
    .execute();
}

export async function insertPrizes(
  trx: Trx,
  prizes: ReadonlyArray<{
    drawId: number;
    memberId: number;
    amount: number;
    tickets: number;
    bestTier: number;
    transactionId: number;
  }>,
): Promise<void> {
  if (prizes.length === 0) return;
  await trx
    .insertInto('lottery_prize')
    .values(
      prizes.map((prize) => ({
        draw_id: prize.drawId,
        member_id: prize.memberId,
        amount: prize.amount,
        tickets: prize.tickets,
        best_tier: prize.bestTier,
        transaction_id: prize.transactionId,
      })),
    )
    .onConflict((conflict) => conflict.columns(['draw_id', 'member_id']).doNothing())
    .execute();
}

/** A settled draw's winning members, best tier first then the largest prize. */
export async function prizesOfDraw(
  db: Db,
  drawId: number,
  page: { page: number; size: number },
): Promise<{
  rows: Array<{ member_id: number; amount: number; tickets: number; best_tier: number }>;
  total: number;
}> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('lottery_prize')
      .select(['member_id', 'amount', 'tickets', 'best_tier'])
      .where('draw_id', '=', drawId)
      .orderBy('best_tier')
      .orderBy('amount', 'desc')
      .orderBy('member_id')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    db
      .selectFrom('lottery_prize')
      .select(sql<number>`count(*)`.as('total'))
      .where('draw_id', '=', drawId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      member_id: Number(row.member_id),
      amount: Number(row.amount),
      tickets: row.tickets,
      best_tier: row.best_tier,
    })),
    total: Number(total.total),
  };
}
