import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, DrawStatus, DrawTable, DrawTicketPay } from '../../../db/schema.ts';
import type { PlannedDraw } from './draws.service.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;
export type DrawRow = Selectable<DrawTable>;

export async function findDraw(db: Db, id: number): Promise<DrawRow | undefined> {
  return db.selectFrom('draw').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The draw row locked for the purchase or the close (`for update`): the two take turns on it. */
export async function lockDraw(trx: Trx, id: number): Promise<DrawRow | undefined> {
  return trx.selectFrom('draw').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Where the database clock stands against a draw's sales window, read AFTER the row is locked (a clock
 * read in the locking statement itself would be taken before the wait for the lock).
 */
export async function salesWindowNow(trx: Trx, id: number): Promise<{ opened: boolean; closed: boolean }> {
  const row = await trx
    .selectFrom('draw')
    .select([
      sql<boolean>`clock_timestamp() >= sales_open_at`.as('opened'),
      sql<boolean>`clock_timestamp() >= sales_close_at`.as('closed'),
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row;
}

export async function listDraws(
  db: Db,
  product: string,
  filter: { statuses?: readonly DrawStatus[]; limit: number; order: 'asc' | 'desc' },
): Promise<DrawRow[]> {
  let query = db.selectFrom('draw').selectAll().where('product', '=', product);
  if (filter.statuses) query = query.where('status', 'in', filter.statuses);
  return query.orderBy('draw_at', filter.order).orderBy('id', filter.order).limit(filter.limit).execute();
}

/** Makes the planned draws that do not exist yet (a draw is known by its product and ref). */
export async function insertPlannedDraws(
  db: Db,
  draws: ReadonlyArray<Required<PlannedDraw> & { product: string; beaconRound: number }>,
): Promise<number> {
  if (draws.length === 0) return 0;
  const inserted = await db
    .insertInto('draw')
    .values(
      draws.map((draw) => ({
        product: draw.product,
        ref: draw.ref,
        price: draw.price,
        sales_open_at: draw.salesOpenAt,
        sales_close_at: draw.salesCloseAt,
        draw_at: draw.drawAt,
        beacon_round: draw.beaconRound,
        settings: JSON.stringify(draw.settings ?? {}),
      })),
    )
    .onConflict((conflict) => conflict.columns(['product', 'ref']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/** Scheduled draws whose sales have opened, by the database clock, marked open (for the players' pages). */
export async function openDueDraws(db: Db): Promise<number> {
  const result = await db
    .updateTable('draw')
    .set({ status: 'open' })
    .where('status', '=', 'scheduled')
    .where('sales_open_at', '<=', sql<Date>`clock_timestamp()`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Draws whose sales should be closed now, by the database clock (their ids, oldest first). */
export async function drawsToClose(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('draw')
    .select('id')
    .where('status', 'in', ['scheduled', 'open'])
    .where('sales_close_at', '<=', sql<Date>`clock_timestamp()`)
    .orderBy('sales_close_at')
    .execute();
  return rows.map((row) => row.id);
}

export async function drawsStatusDue(db: Db, status: 'closed' | 'drawn'): Promise<DrawRow[]> {
  let query = db.selectFrom('draw').selectAll().where('status', '=', status);
  if (status === 'closed') query = query.where('draw_at', '<=', sql<Date>`clock_timestamp()`);
  return query.orderBy('draw_at').orderBy('id').execute();
}

/** The next ticket numbers of a locked draw: `count` of them after its last, the counter moved past them. */
export async function takeTicketNumbers(trx: Trx, id: number, count: number): Promise<number> {
  const row = await trx
    .updateTable('draw')
    .set({ ticket_count: sql<number>`ticket_count + ${count}` })
    .where('id', '=', id)
    .returning('ticket_count')
    .executeTakeFirstOrThrow();
  return row.ticket_count - count + 1;
}

export async function insertTickets(
  trx: Trx,
  tickets: ReadonlyArray<{
    drawId: number;
    ticketNo: number;
    memberId: number;
    entry: string;
    pay: DrawTicketPay;
    transactionId: number | null;
  }>,
): Promise<void> {
  if (tickets.length === 0) return;
  await trx
    .insertInto('draw_ticket')
    .values(
      tickets.map((ticket) => ({
        draw_id: ticket.drawId,
        ticket_no: ticket.ticketNo,
        member_id: ticket.memberId,
        entry: ticket.entry,
        pay: ticket.pay,
        transaction_id: ticket.transactionId,
      })),
    )
    .execute();
}

/** A page of a draw's tickets in ticket order: the number and the canonical entry, nothing about the member. */
export async function ticketEntries(
  db: Db,
  drawId: number,
  after: number,
  limit: number,
): Promise<Array<{ ticket_no: number; entry: string }>> {
  return db
    .selectFrom('draw_ticket')
    .select(['ticket_no', 'entry'])
    .where('draw_id', '=', drawId)
    .where('ticket_no', '>', after)
    .orderBy('ticket_no')
    .limit(limit)
    .execute();
}

export async function markClosed(trx: Trx, id: number, root: string): Promise<void> {
  await trx
    .updateTable('draw')
    .set({ status: 'closed', ticket_root: root, closed_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', id)
    .where('status', 'in', ['scheduled', 'open'])
    .execute();
}

export async function markDelayed(db: Db, id: number, reason: string): Promise<void> {
  await db
    .updateTable('draw')
    .set({ delay_reason: reason })
    .where('id', '=', id)
    .where('status', '=', 'closed')
    .execute();
}

/** Stores the verified beacon and the outcome, once: only a closed draw becomes drawn. */
export async function markDrawn(
  db: Db,
  id: number,
  drawn: { signature: string; randomness: string; outcome: unknown },
): Promise<boolean> {
  const result = await db
    .updateTable('draw')
    .set({
      status: 'drawn',
      beacon_signature: drawn.signature,
      randomness: drawn.randomness,
      outcome: JSON.stringify(drawn.outcome),
      drawn_at: sql<Date>`clock_timestamp()`,
      delay_reason: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'closed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markSettled(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('draw')
    .set({ status: 'settled', settled_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', id)
    .where('status', '=', 'drawn')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function ticketsOfMember(
  db: Db,
  product: string,
  memberId: number,
  page: { page: number; size: number },
) {
  return db
    .selectFrom('draw_ticket')
    .innerJoin('draw', 'draw.id', 'draw_ticket.draw_id')
    .select([
      'draw_ticket.draw_id as drawId',
      'draw_ticket.ticket_no as ticketNo',
      'draw_ticket.entry as entry',
      'draw_ticket.pay as pay',
      'draw_ticket.prize as prize',
      'draw_ticket.tier as tier',
      'draw_ticket.created_at as createdAt',
    ])
    .where('draw.product', '=', product)
    .where('draw_ticket.member_id', '=', memberId)
    .orderBy('draw_ticket.draw_id', 'desc')
    .orderBy('draw_ticket.ticket_no', 'desc')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .execute();
}

/** Writes settled tickets' prizes and tiers in one statement. */
export async function recordPrizes(
  db: Db,
  drawId: number,
  prizes: ReadonlyArray<{ ticketNo: number; prize: number; tier: number | null }>,
): Promise<void> {
  if (prizes.length === 0) return;
  await sql`
    update draw_ticket set prize = given.prize, tier = given.tier
    from unnest(${prizes.map((p) => p.ticketNo)}::int[], ${prizes.map((p) => p.prize)}::int8[],
                ${prizes.map((p) => p.tier)}::int2[]) as given(ticket_no, prize, tier)
    where draw_ticket.draw_id = ${drawId} and draw_ticket.ticket_no = given.ticket_no`.execute(db);
}

/**
 * Serialises the settlements of one product: the rollover a draw takes is read and moved while no other
 * settlement of the product moves it (a transaction-scoped advisory lock, no table).
 */
export async function lockProductSettlements(trx: Trx, product: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('draw-settlement'), hashtext(${product}))`.execute(trx);
}

/**
 * The latest draws (of one product, or of all), newest draw time first, each with its winning tickets and
 * what they won: the operator's list (issue 26 §5).
 */
export async function latestDrawsWithPrizes(db: Db, filter: { product?: string; limit: number }) {
  let query = db
    .selectFrom('draw')
    .selectAll('draw')
    .select((eb) => [
      eb
        .selectFrom('draw_ticket')
        .whereRef('draw_ticket.draw_id', '=', 'draw.id')
        .where('draw_ticket.prize', '>', 0)
        .select(sql<string>`count(*)`.as('n'))
        .as('winners'),
      eb
        .selectFrom('draw_ticket')
        .whereRef('draw_ticket.draw_id', '=', 'draw.id')
        .select(sql<string>`coalesce(sum(prize), 0)`.as('p'))
        .as('prizes'),
    ]);
  if (filter.product) query = query.where('product', '=', filter.product);
  return query.orderBy('draw_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}
