import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type {
  Database,
  WithdrawalReviewKind,
  WithdrawalReviewResolution,
  WithdrawalReviewTable,
  WithdrawalTable,
} from '../../../db/schema.ts';
import { memberMobilesQuery } from '../../platform/member/member.service.ts';
import { staffLoginsQuery } from '../../platform/staff/staff.service.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type WithdrawalRow = Selectable<WithdrawalTable>;
export type WithdrawalReviewRow = Selectable<WithdrawalReviewTable>;

/** Not final: the outcome may still come (a result, or the status query's answer). */
export const OPEN_STATES = ['reserved', 'submitted', 'unknown'] as const;

/**
 * Serialises one member's withdrawal submissions for the rest of the transaction: two submissions at
 * once would otherwise both compute their tax as if the other had not taken the member's own money out.
 */
export async function lockMemberWithdrawals(trx: Transaction<Database>, memberId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('withdraw'), ${memberId}::int)`.execute(trx);
}

/** What the member's earlier withdrawals took out of the balance (failed ones gave it back). */
export async function sumEarlierWithdrawals(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('withdrawal')
    .select(sql<string>`coalesce(sum(money), 0)`.as('total'))
    .where('member_id', '=', memberId)
    .where('state', '<>', 'failed')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The member's withdrawals since an instant that did not fail (a returned one gave its money back). */
export async function countWithdrawalsSince(db: Db, memberId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('withdrawal')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId)
    .where('created_at', '>=', since)
    .where('state', '<>', 'failed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertWithdrawal(
  db: Db,
  values: {
    withdrawNo: string;
    memberId: number;
    channelId: number;
    money: number;
    fee: number;
    tax: number;
    payout: number;
    msisdn: string;
    bankAccountName: string;
    bankAccount: string;
    bankCode: string;
    bankName: string;
    nextCheckAt: Date;
    callbackToken: string;
    /** M-Pesa payments are paused: the withdrawal waits in state queued, with no check due. */
    queued: boolean;
    /** Staff approvals it needs first (0: none): then it waits in state approval, with no check due. */
    approvalsRequired: number;
    /** The member's session that asked (its device feeds the approvers' "new device" badge). */
    memberSessionId: number;
  },
): Promise<WithdrawalRow> {
  return db
    .insertInto('withdrawal')
    .values({
      withdraw_no: values.withdrawNo,
      member_id: values.memberId,
      channel_id: values.channelId,
      money: values.money,
      fee: values.fee,
      tax: values.tax,
      payout: values.payout,
      msisdn: values.msisdn,
      bank_account_name: values.bankAccountName,
      bank_account: values.bankAccount,
      bank_code: values.bankCode,
      bank_name: values.bankName,
      state: values.approvalsRequired > 0 ? 'approval' : values.queued ? 'queued' : 'reserved',
      next_check_at: values.approvalsRequired > 0 || values.queued ? null : values.nextCheckAt,
      approvals_required: values.approvalsRequired,
      callback_token: values.callbackToken,
      member_session_id: values.memberSessionId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Marks a reserved withdrawal as being sent to Daraja, just before the request leaves. Answers false when
 * the row is no longer reserved-and-unsent (the job returned it): then nothing may be sent.
 */
export async function markSending(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('withdrawal')
    .set({ b2c_sent_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .where('state', '=', 'reserved')
    .where('b2c_sent_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Fails a reserved withdrawal whose B2C never left (no send mark); undefined when that is not the case. */
export function failIfUnsent(db: Db, id: number, failure: { message: string; nextCheckAt: Date }) {
  return db
    .updateTable('withdrawal')
    .set({
      state: 'failed',
      message: failure.message,
      next_check_at: failure.nextCheckAt,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('state', '=', 'reserved')
    .where('b2c_sent_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Counts one "not found" answer of Transaction Status for an open withdrawal, once per status query (its
 * ConversationID: a callback delivered twice counts once). Answers the count and the first answer's time,
 * or undefined when this answer was already counted (or the withdrawal is no longer open).
 */
export function countNotFound(db: Db, id: number, statusConversationId: string, now: Date) {
  return db
    .updateTable('withdrawal')
    .set({
      not_found_count: sql<number>`not_found_count + 1`,
      first_not_found_at: sql<Date>`coalesce(first_not_found_at, ${now}::timestamptz)`,
      last_status_conversation_id: statusConversationId,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('state', 'in', [...OPEN_STATES])
    .where((eb) =>
      eb.or([
        eb('last_status_conversation_id', 'is', null),
        eb('last_status_conversation_id', '<>', statusConversationId),
      ]),
    )
    .returning(['not_found_count', 'first_not_found_at'])
    .executeTakeFirst();
}

/** Transaction Status found the payout (not finished): earlier "not found" answers no longer count. */
export async function resetNotFound(db: Db, id: number): Promise<void> {
  await db
    .updateTable('withdrawal')
    .set({ not_found_count: 0, first_not_found_at: null, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export function findByNo(db: Db, withdrawNo: string) {
  return db.selectFrom('withdrawal').selectAll().where('withdraw_no', '=', withdrawNo).executeTakeFirst();
}

/**
 * Changes a withdrawal only while it is in one of `from`: the conditional update is what makes a result,
 * a duplicate of it and the status query's answer resolve a withdrawal at most once.
 */
export function updateIfIn(
  db: Db,
  id: number,
  from: readonly WithdrawalRow['state'][],
  patch: Updateable<WithdrawalTable>,
) {
  return db
    .updateTable('withdrawal')
    .set({ ...patch, updated_at: new Date() })
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .returningAll()
    .executeTakeFirst();
}

export async function setLedgerIds(
  db: Db,
  id: number,
  ids: { reserve?: number; settle?: number; clearCheck?: boolean },
): Promise<void> {
  await db
    .updateTable('withdrawal')
    .set({
      ...(ids.reserve === undefined ? {} : { reserve_transaction_id: ids.reserve }),
      ...(ids.settle === undefined ? {} : { settle_transaction_id: ids.settle }),
      ...(ids.clearCheck ? { next_check_at: null } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Claims due withdrawals for the reconciliation job: open ones to ask Transaction Status about, and
 * final ones whose ledger step did not finish. FOR UPDATE SKIP LOCKED lets several processes share the
 * work; each claimed row's next check moves to `nextCheckAt(row)` before the lock is released, so no
 * other process takes it while this one asks.
 */
export async function claimDue(
  db: Kysely<Database>,
  now: Date,
  limit: number,
  nextCheckAt: (row: WithdrawalRow) => Date,
): Promise<WithdrawalRow[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('withdrawal')
      .selectAll()
      .where('next_check_at', '<=', now)
      .orderBy('next_check_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const row of rows) {
      await trx
        .updateTable('withdrawal')
        .set({ next_check_at: nextCheckAt(row), check_attempts: sql`check_attempts + 1` })
        .where('id', '=', row.id)
        .execute();
    }
    return rows;
  });
}

/** The member's withdrawals, newest first, below the cursor, within a month (country time). */
export function findMemberPage(
  db: Db,
  memberId: number,
  query: {
    startId?: number | undefined;
    quantity: number;
    from?: Date | undefined;
    to?: Date | undefined;
  },
) {
  let rows = db
    .selectFrom('withdrawal as w')
    .innerJoin('pay_channel as c', 'c.id', 'w.channel_id')
    .select([
      'w.id',
      'w.withdraw_no',
      'w.money',
      'w.fee',
      'w.tax',
      'w.payout',
      'w.msisdn',
      'w.state',
      'w.message',
      'w.rejection_reason',
      'w.approvals_required',
      'w.receipt',
      'w.created_at',
      'c.channel_code',
      'c.name as channel_name',
      'c.translations',
    ])
    .where('w.member_id', '=', memberId);
  if (query.startId !== undefined) rows = rows.where('w.id', '<', query.startId);
  if (query.from) rows = rows.where('w.created_at', '>=', query.from);
  if (query.to) rows = rows.where('w.created_at', '<', query.to);
  return rows.orderBy('w.id', 'desc').limit(query.quantity).execute();
}

export function findLastPaid(db: Db, memberId: number, channelCode: string) {
  return db
    .selectFrom('withdrawal as w')
    .innerJoin('pay_channel as c', 'c.id', 'w.channel_id')
    .select(['w.channel_id', 'c.channel_code', 'w.msisdn'])
    .where('w.member_id', '=', memberId)
    .where('w.state', '=', 'paid')
    .where('c.channel_code', '=', channelCode)
    .orderBy('w.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findRecentPaid(db: Db, limit: number) {
  return db
    .selectFrom('withdrawal')
    .select(['msisdn', 'payout', 'updated_at'])
    .where('state', '=', 'paid')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function findById(db: Db, id: number) {
  return db.selectFrom('withdrawal').selectAll().where('id', '=', id).executeTakeFirst();
}

// ---- Reviews: withdrawals an operator must decide (migration 0018) --------------------------------------

export type NewReview = {
  kind: WithdrawalReviewKind;
  reportedAmount?: number | undefined;
  receipt?: string | undefined;
  resultCode?: string | undefined;
  resultDesc?: string | undefined;
  conversationId?: string | undefined;
};

/**
 * Opens the case once per withdrawal and kind: a callback delivered twice is one case, and what M-Pesa
 * reported first is kept. A held case notes the latest status answer (the job keeps asking).
 */
export async function openReview(db: Db, withdrawalId: number, review: NewReview): Promise<void> {
  const values = {
    withdrawal_id: withdrawalId,
    kind: review.kind,
    reported_amount: review.reportedAmount ?? null,
    receipt: review.receipt ?? null,
    result_code: review.resultCode ?? null,
    result_desc: review.resultDesc ?? '',
    conversation_id: review.conversationId ?? null,
  };
  await db
    .insertInto('withdrawal_review')
    .values(values)
    .onConflict((oc) => {
      const target = oc.columns(['withdrawal_id', 'kind']);
      if (review.kind !== 'held') return target.doNothing();
      return target
        .doUpdateSet({
          result_code: values.result_code,
          result_desc: values.result_desc,
          conversation_id: values.conversation_id,
          updated_at: new Date(),
        })
        .where('withdrawal_review.state', '=', 'open');
    })
    .execute();
}

/** The case of one kind for a withdrawal, locked until the end of the caller's transaction. */
export function lockReview(trx: Transaction<Database>, withdrawalId: number, kind: WithdrawalReviewKind) {
  return trx
    .selectFrom('withdrawal_review')
    .selectAll()
    .where('withdrawal_id', '=', withdrawalId)
    .where('kind', '=', kind)
    .forUpdate()
    .executeTakeFirst();
}

export function findReview(db: Db, withdrawalId: number, kind: WithdrawalReviewKind) {
  return db
    .selectFrom('withdrawal_review')
    .selectAll()
    .where('withdrawal_id', '=', withdrawalId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export type ReviewClosing = {
  resolution: WithdrawalReviewResolution;
  closedBy: 'operator' | 'mpesa';
  receipt?: string | null | undefined;
  recovered?: number;
  writtenOff?: number;
  refunded?: number;
  transactionId?: number | undefined;
  note?: string;
};

/** Closes an open case of a withdrawal (conditionally: a closed one keeps its first decision). */
export async function closeReview(
  db: Db,
  withdrawalId: number,
  kind: WithdrawalReviewKind,
  closing: ReviewClosing,
): Promise<void> {
  const now = new Date();
  await db
    .updateTable('withdrawal_review')
    .set({
      state: 'closed',
      resolution: closing.resolution,
      closed_by: closing.closedBy,
      ...(closing.receipt === undefined ? {} : { receipt: closing.receipt }),
      recovered: closing.recovered ?? 0,
      written_off: closing.writtenOff ?? 0,
      refunded: closing.refunded ?? 0,
      ...(closing.transactionId === undefined ? {} : { transaction_id: closing.transactionId }),
      note: closing.note ?? '',
      closed_at: now,
      updated_at: now,
    })
    .where('withdrawal_id', '=', withdrawalId)
    .where('kind', '=', kind)
    .where('state', '=', 'open')
    .execute();
}

/**
 * Open cases, oldest first, with their withdrawal and the member's registered number (the member module's
 * query, joined). A held case is listed only while its withdrawal is open: once M-Pesa answers after all,
 * there is nothing to decide.
 */
export function findOpenReviews(db: Db, limit: number) {
  return db
    .selectFrom('withdrawal_review as r')
    .innerJoin('withdrawal as w', 'w.id', 'r.withdrawal_id')
    .innerJoin(memberMobilesQuery(db).as('m'), 'm.id', 'w.member_id')
    .select([
      'r.kind',
      'r.reported_amount',
      'r.receipt as reported_receipt',
      'r.result_code as reported_result_code',
      'r.result_desc as reported_result_desc',
      'r.conversation_id as reported_conversation_id',
      'r.created_at as reported_at',
      'r.updated_at as review_updated_at',
      'w.id',
      'w.withdraw_no',
      'w.member_id',
      'w.state',
      'w.money',
      'w.fee',
      'w.tax',
      'w.payout',
      'w.msisdn',
      'w.receipt',
      'w.conversation_id',
      'w.result_code',
      'w.message',
      'w.created_at',
      'w.b2c_sent_at',
      'm.mobile',
    ])
    .where('r.state', '=', 'open')
    .where((eb) => eb.or([eb('r.kind', '<>', 'held'), eb('w.state', 'in', [...OPEN_STATES])]))
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

/** Gives a withdrawal from before callback tokens its token, once; answers the token it has. */
export async function ensureCallbackToken(db: Db, id: number, token: string): Promise<string> {
  await db
    .updateTable('withdrawal')
    .set({ callback_token: token })
    .where('id', '=', id)
    .where('callback_token', 'is', null)
    .execute();
  const row = await db
    .selectFrom('withdrawal')
    .select('callback_token')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.callback_token ?? token;
}

/** Withdrawals waiting for the end of a pause: the operators' view of it draining. */
export async function countQueued(db: Db): Promise<number> {
  const row = await db
    .selectFrom('withdrawal')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('state', '=', 'queued')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether any withdrawal waits for the end of a pause (the queue job's cheap look before it claims). */
export async function hasQueued(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('withdrawal')
    .select('id')
    .where('state', '=', 'queued')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes the oldest queued withdrawal (SKIP LOCKED across instances) back to reserved for its B2C, with
 * its send mark set in the same statement: from here Daraja may have it, so a process that dies before
 * sending leaves it to Transaction Status, never to a return without asking. At most one claim wins a row.
 */
export function claimNextQueued(db: Kysely<Database>, nextCheckAt: Date) {
  return db
    .updateTable('withdrawal')
    .set({ state: 'reserved', b2c_sent_at: new Date(), next_check_at: nextCheckAt, updated_at: new Date() })
    .where(
      'id',
      '=',
      db
        .selectFrom('withdrawal')
        .select('id')
        .where('state', '=', 'queued')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .where('state', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
}

/** Withdrawals held for staff approval, oldest first, with the member's number and registration time. */
export function findAwaitingApproval(db: Db, limit: number) {
  return db
    .selectFrom('withdrawal as w')
    .innerJoin(memberMobilesQuery(db).as('m'), 'm.id', 'w.member_id')
    .selectAll('w')
    .select(['m.mobile', 'm.created_at as member_since'])
    .where('w.state', '=', 'approval')
    .orderBy('w.id')
    .limit(limit)
    .execute();
}

/** The approvals given so far, by withdrawal, oldest first, with the approver's login. */
export function findApprovals(db: Db, withdrawalIds: readonly number[]) {
  if (withdrawalIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('withdrawal_approval as a')
    .innerJoin(staffLoginsQuery(db).as('s'), 's.id', 'a.staff_id')
    .select(['a.withdrawal_id', 'a.staff_id', 's.login', 'a.approved_at'])
    .where('a.withdrawal_id', 'in', [...withdrawalIds])
    .orderBy('a.approved_at')
    .orderBy('a.staff_id')
    .execute();
}

/** What the member's paid withdrawals took out, and how many there were (the approvers' hints). */
export async function paidWithdrawalsOf(db: Db, memberId: number): Promise<{ total: number; count: number }> {
  const row = await db
    .selectFrom('withdrawal')
    .select([sql<string>`coalesce(sum(money), 0)`.as('total'), (eb) => eb.fn.countAll<string>().as('n')])
    .where('member_id', '=', memberId)
    .where('state', '=', 'paid')
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), count: Number(row.n) };
}

/** The withdrawal under its row's lock (parallel decisions on it wait for each other), whatever its state. */
export function lockById(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('withdrawal').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Records one staff member's approval; false when they already gave it (the primary key is the
 * once-per-person rule, so a repeat can never count twice).
 */
export async function addApproval(trx: Transaction<Database>, withdrawalId: number, staffId: number) {
  const inserted = await trx
    .insertInto('withdrawal_approval')
    .values({ withdrawal_id: withdrawalId, staff_id: staffId })
    .onConflict((conflict) => conflict.columns(['withdrawal_id', 'staff_id']).doNothing())
    .returning('staff_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Every number a member's withdrawals went to (or were asked to). */
export async function findMemberMsisdns(db: Db, memberId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('withdrawal')
    .select('msisdn')
    .distinct()
    .where('member_id', '=', memberId)
    .execute();
  return rows.map((row) => row.msisdn);
}

/**
 * The members of the withdrawals whose M-Pesa receipt or withdrawal number is one of `references` (the
 * back office's search): both columns have their unique index (migration 0010).
 */
export async function memberIdsByReference(db: Db, references: readonly string[]): Promise<number[]> {
  const rows = await db
    .selectFrom('withdrawal')
    .select('member_id')
    .where((eb) => eb.or([eb('receipt', 'in', references), eb('withdraw_no', 'in', references)]))
    .execute();
  return rows.map((row) => Number(row.member_id));
}
