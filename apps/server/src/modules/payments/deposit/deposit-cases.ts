import type { Transaction } from 'kysely';
import type { HeldPayments, OperatorCreditResult } from '@app/contracts/deposit';
import type { CountryProfile } from '@app/contracts/country';
import { depositExcise } from '@app/contracts/tax-rules';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import { STK_RESULT_MESSAGES } from '../../../adapters/mpesa/daraja-callbacks.ts';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import { receiptRace } from '../channels/receipts.ts';
import { callbackHints } from '../channels/channels.service.ts';
import { decideAudited, type AuditHook } from '../../platform/staff/audit.service.ts';
import { creditDeposit, hasPlayerAccount } from '../../platform/wallet/wallet.service.ts';
import { REJECTED_MESSAGE } from './deposit-messages.ts';
import * as repository from './deposit.repository.ts';
import { consoleLog, type Db, type Log } from './deposit-shared.ts';

/**
 * Operators' cases: held orders (a paid answer the rules would not credit) and unmatched payments (an M-Pesa
 * payment no order was waiting for); credit, reject, dismiss, close a disagreement.
 */

const OPERATOR_LIST_LIMIT = 200;

/** Operators: orders held for review and paid callbacks no order took, oldest first. */
export async function listHeldPayments(db: Db): Promise<HeldPayments> {
  const [orders, unmatched, disagreements] = await Promise.all([
    repository.findHeldOrders(db, OPERATOR_LIST_LIMIT),
    repository.findOpenPaidUnmatched(db, OPERATOR_LIST_LIMIT),
    callbackHints.findOpenDisagreements(db, OPERATOR_LIST_LIMIT),
  ]);
  return {
    disagreements: disagreements.map((hint) => ({
      id: Number(hint.id),
      payment: hint.payment,
      paymentId: Number(hint.payment_id),
      source: hint.source,
      authentic: hint.authentic,
      claimedPaid: hint.paid,
      resultCode: hint.result_code,
      claimedAmount: hint.amount === null ? null : Number(hint.amount),
      claimedReceipt: hint.receipt,
      confirmed: hint.confirmed ?? '',
      createTime: hint.created_at.toISOString(),
    })),
    orders: orders.map((order) => ({
      id: order.id,
      transNo: order.trans_no,
      memberId: Number(order.member_id),
      payMoney: Number(order.pay_money),
      heldAmount: order.held_amount === null ? null : Number(order.held_amount),
      heldReceipt: order.held_receipt,
      msisdn: order.msisdn,
      checkoutRequestId: order.checkout_request_id,
      message: order.message,
      createTime: order.created_at.toISOString(),
    })),
    unmatched: unmatched.map((row) => ({
      id: Number(row.id),
      checkoutRequestId: row.checkout_request_id,
      receipt: row.receipt ?? '',
      amount: row.amount === null ? null : Number(row.amount),
      msisdn: row.msisdn,
      transactionDate: row.transaction_date,
      createTime: row.created_at.toISOString(),
    })),
  };
}

/**
 * Credits an unpaid order (held, failed, still waiting) with a payment an operator verified: its M-PESA
 * receipt is required and is the idempotency key (`mpesa-receipt:<receipt>`), so one payment is credited
 * once whatever path it takes; the amount is the operator's, else what M-Pesa reported for a held order,
 * else the order's. The same request again answers the same result.
 */
async function creditOrderLocked(
  trx: Transaction<Database>,
  orderId: number,
  input: { receipt: string; amount?: number | undefined; note: string; unmatchedId?: number },
  country: CountryProfile,
): Promise<OperatorCreditResult> {
  const order = await repository.lockOrder(trx, orderId);
  if (!order) throw new AppError('NOT_FOUND');
  if (order.state === DEPOSIT_STATE.paid) {
    if (order.receipt === input.receipt && order.journal_transaction_id !== null) {
      return {
        memberId: Number(order.member_id),
        orderId: order.id,
        amount: Number(order.paid_money ?? order.pay_money),
        receipt: input.receipt,
        transactionId: Number(order.journal_transaction_id),
      };
    }
    throw new AppError('ORDER_CLOSED');
  }
  const exceptions = {
    orderId: order.id,
    ...(input.unmatchedId === undefined ? {} : { unmatchedId: input.unmatchedId }),
  };
  if (await repository.receiptUsedElsewhere(trx, input.receipt, exceptions)) {
    throw new AppError('RECEIPT_USED');
  }
  const orderAmount = Number(order.pay_money);
  const cash = input.amount ?? (order.held_amount === null ? orderAmount : Number(order.held_amount));
  const posted = await creditDeposit(trx, {
    memberId: order.member_id,
    key: `mpesa-receipt:${input.receipt}`,
    cash,
    coins: cash >= orderAmount ? Number(order.coins) : 0,
    excise: depositExcise(cash, country.taxes.deposit),
    description: `M-PESA deposit ${order.trans_no} (confirmed by support)`,
  });
  await repository.markPaid(trx, order.id, {
    journalTransactionId: posted.transactionId,
    receipt: input.receipt,
    message: STK_RESULT_MESSAGES[0],
    paidMoney: cash,
    operatorNote: input.note,
  });
  await repository.attachUnmatchedByReceipt(trx, input.receipt, order.id, input.unmatchedId);
  return {
    memberId: Number(order.member_id),
    orderId: order.id,
    amount: cash,
    receipt: input.receipt,
    transactionId: posted.transactionId,
  };
}

export async function operatorCreditOrder(
  deps: Pick<PaymentDeps, 'db' | 'country'>,
  orderId: number,
  input: { receipt: string; amount?: number | undefined; note: string },
  log: Log = consoleLog,
  audit?: AuditHook<OperatorCreditResult>,
): Promise<OperatorCreditResult> {
  const result = await receiptRace(() =>
    decideAudited(deps.db, audit, (trx) => creditOrderLocked(trx, orderId, input, deps.country)),
  );
  log.warn({ orderId, receipt: input.receipt, amount: result.amount }, 'deposit credited by an operator');
  return result;
}

/** A held order an operator found unpaid (a forged or mistaken callback): failed, nothing credited. */
export async function operatorRejectOrder(
  deps: Pick<PaymentDeps, 'db'>,
  orderId: number,
  note: string,
): Promise<void> {
  const rejected = await repository.markRejected(deps.db, orderId, { message: REJECTED_MESSAGE, note });
  if (rejected) return;
  if (!(await repository.findOrderById(deps.db, orderId))) throw new AppError('NOT_FOUND');
  throw new AppError('ORDER_CLOSED', 'Only an order held for review can be rejected');
}

/**
 * Credits a paid callback no order took: to one of the member's orders (the order becomes paid with it),
 * or to a member directly. Keyed by its receipt like every operator credit. A callback already credited
 * the same way answers the same result; one resolved otherwise answers ORDER_CLOSED.
 */
export async function operatorCreditUnmatched(
  deps: Pick<PaymentDeps, 'db' | 'country'>,
  id: number,
  input: { orderId?: number | undefined; memberId?: number | undefined; note: string },
  log: Log = consoleLog,
  audit?: AuditHook<OperatorCreditResult>,
): Promise<OperatorCreditResult> {
  const result = await receiptRace(() =>
    decideAudited(deps.db, audit, (trx) => creditUnmatchedLocked(trx, deps, id, input)),
  );
  log.warn({ unmatchedId: id, receipt: result.receipt, amount: result.amount }, 'M-PESA payment credited');
  return result;
}

/** operatorCreditUnmatched's decision, in its transaction: the callback locked, then credited or replayed. */
async function creditUnmatchedLocked(
  trx: Transaction<Database>,
  deps: Pick<PaymentDeps, 'country'>,
  id: number,
  input: { orderId?: number | undefined; memberId?: number | undefined; note: string },
): Promise<OperatorCreditResult> {
  const row = await repository.lockUnmatched(trx, id);
  if (!row || row.result_code !== 0 || row.receipt === null) throw new AppError('NOT_FOUND');
  if (row.state === 'credited' && row.journal_transaction_id !== null && row.member_id !== null) {
    const same =
      input.orderId === undefined
        ? Number(row.member_id) === input.memberId && row.deposit_order_id === null
        : row.deposit_order_id !== null && Number(row.deposit_order_id) === input.orderId;
    if (!same) throw new AppError('ORDER_CLOSED');
    return {
      memberId: Number(row.member_id),
      orderId: row.deposit_order_id === null ? null : Number(row.deposit_order_id),
      amount: Number(row.amount),
      receipt: row.receipt,
      transactionId: Number(row.journal_transaction_id),
    };
  }
  if (row.state !== 'open') throw new AppError('ORDER_CLOSED');
  if (row.amount === null) {
    throw new AppError('BAD_REQUEST', 'M-PESA reported no usable amount: credit the order with an amount');
  }
  const amount = Number(row.amount);
  let credited: OperatorCreditResult;
  if (input.orderId !== undefined) {
    credited = await creditOrderLocked(
      trx,
      input.orderId,
      {
        receipt: row.receipt,
        amount,
        note: input.note,
        unmatchedId: row.id,
      },
      deps.country,
    );
  } else {
    const memberId = input.memberId as number;
    if (!(await hasPlayerAccount(trx, memberId))) throw new AppError('NOT_FOUND');
    if (await repository.receiptUsedElsewhere(trx, row.receipt, { unmatchedId: row.id })) {
      throw new AppError('RECEIPT_USED');
    }
    const posted = await creditDeposit(trx, {
      memberId,
      key: `mpesa-receipt:${row.receipt}`,
      cash: amount,
      coins: 0,
      excise: depositExcise(amount, deps.country.taxes.deposit),
      description: `M-PESA payment ${row.receipt} (confirmed by support)`,
    });
    credited = {
      memberId,
      orderId: null,
      amount,
      receipt: row.receipt,
      transactionId: posted.transactionId,
    };
  }
  await repository.markUnmatchedResolved(trx, row.id, {
    state: 'credited',
    memberId: credited.memberId,
    orderId: credited.orderId,
    journalTransactionId: credited.transactionId,
    note: input.note,
  });
  return credited;
}

/**
 * Closes a callback that contradicted M-Pesa's confirmed answer, with the operator's note (what they found:
 * a leaked secret rotated, a broken proxy). It moved no money. Closing it again changes nothing.
 */
export async function operatorCloseDisagreement(
  deps: Pick<PaymentDeps, 'db'>,
  id: number,
  note: string,
): Promise<void> {
  if (await callbackHints.closeDisagreement(deps.db, id, note)) return;
  const hint = await callbackHints.findHint(deps.db, id);
  if (!hint || hint.verdict !== 'disagrees') throw new AppError('NOT_FOUND');
}

/** Closes a paid callback no order took without crediting it (refunded outside, not a payment of ours). */
export async function operatorDismissUnmatched(
  deps: Pick<PaymentDeps, 'db'>,
  id: number,
  note: string,
  audit?: AuditHook<null>,
): Promise<void> {
  await decideAudited(deps.db, audit, async (trx) => {
    const row = await repository.lockUnmatched(trx, id);
    if (!row || row.result_code !== 0) throw new AppError('NOT_FOUND');
    if (row.state !== 'dismissed') {
      if (row.state !== 'open') throw new AppError('ORDER_CLOSED');
      await repository.markUnmatchedResolved(trx, row.id, { state: 'dismissed', note });
    }
    return null;
  });
}
