import type { Transaction } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { depositExcise } from '@app/contracts/tax-rules';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import {
  parseStkCallback,
  stkResultMessage,
  STK_RESULT_MESSAGES,
  type StkCallback,
} from '../../../adapters/mpesa/daraja-callbacks.ts';
import type { Database } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { judgeHints, tokenMatches } from '../channels/callbacks.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import { callbackHints } from '../channels/channels.service.ts';
import { creditDeposit } from '../../platform/wallet/wallet.service.ts';
import { HELD_RECEIPT_MESSAGE } from './deposit-messages.ts';
import { MAX_PUSH_ATTEMPTS, pushBackoffMs, RETRY_RESULT_CODES } from './deposit-queue.ts';
import * as repository from './deposit.repository.ts';
import type { DepositOrderRow, UnmatchedStkCallbackRow } from './deposit.repository.ts';
import type { Log } from './deposit-shared.ts';

/**
 * Settling a deposit: the STK callback is a hint, the STK query is the answer. A paid answer credits the
 * ledger once under `mpesa:<CheckoutRequestID>`, under the order's row lock; a callback that cannot be
 * proven is kept as a hint and judged against the confirmed outcome.
 */

/** The first check of a prompt: a customer rarely answers within 20 s; the callback usually comes first. */
export const FIRST_CHECK_MS = 20_000;

/** How long a push whose answer was lost may still be paid: an STK prompt lives about a minute. */
export const UNCERTAIN_PUSH_WINDOW_MS = 3 * 60_000;

/** Callbacks about one order that make us ask the STK query at once; later ones wait for the job. */
const QUERIES_PER_ORDER_FROM_CALLBACKS = 3;

/**
 * What M-Pesa confirmed through the STK Push Query, a call we make: paid, or a final failure code. It
 * carries no amount: STK collects exactly what the push asked, so a paid order is paid its own amount.
 */
type Outcome = { paid: true } | { paid: false; resultCode: number };

/** Which order a callback's address named, and its token (`?transNo=…&token=…`); both absent on old pushes. */
export type CallbackProof = { transNo?: string | undefined; token?: string | undefined };

/** A callback's amount (whole shillings, maybe written 100.00) in minor units, or null when unusable. */
function toMinor(amount: number, scale: number): number | null {
  const minor = Math.round(amount * scale);
  return Number.isSafeInteger(minor) && minor > 0 && Math.abs(minor - amount * scale) < 1e-6 ? minor : null;
}

function hintOfCallback(callback: StkCallback, scale: number) {
  return {
    paid: callback.paid !== undefined,
    resultCode: String(callback.resultCode),
    resultDesc: callback.resultDesc,
    amount: callback.paid ? toMinor(callback.paid.amount, scale) : null,
    receipt: callback.paid?.receipt ?? null,
  };
}

export function hintOfStored(row: UnmatchedStkCallbackRow) {
  return {
    paid: row.result_code === 0,
    resultCode: String(row.result_code),
    resultDesc: row.result_desc,
    amount: row.amount === null ? null : Number(row.amount),
    receipt: row.receipt,
  };
}

export async function recordHint(
  trx: Transaction<Database>,
  orderId: number,
  authentic: boolean,
  hint: ReturnType<typeof hintOfCallback>,
): Promise<void> {
  await callbackHints.insertHint(trx, {
    payment: 'deposit',
    paymentId: orderId,
    source: 'stk-callback',
    authentic,
    ...hint,
  });
}

/**
 * The one code path that finishes an order, on what the STK query confirmed. The order row is locked for
 * the whole decision and the ledger credit runs in the same database transaction (`creditDeposit` joins
 * it), so the order is paid exactly when the money is in the balance; the whole unit is retried after a
 * serialisation failure or a deadlock. A paid order changes no more.
 *
 * - Paid: the ORDER's amount is credited, package coins included, whatever any callback claimed; the
 *   receipt is taken only from a callback that reached the order's own address (its token). A receipt
 *   already credited elsewhere holds the order (state 2) for an operator: one payment, credited once.
 * - Not paid (a final failure code): failed, whatever any callback claimed.
 * - Paid for an order already failed (a late payment, the query asked again on an appeal): credited; the
 *   failure was an earlier answer, the payment is real money.
 * Then every callback about the order is judged against that answer; one that contradicts it is a case
 * for an operator (`judgeHints`), since only a forged or broken callback can.
 */
async function settleOrder(deps: PaymentDeps, orderId: number, outcome: Outcome, log: Log): Promise<void> {
  const disagreed = await retryingTransaction(deps.db, (trx) =>
    settleLocked(trx, orderId, outcome, log, deps.country),
  );
  if (disagreed > 0) {
    log.error({ orderId, disagreed }, 'deposit: a callback contradicted M-Pesa’s confirmed answer');
  }
}

async function settleLocked(
  trx: Transaction<Database>,
  orderId: number,
  outcome: Outcome,
  log: Log,
  country: CountryProfile,
): Promise<number> {
  const order = await repository.lockOrder(trx, orderId);
  if (!order) return 0;
  const hints = await callbackHints.findPendingHints(trx, 'deposit', order.id);
  const provenReceipt = hints.find((hint) => hint.authentic && hint.paid && hint.receipt)?.receipt ?? null;
  const orderAmount = Number(order.pay_money);
  const judge = (paid: boolean, receipt: string | null) =>
    judgeHints(trx, 'deposit', order.id, {
      paid,
      amount: paid ? orderAmount : null,
      receipt,
      description: paid
        ? `STK query: paid ${orderAmount} (the order's amount)`
        : `STK query: not paid (${outcome.paid ? '' : outcome.resultCode})`,
    });

  if (order.state === DEPOSIT_STATE.paid) {
    // Settled before (the query first, or an operator): a proven receipt is kept, nothing credited again.
    if (provenReceipt && order.receipt === null) {
      if (!(await repository.receiptUsedElsewhere(trx, provenReceipt, { orderId: order.id }))) {
        await repository.fillReceipt(trx, order.id, provenReceipt);
      }
    }
    return judge(true, order.receipt ?? provenReceipt);
  }
  if (order.state === DEPOSIT_STATE.confirming) {
    // Held for an operator (a receipt credited elsewhere): they decide; the callbacks are judged anyway.
    return judge(outcome.paid, order.held_receipt);
  }
  if (!outcome.paid && (order.state === DEPOSIT_STATE.queued || order.state === DEPOSIT_STATE.created)) {
    // An earlier push's answer reaching an order already queued for (or sending) its next push: that
    // push failed, as the order knows; it changes nothing.
    return judge(false, null);
  }
  const refusal = outcome.paid ? undefined : RETRY_RESULT_CODES[outcome.resultCode];
  if (
    !outcome.paid &&
    refusal !== undefined &&
    order.state === DEPOSIT_STATE.waiting &&
    order.msisdn !== null &&
    order.push_attempts < MAX_PUSH_ATTEMPTS
  ) {
    // M-Pesa confirmed nothing was paid and the push may go again: 26 (system busy), 1001 (the customer
    // is in another session: not before 90 s, never while it is likely still open).
    log.warn({ orderId, resultCode: outcome.resultCode }, 'deposit: M-Pesa busy; push queued again');
    await repository.markQueued(trx, order.id, {
      from: DEPOSIT_STATE.waiting,
      msisdn: order.msisdn,
      nextPushAt: new Date(Date.now() + pushBackoffMs(refusal, order.push_attempts)),
    });
    return judge(false, null);
  }
  if (!outcome.paid) {
    await repository.markFailed(trx, order.id, {
      resultCode: outcome.resultCode,
      message: stkResultMessage(outcome.resultCode),
    });
    return judge(false, null);
  }
  if (provenReceipt && (await repository.receiptUsedElsewhere(trx, provenReceipt, { orderId: order.id }))) {
    log.warn({ orderId }, 'deposit: receipt already credited elsewhere; held for an operator');
    await repository.markHeld(trx, order.id, {
      message: HELD_RECEIPT_MESSAGE,
      amount: orderAmount,
      receipt: provenReceipt,
    });
    return judge(true, provenReceipt);
  }
  if (order.state === DEPOSIT_STATE.failed) {
    log.warn({ orderId }, 'deposit: M-Pesa confirms an order marked failed was paid; credited');
  }
  const posted = await creditDeposit(trx, {
    memberId: order.member_id,
    key:
      order.checkout_request_id === null ? `mpesa-order:${order.id}` : `mpesa:${order.checkout_request_id}`,
    cash: orderAmount,
    coins: Number(order.coins),
    excise: depositExcise(orderAmount, country.taxes.deposit),
    description: `M-PESA deposit ${order.trans_no}`,
  });
  await repository.markPaid(trx, order.id, {
    journalTransactionId: posted.transactionId,
    receipt: provenReceipt,
    message: STK_RESULT_MESSAGES[0],
    paidMoney: orderAmount,
  });
  return judge(true, provenReceipt);
}

/**
 * The STK callback: a hint, never proof (Daraja signs nothing, and the path's secret can leak). What it
 * says is kept beside its order, and the order is then settled on the STK query's answer, asked at once.
 * Its order is the one that carries its CheckoutRequestID; or the one its address names with that
 * order's own token, when the push's answer was lost or is not stored yet; or, for an order from before
 * tokens, the one waiting order of the callback's number and amount. A callback no order takes is kept
 * (`unmatched_stk_callback`), a paid one for an operator, until its order takes it. Unreadable callbacks
 * are logged and change nothing; the route always answers Daraja that it was accepted.
 */
export async function handleStkCallback(
  deps: PaymentDeps,
  body: unknown,
  proof: CallbackProof,
  log: Log,
): Promise<void> {
  let callback: StkCallback;
  try {
    callback = parseStkCallback(body);
  } catch (error) {
    log.warn({ err: error }, 'deposit: unreadable STK callback ignored');
    return;
  }
  if (Math.abs(callback.resultCode) > 2_147_483_647) {
    // No result code of Daraja's is that large; the column holds 32 bits.
    log.warn({ checkoutRequestId: callback.checkoutRequestId }, 'deposit: STK callback code out of range');
    return;
  }
  const hint = hintOfCallback(callback, deps.country.scale);
  const orderId = await retryingTransaction(deps.db, async (trx) => {
    await repository.lockCheckout(trx, callback.checkoutRequestId);
    const named = proof.transNo ? await repository.findOrderByTransNo(trx, proof.transNo) : undefined;
    const proven = named !== undefined && tokenMatches(named.callback_token, proof.token);
    let order = await repository.findOrderByCheckout(trx, callback.checkoutRequestId);
    if (!order && proven && named) {
      order = await repository.adoptNamedOrder(trx, named.id, {
        checkoutRequestId: callback.checkoutRequestId,
        merchantRequestId: callback.merchantRequestId,
        nextCheckAt: new Date(Date.now() + FIRST_CHECK_MS),
      });
    }
    if (!order && hint.paid && hint.amount && callback.paid) {
      order = await repository.adoptUncertainOrder(trx, {
        checkoutRequestId: callback.checkoutRequestId,
        msisdn: callback.paid.phone,
        payMoney: hint.amount,
        since: new Date(Date.now() - UNCERTAIN_PUSH_WINDOW_MS),
      });
    }
    if (order) {
      // Under the order's lock: a settlement running now either sees this callback, or has committed
      // before it and the order is found paid below (its receipt then comes from here).
      await repository.lockOrder(trx, order.id);
      await recordHint(trx, order.id, proven && named?.id === order.id, hint);
      // Daraja sends one callback, sometimes twice: past a few, callbacks about one order are a flood
      // (the global secret leaked), and each must not cost a query of Daraja's rate-limited API. The
      // order is then asked about by the job, at its next check, like any waiting order.
      const callbacks = await callbackHints.countHints(trx, 'deposit', order.id);
      return callbacks <= QUERIES_PER_ORDER_FROM_CALLBACKS ? order.id : undefined;
    }
    if (hint.receipt !== null && (await repository.receiptUsedElsewhere(trx, hint.receipt))) {
      log.warn({ checkoutRequestId: callback.checkoutRequestId }, 'deposit: callback of a receipt credited');
      return undefined;
    }
    const kept = await repository.insertUnmatched(trx, {
      checkoutRequestId: callback.checkoutRequestId,
      merchantRequestId: callback.merchantRequestId,
      resultCode: callback.resultCode,
      resultDesc: callback.resultDesc,
      receipt: hint.receipt,
      amount: hint.amount,
      msisdn: callback.paid?.phone ?? null,
      transactionDate: callback.paid?.transactionDate ?? null,
    });
    if (kept) {
      log.warn(
        { checkoutRequestId: callback.checkoutRequestId, paid: hint.paid },
        'deposit: STK callback for no order; kept for its order or an operator',
      );
    }
    return undefined;
  });
  if (orderId === undefined) return;
  const order = await repository.findOrderById(deps.db, orderId);
  if (!order) return;
  try {
    await queryAndSettle(deps, order, log);
  } catch (error) {
    // Daraja did not answer the query: the order waits for the job's next check, nothing moves.
    log.warn({ orderId, err: error }, 'deposit: STK query after a callback failed; asked again later');
  }
}

/**
 * Asks M-Pesa about an order and settles it on the answer. A paid order is not asked again (its callbacks
 * are judged against its payment); a held one waits for its operator; "being processed" waits for the
 * next check.
 */
export async function queryAndSettle(deps: PaymentDeps, order: DepositOrderRow, log: Log): Promise<void> {
  if (order.state === DEPOSIT_STATE.paid) {
    await settleOrder(deps, order.id, { paid: true }, log);
    return;
  }
  if (order.state === DEPOSIT_STATE.confirming) return;
  // Queued, or its next push on the way: the last push's failure is known; the next one is asked about.
  if (order.state === DEPOSIT_STATE.queued || order.state === DEPOSIT_STATE.created) return;
  if (order.checkout_request_id === null) {
    if (order.state !== DEPOSIT_STATE.waiting) return;
    // A push whose answer was lost, and no callback came within its window: nothing was paid.
    await repository.markFailed(deps.db, order.id, {
      resultCode: null,
      message: ERRORS.PROVIDER_UNAVAILABLE.msg,
    });
    return;
  }
  const answer = await deps.mpesa.stkQuery(order.checkout_request_id);
  // "Being processed": the customer has not answered yet; asked again at the next check.
  if (answer.state === 'pending') return;
  await settleOrder(
    deps,
    order.id,
    answer.resultCode === 0 ? { paid: true } : { paid: false, resultCode: answer.resultCode },
    log,
  );
}

/**
 * A payment M-Pesa's Pull Transactions lists for the order (a call we make, so a confirmation, not a hint):
 * kept beside the order as an authentic record with its receipt, then settled as paid through settleOrder,
 * the one path that credits (a receipt credited elsewhere is held, a paid order is not credited again).
 */
export async function settlePulledPayment(
  deps: PaymentDeps,
  orderId: number,
  pulled: { receipt: string; amount: number },
  log: Log,
): Promise<void> {
  await callbackHints.insertHint(deps.db, {
    payment: 'deposit',
    paymentId: orderId,
    source: 'pull-transactions',
    authentic: true,
    paid: true,
    resultCode: '0',
    resultDesc: 'Listed by Pull Transactions',
    amount: pulled.amount,
    receipt: pulled.receipt,
  });
  await settleOrder(deps, orderId, { paid: true }, log);
}
