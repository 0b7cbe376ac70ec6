import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import type { Database, DepositOrderTable, UnmatchedStkCallbackTable } from '../../../db/schema.ts';

type Db = Kysely<Database>;
export type DepositOrderRow = Selectable<DepositOrderTable>;
export type UnmatchedStkCallbackRow = Selectable<UnmatchedStkCallbackTable>;

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
    callbackToken: string;
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
      callback_token: order.callbackToken,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One member's deposit orders at a time: the advisory lock a new own-phone order is made under. */
export async function lockMemberDeposits(trx: Transaction<Database>, memberId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('deposit'), ${memberId}::int)`.execute(trx);
}

/**
 * What the member's deposits still under way add up to (asked, prompted, queued or being confirmed, made
 * since `since`): money that may yet land, which a deposit limit counts before another deposit is asked.
 */
export async function sumDepositsUnderWay(db: Db, memberId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('deposit_order')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('pay_money'), sql<number>`0`).as('total'))
    .where('member_id', '=', memberId)
    .where('state', 'in', [
      DEPOSIT_STATE.created,
      DEPOSIT_STATE.waiting,
      DEPOSIT_STATE.confirming,
      DEPOSIT_STATE.queued,
    ])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * The member's newest order whose prompt goes (or went) to their own phone (hall `mpesa`) and has no
 * answer yet: created (its prompt on the way) or waiting, made since `since`; or queued, however old (its
 * prompt is still to come: a queue at M-Pesa's rate, or hours of a maintenance pause).
 */
export function findWaitingOwnPhoneOrder(db: Db, memberId: number, window: { since: Date }) {
  return db
    .selectFrom('deposit_order')
    .innerJoin('pay_channel', 'pay_channel.id', 'deposit_order.channel_id')
    .selectAll('deposit_order')
    .where('deposit_order.member_id', '=', memberId)
    .where((eb) =>
      eb.or([
        eb('deposit_order.state', '=', 5),
        eb.and([eb('deposit_order.state', 'in', [0, 1]), eb('deposit_order.created_at', '>', window.since)]),
      ]),
    )
    .where('pay_channel.hall', '=', 'mpesa')
    .orderBy('deposit_order.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findOrderByTransNo(db: Db, transNo: string) {
  return db.selectFrom('deposit_order').selectAll().where('trans_no', '=', transNo).executeTakeFirst();
}

export function findOrderById(db: Db, id: number) {
  return db.selectFrom('deposit_order').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOrderByJournalTransaction(db: Db, journalTransactionId: number) {
  return db
    .selectFrom('deposit_order')
    .selectAll()
    .where('journal_transaction_id', '=', journalTransactionId)
    .executeTakeFirst();
}

/** Locks an order for the rest of the transaction (every decision about its money is taken under it). */
export function lockOrder(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('deposit_order').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Serialises everything about one CheckoutRequestID for the rest of the transaction: the callback that
 * looks for its order, and the prompt that stores the id on its order. Without it a callback overtaking
 * the push's own answer could miss the order while the prompt misses the stored callback.
 */
/** Number, amount and state of the given orders (what another module shows beside its own rows). */
export function describeOrders(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('deposit_order')
    .select(['id', 'trans_no', 'pay_money', 'state'])
    .where('id', 'in', ids)
    .execute();
}

/** The member's order, locked for the caller's transaction (undefined when it is not theirs). */
export function lockMemberOrder(trx: Transaction<Database>, memberId: number, orderId: number) {
  return trx
    .selectFrom('deposit_order')
    .select(['id', 'state'])
    .where('id', '=', orderId)
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

export async function lockCheckout(trx: Transaction<Database>, checkoutRequestId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('stk-checkout'), hashtext(${checkoutRequestId}))`.execute(
    trx,
  );
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

/** The number a push is about to go to, noted before it leaves (a callback may overtake its answer). */
export async function notePushTarget(db: Db, id: number, msisdn: string): Promise<void> {
  await db
    .updateTable('deposit_order')
    .set({ msisdn, push_attempts: sql`push_attempts + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('state', '=', 0)
    .execute();
}

/**
 * Gives a paid callback's CheckoutRequestID to the one waiting order of that number and amount whose push
 * answer was lost, created since `since`. An order whose push is still on its way to that number (state
 * 0, number noted) competes: the callback may be its own, overtaking its answer. Two candidates are
 * ambiguous and a competing push takes its callback itself: none is adopted (the callback is kept).
 * Only orders from before callback tokens: a newer order's own callback names it by its token
 * (`adoptNamedOrder`), and a callback without the token must not be able to take it.
 */
export async function adoptUncertainOrder(
  db: Db,
  callback: { checkoutRequestId: string; msisdn: string; payMoney: number; since: Date },
): Promise<DepositOrderRow | undefined> {
  const candidates = await db
    .selectFrom('deposit_order')
    .select(['id', 'state'])
    .where((eb) =>
      eb.or([eb.and([eb('state', '=', 1), eb('checkout_request_id', 'is', null)]), eb('state', '=', 0)]),
    )
    .where('msisdn', '=', callback.msisdn)
    .where('pay_money', '=', callback.payMoney)
    .where('created_at', '>=', callback.since)
    .where('callback_token', 'is', null)
    .limit(2)
    .execute();
  const [only] = candidates;
  if (candidates.length !== 1 || !only || only.state !== 1) return undefined;
  return db
    .updateTable('deposit_order')
    .set({ checkout_request_id: callback.checkoutRequestId, updated_at: sql`now()` })
    .where('id', '=', only.id)
    .where('checkout_request_id', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * A callback that reached the address of this order (its token checked by the caller) and names a
 * CheckoutRequestID the order does not have yet: the push's own answer was lost, or has not been stored
 * yet. The order takes the CheckoutRequestID and waits like a prompted one; nothing is paid by this.
 */
export function adoptNamedOrder(
  db: Db,
  id: number,
  callback: { checkoutRequestId: string; merchantRequestId: string; nextCheckAt: Date },
) {
  return db
    .updateTable('deposit_order')
    .set({
      state: 1,
      checkout_request_id: callback.checkoutRequestId,
      merchant_request_id: callback.merchantRequestId,
      next_check_at: callback.nextCheckAt,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('checkout_request_id', 'is', null)
    .where('state', 'in', [0, 1])
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
    .where('state', 'in', [0, 1, 2, 5])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Held for an operator: M-Pesa said paid but something does not add up (more than the order, a receipt
 * credited elsewhere). What it reported is kept for the operator, who credits it or rejects it.
 */
export async function markHeld(
  db: Db,
  id: number,
  held: { message: string; amount: number | null; receipt: string | null },
): Promise<void> {
  await db
    .updateTable('deposit_order')
    .set({
      state: 2,
      result_code: 0,
      message: held.message,
      held_amount: held.amount,
      held_receipt: held.receipt,
      next_check_at: null,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('state', '<>', 3)
    .execute();
}

/** An operator found a held order was not paid after all: failed, with the operator's note. */
export async function markRejected(db: Db, id: number, rejection: { message: string; note: string }) {
  return db
    .updateTable('deposit_order')
    .set({ state: 4, message: rejection.message, operator_note: rejection.note, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('state', '=', 2)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Paid: the ledger transaction is recorded on the order, with the receipt when known and the cash
 * credited. `first_deposit` is whether the member had no paid deposit before this one. Any unpaid state
 * may become paid (a failed or held order M-Pesa or an operator confirmed). Answers whether it did.
 */
export async function markPaid(
  db: Db,
  id: number,
  paid: {
    journalTransactionId: number;
    receipt: string | null;
    message: string;
    paidMoney: number;
    operatorNote?: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('deposit_order as o')
    .set({
      state: 3,
      result_code: 0,
      message: paid.message,
      receipt: paid.receipt,
      paid_money: paid.paidMoney,
      ...(paid.operatorNote === undefined ? {} : { operator_note: paid.operatorNote }),
      journal_transaction_id: paid.journalTransactionId,
      next_check_at: null,
      first_deposit: sql<boolean>`not exists (
        select 1 from deposit_order p where p.member_id = o.member_id and p.state = 3 and p.id <> o.id)`,
      updated_at: sql`now()`,
    })
    .where('o.id', '=', id)
    .where('o.state', '<>', 3)
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

/**
 * Whether an M-PESA receipt was already credited: on another order, or by an operator from an unmatched
 * callback (to a member directly). A receipt is money received once (invariant 7).
 */
export async function receiptUsedElsewhere(
  db: Db,
  receipt: string,
  except: { orderId?: number; unmatchedId?: number } = {},
): Promise<boolean> {
  let orders = db.selectFrom('deposit_order').select('id').where('receipt', '=', receipt);
  if (except.orderId !== undefined) orders = orders.where('id', '<>', except.orderId);
  let unmatched = db
    .selectFrom('unmatched_stk_callback')
    .select('id')
    .where('receipt', '=', receipt)
    .where('state', '=', 'credited');
  if (except.unmatchedId !== undefined) unmatched = unmatched.where('id', '<>', except.unmatchedId);
  const [order, callback] = await Promise.all([orders.executeTakeFirst(), unmatched.executeTakeFirst()]);
  return order !== undefined || callback !== undefined;
}

// ---- Callbacks no order carried -------------------------------------------------------------------------

/** Keeps an STK callback that names no order; a duplicate (same CheckoutRequestID or receipt) is ignored. */
export async function insertUnmatched(
  db: Db,
  callback: {
    checkoutRequestId: string;
    merchantRequestId: string;
    resultCode: number;
    resultDesc: string;
    receipt: string | null;
    amount: number | null;
    msisdn: string | null;
    transactionDate: string | null;
  },
): Promise<boolean> {
  const row = await db
    .insertInto('unmatched_stk_callback')
    .values({
      checkout_request_id: callback.checkoutRequestId,
      merchant_request_id: callback.merchantRequestId,
      result_code: callback.resultCode,
      result_desc: callback.resultDesc.slice(0, 500),
      receipt: callback.receipt,
      amount: callback.amount,
      msisdn: callback.msisdn,
      transaction_date: callback.transactionDate,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The order now carries this CheckoutRequestID: the callback that overtook it is its outcome. */
export function attachUnmatched(db: Db, checkoutRequestId: string, orderId: number) {
  return db
    .updateTable('unmatched_stk_callback')
    .set({ state: 'attached', deposit_order_id: orderId, resolved_at: sql`now()` })
    .where('checkout_request_id', '=', checkoutRequestId)
    .where('state', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}

/** An order credited with a receipt: the same payment waiting as an unmatched callback is that order's. */
export async function attachUnmatchedByReceipt(
  db: Db,
  receipt: string,
  orderId: number,
  exceptId: number | undefined,
): Promise<void> {
  let update = db
    .updateTable('unmatched_stk_callback')
    .set({ state: 'attached', deposit_order_id: orderId, resolved_at: sql`now()` })
    .where('receipt', '=', receipt)
    .where('state', '=', 'open');
  if (exceptId !== undefined) update = update.where('id', '<>', exceptId);
  await update.execute();
}

export function lockUnmatched(trx: Transaction<Database>, id: number) {
  return trx
    .selectFrom('unmatched_stk_callback')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function markUnmatchedResolved(
  db: Db,
  id: number,
  resolution:
    | {
        state: 'credited';
        memberId: number;
        orderId: number | null;
        journalTransactionId: number;
        note: string;
      }
    | { state: 'dismissed'; note: string },
): Promise<void> {
  await db
    .updateTable('unmatched_stk_callback')
    .set({
      state: resolution.state,
      note: resolution.note,
      resolved_at: sql`now()`,
      ...(resolution.state === 'credited'
        ? {
            member_id: resolution.memberId,
            deposit_order_id: resolution.orderId,
            journal_transaction_id: resolution.journalTransactionId,
          }
        : {}),
    })
    .where('id', '=', id)
    .where('state', '=', 'open')
    .execute();
}

/** Operators: paid callbacks no order took, oldest first. */
export function findOpenPaidUnmatched(db: Db, limit: number) {
  return db
    .selectFrom('unmatched_stk_callback')
    .selectAll()
    .where('state', '=', 'open')
    .where('result_code', '=', 0)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Operators: orders held for review (state 2), oldest first. */
export function findHeldOrders(db: Db, limit: number) {
  return db
    .selectFrom('deposit_order')
    .selectAll()
    .where('state', '=', 2)
    .orderBy('id')
    .limit(limit)
    .execute();
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

/** The M-Pesa numbers that paid members' deposits, distinct per member. */
export async function findPaidMsisdns(db: Db, memberIds: number[]) {
  if (memberIds.length === 0) return [];
  return db
    .selectFrom('deposit_order')
    .select(['member_id', 'msisdn'])
    .distinct()
    .where('member_id', 'in', memberIds)
    .where('state', '=', 3)
    .where('msisdn', 'is not', null)
    .execute();
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

/**
 * Queues an order's push (state 5): from created (no slot, or Daraja refused for its rate before
 * processing) or from waiting (M-Pesa confirmed the last push failed with 26 or 1001, nothing paid). Its
 * CheckoutRequestID stays until the next push replaces it, so a late callback of the last one still finds
 * the order (and changes nothing). Answers whether it did.
 */
export async function markQueued(
  db: Db,
  id: number,
  queue: { from: 0 | 1; msisdn: string; nextPushAt: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('deposit_order')
    .set({
      state: 5,
      msisdn: queue.msisdn,
      next_push_at: queue.nextPushAt,
      next_check_at: null,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('state', '=', queue.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Takes the queued order whose push is due first (SKIP LOCKED across instances) back to created for its push. */
export async function claimNextQueued(db: Db, now: Date): Promise<DepositOrderRow | undefined> {
  return db
    .updateTable('deposit_order')
    .set({ state: 0, next_push_at: null, updated_at: sql`now()` })
    .where(
      'id',
      '=',
      db
        .selectFrom('deposit_order')
        .select('id')
        .where('state', '=', 5)
        .where('next_push_at', '<=', now)
        .orderBy('next_push_at')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .where('state', '=', 5)
    .returningAll()
    .executeTakeFirst();
}

/** Orders waiting for their push (state 5): the operators' view of a pause draining. */
export async function countQueued(db: Db): Promise<number> {
  const row = await db
    .selectFrom('deposit_order')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('state', '=', 5)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every number a member's deposits prompted (any state: a number prompted is a number used). */
export async function findMemberMsisdns(db: Db, memberId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('deposit_order')
    .select('msisdn')
    .distinct()
    .where('member_id', '=', memberId)
    .where('msisdn', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.msisdn ? [row.msisdn] : []));
}

/**
 * The members of the deposits whose M-Pesa receipt or transaction number is one of `references` (the
 * back office's search): both columns have their unique index (migration 0010).
 */
export async function memberIdsByReference(db: Db, references: readonly string[]): Promise<number[]> {
  const rows = await db
    .selectFrom('deposit_order')
    .select('member_id')
    .where((eb) => eb.or([eb('receipt', 'in', references), eb('trans_no', 'in', references)]))
    .execute();
  return rows.map((row) => Number(row.member_id));
}
