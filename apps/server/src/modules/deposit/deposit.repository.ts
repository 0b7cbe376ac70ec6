import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, DepositOrderTable } from '../../db/schema.ts';

type Db = Kysely<Database>;
export type DepositOrderRow = Selectable<DepositOrderTable>;

export function findEnabledPayItems(db: Db) {
  return db
    .selectFrom('pay_item')
    .select(['id', 'pay_money', 'coins', 'img', 'hot'])
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findEnabledPayItem(db: Db, id: number) {
  return db
    .selectFrom('pay_item')
    .select(['id', 'pay_money', 'coins'])
    .where('id', '=', id)
    .where('enabled', '=', true)
    .executeTakeFirst();
}

export async function insertOrder(
  db: Db,
  order: {
    transNo: string;
    memberId: number;
    channelId: number;
    payItemId: number | null;
    payMoney: number;
    coins: number;
  },
): Promise<DepositOrderRow> {
  return db
    .insertInto('deposit_order')
    .values({
      trans_no: order.transNo,
      member_id: order.memberId,
      channel_id: order.channelId,
      pay_item_id: order.payItemId,
      pay_money: order.payMoney,
      coins: order.coins,
      bonus: order.coins,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findOrderByTransNo(db: Db, transNo: string) {
  return db.selectFrom('deposit_order').selectAll().where('trans_no', '=', transNo).executeTakeFirst();
}

export function findOrderById(db: Db, id: number) {
  return db.selectFrom('deposit_order').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOrderByCheckout(db: Db, checkoutRequestId: string) {
  return db
    .selectFrom('deposit_order')
    .selectAll()
    .where('checkout_request_id', '=', checkoutRequestId)
    .executeTakeFirst();
}

/** A push whose answer was lost: the order waits for a callback with no CheckoutRequestID (deposit.service). */
export async function markPushUncertain(
  db: Db,
  id: number,
  push: { msisdn: string; nextCheckAt: Date },
): Promise<void> {
  await db
    .updateTable('deposit_order')
    .set({ state: 1, msisdn: push.msisdn, next_check_at: push.nextCheckAt, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('state', '=', 0)
    .execute();
}

/**
 * Gives a paid callback's CheckoutRequestID to the one waiting order of that number and amount whose push
 * answer was lost, created since `since`. Two candidates are ambiguous: none is taken (the member appeals).
 */
export async function adoptUncertainOrder(
  db: Db,
  callback: { checkoutRequestId: string; msisdn: string; payMoney: number; since: Date },
): Promise<DepositOrderRow | undefined> {
  const candidates = await db
    .selectFrom('deposit_order')
    .select('id')
    .where('state', '=', 1)
    .where('checkout_request_id', 'is', null)
    .where('msisdn', '=', callback.msisdn)
    .where('pay_money', '=', callback.payMoney)
    .where('created_at', '>=', callback.since)
    .limit(2)
    .execute();
  const [only] = candidates;
  if (candidates.length !== 1 || !only) return undefined;
  return db
    .updateTable('deposit_order')
    .set({ checkout_request_id: callback.checkoutRequestId, updated_at: sql`now()` })
    .where('id', '=', only.id)
    .where('checkout_request_id', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** The prompt went out: the order waits for the customer, and is checked at `nextCheckAt`. */
export async function markPrompted(
  db: Db,
  id: number,
  prompt: { msisdn: string; checkoutRequestId: string; merchantRequestId: string; nextCheckAt: Date },
): Promise<void> {
  await db
    .updateTable('deposit_order')
    .set({
      state: 1,
      msisdn: prompt.msisdn,
      checkout_request_id: prompt.checkoutRequestId,
      merchant_request_id: prompt.merchantRequestId,
      next_check_at: prompt.nextCheckAt,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('state', '=', 0)
    .execute();
}

/** Fails an order not yet settled; answers whether it did. */
export async function markFailed(
  db: Db,
  id: number,
  failure: { resultCode: number | null; message: string },
): Promise<boolean> {
  const result = await db
    .updateTable('deposit_order')
    .set({
      state: 4,
      result_code: failure.resultCode,
      message: failure.message,
      next_check_at: null,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('state', '<', 3)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Held for an operator: the provider said paid but something does not add up (the amount). Never credited. */
export async function markHeld(db: Db, id: number, message: string): Promise<void> {
  await db
    .updateTable('deposit_order')
    .set({ state: 2, result_code: 0, message, next_check_at: null, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('state', '<', 3)
    .execute();
}

/**
 * Paid: the ledger transaction is recorded on the order, with the receipt when known. `first_deposit`
 * is whether the member had no paid deposit before this one. Answers whether this call settled it.
 */
export async function markPaid(
  db: Db,
  id: number,
  paid: { journalTransactionId: number; receipt: string | null; message: string },
): Promise<boolean> {
  const result = await db
    .updateTable('deposit_order as o')
    .set({
      state: 3,
      result_code: 0,
      message: paid.message,
      receipt: paid.receipt,
      journal_transaction_id: paid.journalTransactionId,
      next_check_at: null,
      first_deposit: sql<boolean>`not exists (
        select 1 from deposit_order p where p.member_id = o.member_id and p.state = 3 and p.id <> o.id)`,
      updated_at: sql`now()`,
    })
    .where('o.id', '=', id)
    .where('o.state', '<', 3)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A receipt learnt after the order was settled by the query (which carries none). */
export async function fillReceipt(db: Db, id: number, receipt: string): Promise<void> {
  await db
    .updateTable('deposit_order')
    .set({ receipt, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('receipt', 'is', null)
    .execute();
}

export async function receiptUsedElsewhere(db: Db, receipt: string, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('deposit_order')
    .select('id')
    .where('receipt', '=', receipt)
    .where('id', '<>', orderId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims due waiting orders for one reconciliation pass: rows locked with SKIP LOCKED (another process
 * takes others), their next check pushed forward by `leaseMs` as a lease, all in one short transaction,
 * so no lock is held while the provider is asked.
 */
export async function claimDueOrders(
  db: Db,
  now: Date,
  limit: number,
  nextCheckAt: (attempts: number) => Date,
): Promise<DepositOrderRow[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('deposit_order')
      .selectAll()
      .where('state', '=', 1)
      .where('next_check_at', '<=', now)
      .orderBy('next_check_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const order of due) {
      await trx
        .updateTable('deposit_order')
        .set({
          check_attempts: order.check_attempts + 1,
          next_check_at: nextCheckAt(order.check_attempts + 1),
        })
        .where('id', '=', order.id)
        .execute();
    }
    return due;
  });
}

export async function countPaidDeposits(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('deposit_order')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('member_id', '=', memberId)
    .where('state', '=', 3)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

const recordColumns = [
  'o.id',
  'o.trans_no',
  'o.pay_money',
  'o.coins',
  'o.state',
  'o.message',
  'o.receipt',
  'o.journal_transaction_id',
  'o.created_at',
  'c.channel_code',
  'c.name as channel_name',
  'c.translations',
] as const;

export function findMemberOrderPage(
  db: Db,
  memberId: number,
  query: { startId?: number | undefined; quantity: number; from?: Date; to?: Date },
) {
  let select = db
    .selectFrom('deposit_order as o')
    .innerJoin('pay_channel as c', 'c.id', 'o.channel_id')
    .select(recordColumns)
    .where('o.member_id', '=', memberId);
  if (query.startId !== undefined) select = select.where('o.id', '<', query.startId);
  if (query.from) select = select.where('o.created_at', '>=', query.from);
  if (query.to) select = select.where('o.created_at', '<', query.to);
  return select.orderBy('o.id', 'desc').limit(query.quantity).execute();
}

export function findMemberOrderRecord(db: Db, memberId: number, id: number) {
  return db
    .selectFrom('deposit_order as o')
    .innerJoin('pay_channel as c', 'c.id', 'o.channel_id')
    .select(recordColumns)
    .where('o.member_id', '=', memberId)
    .where('o.id', '=', id)
    .executeTakeFirst();
}
