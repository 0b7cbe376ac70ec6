import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type {
  Database,
  LuckyRefundCodeTable,
  LuckyRefundPurchaseTable,
  LuckyRefundResultTable,
  LuckyRefundSettlementTable,
} from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;
export type PurchaseRow = Selectable<LuckyRefundPurchaseTable>;
export type SettlementRow = Selectable<LuckyRefundSettlementTable>;
export type ResultRow = Selectable<LuckyRefundResultTable>;

// Purchases and codes ------------------------------------------------------------------------------------------

export async function findPurchaseByKey(
  db: Db,
  memberId: number,
  requestKey: string,
): Promise<PurchaseRow | undefined> {
  return db
    .selectFrom('lucky_refund_purchase')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
}

export async function insertPurchase(
  trx: Trx,
  values: Omit<Insertable<LuckyRefundPurchaseTable>, 'id' | 'created_at'>,
): Promise<PurchaseRow> {
  return trx.insertInto('lucky_refund_purchase').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A purchase's codes, in ticket order. */
export async function codesOfPurchase(db: Db, purchaseId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('lucky_refund_code')
    .select('code')
    .where('purchase_id', '=', purchaseId)
    .orderBy('ticket_no')
    .execute();
  return rows.map((row) => row.code);
}

/** How many codes a member holds in a round (read under the round's lock: purchases take turns on it). */
export async function countMemberCodes(trx: Trx, drawId: number, memberId: number): Promise<number> {
  const row = await trx
    .selectFrom('lucky_refund_code')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('draw_id', '=', drawId)
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Which of these codes a round already has. */
export async function codesTaken(db: Db, drawId: number, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .selectFrom('lucky_refund_code')
    .select('code')
    .where('draw_id', '=', drawId)
    .where('code', 'in', codes)
    .execute();
  return new Set(rows.map((row) => row.code));
}

export async function insertCodes(trx: Trx, rows: Insertable<LuckyRefundCodeTable>[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto('lucky_refund_code').values(rows).execute();
}

export type MemberCodeRow = {
  code: string;
  ticket_no: number;
  pay: 'cash' | 'coins' | 'diamonds';
  raffle_draw_id: number;
  raffle_ticket_no: number;
  read_at: Date | null;
  kind: 'prize' | 'refund' | null;
  currency: 'cash' | 'coins' | 'diamonds' | null;
  amount: number | null;
};

/** A member's codes in a round, in ticket order, with what each got once the round was paid. */
export async function memberCodes(db: Db, drawId: number, memberId: number): Promise<MemberCodeRow[]> {
  return db
    .selectFrom('lucky_refund_code as code')
    .leftJoin('lucky_refund_result as result', (join) =>
      join
        .onRef('result.draw_id', '=', 'code.draw_id')
        .onRef('result.ticket_no', '=', 'code.ticket_no')
        .on('result.kind', 'in', ['prize', 'refund']),
    )
    .select([
      'code.code',
      'code.ticket_no',
      'code.pay',
      'code.raffle_draw_id',
      'code.raffle_ticket_no',
      'code.read_at',
      sql<'prize' | 'refund' | null>`result.kind`.as('kind'),
      'result.currency',
      'result.amount',
    ])
    .where('code.draw_id', '=', drawId)
    .where('code.member_id', '=', memberId)
    .orderBy('code.ticket_no')
    .execute() as Promise<MemberCodeRow[]>;
}

/** Marks a member's unread codes of a round read; answers them (in ticket order). */
export async function markCodesRead(db: Db, drawId: number, memberId: number): Promise<string[]> {
  const rows = await db
    .updateTable('lucky_refund_code')
    .set({ read_at: new Date() })
    .where('draw_id', '=', drawId)
    .where('member_id', '=', memberId)
    .where('read_at', 'is', null)
    .returning(['code', 'ticket_no'])
    .execute();
  return rows.sort((a, b) => a.ticket_no - b.ticket_no).map((row) => row.code);
}

/** Every code of a round with its purchase's member, currency and journal transaction, in ticket order. */
export async function codesOfRound(db: Db, drawId: number) {
  return db
    .selectFrom('lucky_refund_code as code')
    .innerJoin('lucky_refund_purchase as purchase', 'purchase.id', 'code.purchase_id')
    .select([
      'code.ticket_no as ticketNo',
      'code.code',
      'code.member_id as memberId',
      'code.pay',
      'code.purchase_id as purchaseId',
      'purchase.transaction_id as transactionId',
    ])
    .where('code.draw_id', '=', drawId)
    .orderBy('code.ticket_no')
    .execute();
}

/** The code behind a raffle ticket, with its purchase's member and journal transaction. */
export async function codeOfRaffleTicket(db: Db, raffleDrawId: number, ticketNo: number) {
  return db
    .selectFrom('lucky_refund_code as code')
    .innerJoin('lucky_refund_purchase as purchase', 'purchase.id', 'code.purchase_id')
    .select([
      'code.code',
      'code.member_id as memberId',
      'code.pay',
      'purchase.transaction_id as transactionId',
    ])
    .where('code.raffle_draw_id', '=', raffleDrawId)
    .where('code.raffle_ticket_no', '=', ticketNo)
    .executeTakeFirst();
}

/** The raffle a round's codes entered (known once a code was sold). */
export async function raffleOfRound(db: Db, drawId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('lucky_refund_purchase')
    .select('raffle_draw_id')
    .where('draw_id', '=', drawId)
    .limit(1)
    .executeTakeFirst();
  return row?.raffle_draw_id;
}

/** How many players bought codes in each round. */
export async function playersOf(db: Db, drawIds: readonly number[]): Promise<Map<number, number>> {
  if (drawIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lucky_refund_purchase')
    .select(['draw_id', sql<string>`count(distinct member_id)`.as('players')])
    .where('draw_id', 'in', drawIds)
    .groupBy('draw_id')
    .execute();
  return new Map(rows.map((row) => [row.draw_id, Number(row.players)]));
}

// Settlements and results ----------------------------------------------------------------------------------

/**
 * A settlement's row, in the transaction that pays it, under the engine's settlement lock (which first
 * finds none): a second row for the draw would be refused by its key and roll the payment back.
 */
export async function insertSettlement(
  trx: Trx,
  values: Omit<Insertable<LuckyRefundSettlementTable>, 'settled_at'>,
): Promise<void> {
  await trx.insertInto('lucky_refund_settlement').values(values).execute();
}

export async function findSettlements(
  db: Db,
  drawIds: readonly number[],
): Promise<Map<number, SettlementRow>> {
  if (drawIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lucky_refund_settlement')
    .selectAll()
    .where('draw_id', 'in', drawIds)
    .execute();
  return new Map(rows.map((row) => [row.draw_id, row]));
}

/** The draws of one kind paid most recently, rounds only when codes were sold (their ids, newest first). */
export async function latestSettled(db: Db, kind: 'round' | 'raffle', limit: number): Promise<number[]> {
  let query = db.selectFrom('lucky_refund_settlement').select('draw_id').where('kind', '=', kind);
  if (kind === 'round') query = query.where('sales', '>', 0);
  const rows = await query.orderBy('draw_id', 'desc').limit(limit).execute();
  return rows.map((row) => row.draw_id);
}

/** What the jackpot account holds by the programme's own record: everything put in, less what was won. */
export async function jackpotBalance(db: Db): Promise<number> {
  const row = await db
    .selectFrom('lucky_refund_settlement')
    .select([
      sql<string>`coalesce(sum(jackpot_in), 0)`.as('in'),
      sql<string>`coalesce(sum(jackpot_out), 0)`.as('out'),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.in) - Number(row.out);
}

export async function insertResults(
  trx: Trx,
  rows: Omit<Insertable<LuckyRefundResultTable>, 'id' | 'created_at' | 'redeemed_at'>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 5_000) {
    await trx
      .insertInto('lucky_refund_result')
      .values(rows.slice(start, start + 5_000))
      .execute();
  }
}

/** A draw's results of one kind (a round's prizes, a raffle's jackpot), in ticket order. */
export async function resultsOfDraw(db: Db, drawId: number, kind: 'prize' | 'jackpot'): Promise<ResultRow[]> {
  return db
    .selectFrom('lucky_refund_result')
    .selectAll()
    .where('draw_id', '=', drawId)
    .where('kind', '=', kind)
    .orderBy('ticket_no')
    .execute();
}

export async function memberResults(
  db: Db,
  memberId: number,
  page: { page: number; size: number },
): Promise<{ rows: ResultRow[]; total: number; unredeemed: number }> {
  const [rows, counts] = await Promise.all([
    db
      .selectFrom('lucky_refund_result')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    db
      .selectFrom('lucky_refund_result')
      .select([
        (eb) => eb.fn.countAll<string>().as('total'),
        sql<string>`count(*) filter (where redeemed_at is null)`.as('unredeemed'),
      ])
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counts.total), unredeemed: Number(counts.unredeemed) };
}

/**
 * Marks one of the member's results seen (another member's answers as absent); a result already seen
 * keeps its first time.
 */
export async function redeemResult(db: Db, id: number, memberId: number): Promise<ResultRow | undefined> {
  const updated = await db
    .updateTable('lucky_refund_result')
    .set({ redeemed_at: new Date() })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('redeemed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (updated) return updated;
  return db
    .selectFrom('lucky_refund_result')
    .selectAll()
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}
