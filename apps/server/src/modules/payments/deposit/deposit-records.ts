import { monthRange } from '@app/contracts/market-calendar';
import type { Transaction } from 'kysely';
import { DEPOSIT_STATE, type DepositRecord, type RecordsQuery } from '@app/contracts/payment-records';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { localize } from '../../platform/config/localize.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import { memberCashOf } from '../../platform/wallet/wallet.service.ts';
import { depositMessageIn, pendingMessageOf, queuedMessage } from './deposit-messages.ts';
import * as repository from './deposit.repository.ts';
import type { Db } from './deposit-shared.ts';

/**
 * What is read of deposit orders: a member's records and order, and what other modules ask of the deposit
 * module (appeals' order summaries and locks, the persona's paid count).
 */

type RecordRow = NonNullable<Awaited<ReturnType<typeof repository.findMemberOrderRecord>>>;

/** What a paid deposit's credit did to the member's cash: all of it, and its excise (by transaction id). */
type Credits = Map<number, { cash: number; tax: number }>;

async function creditsOf(db: Db, memberId: number, rows: RecordRow[]): Promise<Credits> {
  const ids = rows.flatMap((row) =>
    row.journal_transaction_id === null ? [] : [Number(row.journal_transaction_id)],
  );
  return memberCashOf(db, memberId, ids);
}

/** `queued`: what a queued order without a text of its own says now (queuedMessage). */
function toRecord(row: RecordRow, language: string, credits: Credits, queued: string): DepositRecord {
  const channelName = localize({ name: row.channel_name, translations: row.translations }, language).name;
  const credit =
    row.journal_transaction_id === null ? undefined : credits.get(Number(row.journal_transaction_id));
  return {
    id: row.id,
    transNo: row.trans_no,
    payMoney: Number(row.pay_money),
    coins: Number(row.coins),
    channelCode: row.channel_code,
    channelName,
    state: row.state,
    message:
      row.state === DEPOSIT_STATE.queued && !row.message
        ? queued
        : depositMessageIn(row.message || pendingMessageOf(row.state), language),
    receipt: row.receipt,
    transactionId: row.journal_transaction_id === null ? null : Number(row.journal_transaction_id),
    excise: credit ? -credit.tax : 0,
    credited: credit ? credit.cash : null,
    createTime: row.created_at.toISOString(),
  };
}

/** The member's deposit orders, newest first (spec §7 `payOrder/records`); months in the country's time. */
export async function getDepositRecords(
  deps: Pick<PaymentDeps, 'db' | 'country'>,
  memberId: number,
  query: RecordsQuery,
  language: string,
): Promise<DepositRecord[]> {
  const range = query.monthOfYear ? monthRange(query.monthOfYear, deps.country.timeZone) : {};
  const rows = await repository.findMemberOrderPage(deps.db, memberId, {
    startId: query.startId,
    quantity: query.quantity,
    ...range,
  });
  const credits = await creditsOf(deps.db, memberId, rows);
  const queued = await queuedMessage(deps.db, language);
  return rows.map((row) => toRecord(row, language, credits, queued));
}

/** One of the member's deposit orders by id (the appeal page); another member's answers NOT_FOUND. */
export async function getMemberDepositOrder(
  db: Db,
  memberId: number,
  orderId: number,
  language = 'en',
): Promise<DepositRecord> {
  const row = await repository.findMemberOrderRecord(db, memberId, orderId);
  if (!row) throw new AppError('NOT_FOUND');
  return toRecord(row, language, await creditsOf(db, memberId, [row]), await queuedMessage(db, language));
}

/** An order as another module shows it beside its own rows (an appeal): its number, amount and state. */
export type OrderSummary = { transNo: string; payMoney: number; state: number };

/** Summaries of the given orders by id; an unknown id is absent. */
export async function describeOrders(db: Db, ids: readonly number[]): Promise<Map<number, OrderSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await repository.describeOrders(db, [...new Set(ids)]);
  return new Map(
    rows.map((row) => [row.id, { transNo: row.trans_no, payMoney: Number(row.pay_money), state: row.state }]),
  );
}

/**
 * Locks the member's order inside the caller's transaction and returns its state, so another module's
 * write about the order (an appeal) takes turns with its settlement; undefined when it is not theirs.
 */
export function lockMemberOrderState(
  trx: Transaction<Database>,
  memberId: number,
  orderId: number,
): Promise<{ state: number } | undefined> {
  return repository.lockMemberOrder(trx, memberId, orderId);
}

/** A member's own paid deposit order as another module may rely on it (a promotion's chance per deposit). */
export type PaidOrder = { id: number; transNo: string; paidMoney: number; createdAt: Date };

/**
 * The caller's order `transNo` if it is theirs and paid (state 3); undefined otherwise, whether it is
 * another member's, unpaid or unknown, so the answer tells nothing about other members' orders.
 */
export async function findPaidOrderOf(
  db: Db,
  memberId: number,
  transNo: string,
): Promise<PaidOrder | undefined> {
  const order = await repository.findOrderByTransNo(db, transNo);
  if (!order || order.member_id !== memberId || order.state !== DEPOSIT_STATE.paid) return undefined;
  return {
    id: order.id,
    transNo: order.trans_no,
    paidMoney: Number(order.paid_money ?? order.pay_money),
    createdAt: order.created_at,
  };
}

/**
 * The paid order whose credit is the journal transaction `journalTransactionId` (a `deposit` money fact's
 * transaction), with its member: how a consumer of the money facts finds the order a paid deposit was.
 */
export async function findPaidOrderByTransaction(
  db: Db,
  journalTransactionId: number,
): Promise<(PaidOrder & { memberId: number }) | undefined> {
  const order = await repository.findOrderByJournalTransaction(db, journalTransactionId);
  if (!order || order.state !== DEPOSIT_STATE.paid) return undefined;
  return {
    id: order.id,
    memberId: order.member_id,
    transNo: order.trans_no,
    paidMoney: Number(order.paid_money ?? order.pay_money),
    createdAt: order.created_at,
  };
}

/** Paid deposits of a member (memberInfo/persona's totalDepositCount). */
export async function countPaidDeposits(db: Db, memberId: number): Promise<number> {
  return repository.countPaidDeposits(db, memberId);
}

/**
 * The M-Pesa numbers (MSISDN) that paid each member's deposits, by member (the referral programme's abuse
 * signals); members without a paid deposit are absent.
 */
export async function findPaidMsisdns(db: Db, memberIds: readonly number[]): Promise<Map<number, string[]>> {
  const rows = await repository.findPaidMsisdns(db, [...new Set(memberIds)]);
  const byMember = new Map<number, string[]>();
  for (const row of rows) {
    if (!row.msisdn) continue;
    const id = Number(row.member_id);
    byMember.set(id, [...(byMember.get(id) ?? []), row.msisdn]);
  }
  return byMember;
}

/** The M-Pesa numbers a member's deposits prompted, as Daraja writes them (E.164 digits), for a self-exclusion. */
export function depositMsisdnsOf(db: Db, memberId: number): Promise<string[]> {
  return repository.findMemberMsisdns(db, memberId);
}

/** Deposits queued for their push (M-Pesa busy or paused), for the operators' view of the pause. */
export function countQueuedDeposits(db: Db): Promise<number> {
  return repository.countQueued(db);
}

/**
 * The back office's search by payment (issue 26 §2): the members whose deposit's M-Pesa receipt or number is
 * `query`, as typed or in upper case (receipts are upper case; operators type them any way).
 */
export async function membersByDepositReference(db: Db, query: string): Promise<number[]> {
  const reference = query.trim();
  if (!/^[A-Za-z0-9_-]{4,60}$/.test(reference)) return [];
  return repository.memberIdsByReference(db, [...new Set([reference, reference.toUpperCase()])]);
}
