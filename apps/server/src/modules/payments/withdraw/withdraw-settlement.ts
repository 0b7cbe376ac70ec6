import type { B2cResult, TransactionStatusResult } from '../../../adapters/mpesa/daraja-callbacks.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { judgeHints, newCallbackToken, tokenMatches, withCallbackProof } from '../channels/callbacks.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import { callbackHints } from '../channels/channels.service.ts';
import * as wallet from '../../platform/wallet/wallet.service.ts';
import * as repository from './withdraw.repository.ts';
import { OPEN_STATES, type NewReview, type WithdrawalRow } from './withdraw.repository.ts';
import {
  isOpen,
  keyOf,
  type Log,
  proofOf,
  REPAIR_AFTER_MS,
  silent,
  UNKNOWN_CHECK_AFTER_MS,
} from './withdraw-shared.ts';

/**
 * M-Pesa's answers about a withdrawal: the B2C Result (or queue timeout) and the Transaction Status answer.
 * Only a definite answer settles (the money leaves) or returns (it goes back to the member); the ledger
 * step follows the row's final state (`finishLedger`), and a callback that could not be proven is kept as a
 * hint judged against the confirmed outcome.
 */

/** Marks a withdrawal Daraja gave up on in its queue (B2C QueueTimeOutURL): nothing was paid. */
export const QUEUE_TIMEOUT_CODE = 'queue-timeout';

/**
 * A withdrawal that may have reached Daraja (sent, but its answer lost; or answered with a 5xx, a
 * timeout, a duplicate id) and that Transaction Status does not find is returned only when this many
 * consecutive status queries agree, the first at least NOT_FOUND_WINDOW_MS before the last: a B2C still
 * in Daraja's queue is not found either, and returning it then would pay the member twice.
 */
export const NOT_FOUND_ANSWERS = 3;

export const NOT_FOUND_WINDOW_MS = 30 * 60_000;

/** Which withdrawal a callback address belongs to, and its token (`?withdrawNo=…&token=…`). */
export type WithdrawalCallbackProof = { withdrawNo?: string | undefined; token?: string | undefined };

/** Whether a result reached the address we gave Daraja for this withdrawal (its own token). */
function isProven(row: WithdrawalRow, proof: WithdrawalCallbackProof): boolean {
  return proof.withdrawNo === row.withdraw_no && tokenMatches(row.callback_token, proof.token);
}

/**
 * Paid: the row becomes final first (once), then the hold goes out in one ledger transaction. A case for
 * an operator (M-Pesa paid another amount) is opened in the same database transaction as the final state,
 * so it cannot be lost between the two. Answers the row when this call made it final.
 */
async function resolvePaid(
  deps: PaymentDeps,
  row: WithdrawalRow,
  paid: {
    receipt: string | undefined;
    receiverName: string | undefined;
    resultCode: string;
    message: string;
    conversationId?: string | undefined;
  },
  review?: NewReview,
): Promise<WithdrawalRow | undefined> {
  const patch = {
    state: 'paid' as const,
    ...(paid.conversationId && !row.conversation_id ? { conversation_id: paid.conversationId } : {}),
    receipt: paid.receipt ?? null,
    receiver_name: paid.receiverName ?? null,
    result_code: paid.resultCode,
    message: paid.message,
    // Until the ledger step below is recorded, the job would finish it after a crash.
    next_check_at: new Date(Date.now() + REPAIR_AFTER_MS),
  };
  const updated =
    review === undefined
      ? await repository.updateIfIn(deps.db, row.id, OPEN_STATES, patch)
      : await retryingTransaction(deps.db, async (trx) => {
          const won = await repository.updateIfIn(trx, row.id, OPEN_STATES, patch);
          if (won) await repository.openReview(trx, row.id, review);
          return won;
        });
  if (updated) await finishLedger(deps, updated);
  return updated;
}

export async function resolveFailed(
  deps: PaymentDeps,
  row: WithdrawalRow,
  message: string,
  resultCode: string | null,
  conversationId?: string,
): Promise<void> {
  const updated = await repository.updateIfIn(deps.db, row.id, OPEN_STATES, {
    state: 'failed',
    ...(conversationId && !row.conversation_id ? { conversation_id: conversationId } : {}),
    message,
    result_code: resultCode,
    next_check_at: new Date(Date.now() + REPAIR_AFTER_MS),
  });
  if (updated) await finishLedger(deps, updated);
}

/**
 * The ledger step of a final withdrawal: settle a paid one, return a failed one. Idempotent by key, so
 * running it again (the job after a crash) changes nothing. A failed row whose reservation never happened
 * (the process died before it) has nothing to return.
 */
export async function finishLedger(deps: PaymentDeps, row: WithdrawalRow): Promise<void> {
  const memberId = Number(row.member_id);
  let posted: number | undefined;
  if (row.state === 'paid') {
    posted = (
      await wallet.settleWithdrawal(deps.db, {
        memberId,
        key: keyOf(row.withdraw_no, 'settle'),
        payout: Number(row.payout),
        fee: Number(row.fee),
        tax: Number(row.tax),
        description: row.withdraw_no,
      })
    ).transactionId;
  } else if (row.state === 'failed') {
    const reserved = await wallet.findPostedTransaction(deps.db, keyOf(row.withdraw_no, 'reserve'));
    if (reserved !== undefined) {
      posted = (
        await wallet.returnWithdrawal(deps.db, {
          memberId,
          key: keyOf(row.withdraw_no, 'return'),
          amount: Number(row.money),
          description: row.withdraw_no,
        })
      ).transactionId;
    }
  } else {
    return;
  }
  await judgeWithdrawalHints(deps, row);
  // M-Pesa answered after all: a held case has nothing left to decide (an operator's decision closed it
  // already, with the final state). Here, so that the job's repair after a crash closes it too.
  await repository.closeReview(deps.db, row.id, 'held', {
    resolution: row.state === 'paid' ? 'paid' : 'returned',
    closedBy: 'mpesa',
    receipt: row.receipt,
  });
  // settle_transaction_id holds the transaction that closed the withdrawal: the payout or the return.
  await repository.setLedgerIds(deps.db, row.id, {
    ...(posted === undefined ? {} : { settle: posted }),
    clearCheck: true,
  });
}

async function markUnknown(deps: PaymentDeps, row: WithdrawalRow, resultCode: string | null): Promise<void> {
  await repository.updateIfIn(deps.db, row.id, OPEN_STATES, {
    state: 'unknown',
    ...(resultCode === null ? {} : { result_code: resultCode }),
    next_check_at: new Date(Date.now() + UNKNOWN_CHECK_AFTER_MS),
  });
}

/** Minor units of a shilling amount M-Pesa reported; undefined when it reported none. */
function reportedMinor(deps: PaymentDeps, amount: number | undefined): number | undefined {
  return amount === undefined ? undefined : Math.round(amount * deps.country.scale);
}

/**
 * M-Pesa says it paid a withdrawal that is no longer open. Paid already: nothing to do. Returned to the
 * member already: the member has the money twice, and only an operator can recover it, so the case is
 * recorded (once, whatever number of times M-Pesa says so).
 */
async function paidNewsForClosed(
  deps: PaymentDeps,
  row: WithdrawalRow,
  news: Omit<NewReview, 'kind'>,
  log: Log,
): Promise<void> {
  if (row.state !== 'failed') return;
  log.error(
    { withdrawNo: row.withdraw_no, receipt: news.receipt },
    'M-Pesa paid a withdrawal already returned',
  );
  await repository.openReview(deps.db, row.id, { kind: 'paid-after-return', ...news });
}

/**
 * Paid news for an open withdrawal: settled for its payout, with a case for an operator when M-Pesa
 * reports another amount. If another answer made it final first (a return), it is news for a closed one.
 */
async function paidNewsForOpen(
  deps: PaymentDeps,
  row: WithdrawalRow,
  paid: Parameters<typeof resolvePaid>[2],
  news: Omit<NewReview, 'kind'>,
  log: Log,
): Promise<void> {
  const reported = news.reportedAmount;
  const differs = reported !== undefined && reported !== Number(row.payout);
  if (differs) {
    log.error(
      { withdrawNo: row.withdraw_no, paid: reported, expected: Number(row.payout) },
      'M-Pesa paid another amount',
    );
  }
  const won = await resolvePaid(deps, row, paid, differs ? { kind: 'amount-differs', ...news } : undefined);
  if (won) return;
  const now = await repository.findById(deps.db, row.id);
  if (now) await paidNewsForClosed(deps, now, news, log);
}

/** A B2C Result (ResultURL) or queue timeout (QueueTimeOutURL). Idempotent by OriginatorConversationID. */
export async function handleB2cResult(
  deps: PaymentDeps,
  result: B2cResult,
  proof: WithdrawalCallbackProof,
  log: Log = silent,
): Promise<void> {
  const row = await repository.findByNo(deps.db, result.originatorConversationId);
  if (!row) {
    log.warn({ originatorConversationId: result.originatorConversationId }, 'B2C result for no withdrawal');
    return;
  }
  const paid = result.resultCode === '0' && !result.timedOut;
  if (!isProven(row, proof)) {
    // Not at the address we gave Daraja for this withdrawal: a hint. It is kept, to be judged against
    // what Transaction Status confirms, which is asked now; nothing moves on it.
    log.warn({ withdrawNo: row.withdraw_no }, 'B2C result without the withdrawal’s token: asking M-Pesa');
    await keepHint(deps, row, result.timedOut ? 'b2c-timeout' : 'b2c-result', {
      paid,
      timedOut: result.timedOut,
      resultCode: result.resultCode,
      resultDesc: result.resultDesc,
      amount: reportedMinor(deps, result.amount),
      receipt: result.receipt,
    });
    if (isOpen(row)) await askStatus(deps, row);
    return;
  }
  const news = {
    reportedAmount: reportedMinor(deps, result.amount),
    receipt: result.receipt,
    resultCode: result.resultCode,
    resultDesc: result.resultDesc,
    conversationId: result.conversationId,
  };
  if (!isOpen(row)) {
    if (paid) await paidNewsForClosed(deps, row, news, log);
    return;
  }
  if (result.timedOut) {
    // Daraja gave up in its queue: not paid yet, not final either. Held until Transaction Status answers.
    await markUnknown(deps, row, QUEUE_TIMEOUT_CODE);
    return;
  }
  if (paid) {
    await paidNewsForOpen(
      deps,
      row,
      {
        receipt: result.receipt,
        receiverName: result.receiverName,
        resultCode: result.resultCode,
        message: result.resultDesc,
        conversationId: result.conversationId,
      },
      news,
      log,
    );
    return;
  }
  await resolveFailed(deps, row, result.resultDesc, result.resultCode, result.conversationId);
}

/**
 * A reserved withdrawal whose B2C never left (the process stopped before sending): returned at once, with
 * no query. Conditional on the send mark still missing, so a submission that wakes up later sends nothing.
 */
export async function returnUnsent(deps: PaymentDeps, row: WithdrawalRow): Promise<void> {
  const updated = await repository.failIfUnsent(deps.db, row.id, {
    message: 'The withdrawal was not sent to M-PESA',
    nextCheckAt: new Date(Date.now() + REPAIR_AFTER_MS),
  });
  if (updated) await finishLedger(deps, updated);
}

/**
 * A Transaction Status Result. The withdrawal is the one the transaction names, or, when the query found
 * nothing, the one whose number we put in the ResultURL. Found and Completed settles; found and Failed
 * returns. Not found is final at once only when Daraja told us it dropped the payment from its queue, or
 * the request never left; a withdrawal Daraja accepted (it has a ConversationID) stays held for an
 * operator; any other (sent but its answer lost, a 5xx, a timeout, a duplicate id) is returned only after
 * NOT_FOUND_ANSWERS consecutive not-found answers spanning NOT_FOUND_WINDOW_MS. Anything else (a status
 * timeout, a credential error) leaves it held for the next check.
 */
export async function handleStatusResult(
  deps: PaymentDeps,
  result: TransactionStatusResult,
  proof: WithdrawalCallbackProof,
  log: Log = silent,
  now: Date = new Date(),
): Promise<void> {
  const withdrawNoInUrl = proof.withdrawNo;
  const withdrawNo = result.transaction?.originatorConversationId ?? withdrawNoInUrl;
  if (!withdrawNo) return;
  if (withdrawNoInUrl && result.transaction?.originatorConversationId && withdrawNo !== withdrawNoInUrl) {
    log.warn({ withdrawNo, withdrawNoInUrl }, 'status result names another withdrawal than its URL');
  }
  const row = await repository.findByNo(deps.db, withdrawNo);
  if (!row) return;
  const transaction = result.resultCode === '0' ? result.transaction : undefined;
  const completed = transaction !== undefined && /^completed$/i.test(transaction.status);
  if (!isProven(row, proof)) {
    // Only the answer to our own query, at the address we gave it, is M-Pesa's word.
    log.warn({ withdrawNo }, 'Transaction Status result without the withdrawal’s token: kept as a hint');
    await keepHint(deps, row, result.timedOut ? 'status-timeout' : 'status-result', {
      paid: completed,
      timedOut:
        result.timedOut || (transaction !== undefined && !completed && !/^failed$/i.test(transaction.status)),
      resultCode: result.resultCode,
      resultDesc: result.resultDesc,
      amount: reportedMinor(deps, transaction?.amount),
      receipt: transaction?.receipt,
    });
    return;
  }
  const news = {
    reportedAmount: reportedMinor(deps, transaction?.amount),
    receipt: transaction?.receipt,
    resultCode: result.resultCode,
    resultDesc: result.resultDesc,
    conversationId: result.conversationId,
  };
  if (!isOpen(row)) {
    if (completed) await paidNewsForClosed(deps, row, news, log);
    return;
  }
  if (result.timedOut) return;

  if (transaction) {
    if (completed) {
      await paidNewsForOpen(
        deps,
        row,
        {
          receipt: transaction.receipt,
          receiverName: transaction.creditPartyName?.replace(/^\+?\d+\s*-\s*/, ''),
          resultCode: '0',
          message: result.resultDesc,
        },
        news,
        log,
      );
    } else if (/^failed$/i.test(transaction.status)) {
      await resolveFailed(deps, row, `Payout failed (${transaction.status})`, result.resultCode);
    } else {
      // Found, not finished: the not-found answers before it were not the truth.
      await repository.resetNotFound(deps.db, row.id);
    }
    return;
  }
  // 2001: our initiator credentials were refused; that says nothing about the payment.
  if (result.resultCode === '2001') return;

  // Not found.
  if (row.state === 'reserved' && row.b2c_sent_at === null) {
    await returnUnsent(deps, row);
    return;
  }
  if (row.result_code === QUEUE_TIMEOUT_CODE) {
    // Daraja itself told us it gave up on the payment in its queue.
    await resolveFailed(deps, row, result.resultDesc, result.resultCode);
    return;
  }
  if (row.conversation_id !== null) {
    // Returning it could pay the member twice; settling it could lose the money: an operator decides,
    // with what the M-PESA portal shows (and M-Pesa's own answer still settles it if one comes).
    log.error({ withdrawNo }, 'Daraja accepted this B2C but Transaction Status does not find it: held');
    await repository.openReview(deps.db, row.id, {
      kind: 'held',
      resultCode: result.resultCode,
      resultDesc: result.resultDesc,
      conversationId: result.conversationId,
    });
    return;
  }
  const counted = await repository.countNotFound(deps.db, row.id, result.conversationId, now);
  // Undefined: this very answer was counted before (Daraja delivers a callback more than once).
  if (!counted) return;
  const first = counted.first_not_found_at ?? now;
  if (
    counted.not_found_count >= NOT_FOUND_ANSWERS &&
    now.getTime() - first.getTime() >= NOT_FOUND_WINDOW_MS
  ) {
    await resolveFailed(deps, row, result.resultDesc, result.resultCode);
  }
}

/**
 * Asks Transaction Status about a withdrawal; the answer comes to the status ResultURL, which carries the
 * withdrawal's number (a not-found answer names no transaction) and its token (only that answer is
 * M-Pesa's word). A withdrawal from before tokens is given one now.
 */
export async function askStatus(deps: PaymentDeps, row: WithdrawalRow): Promise<void> {
  const token =
    row.callback_token ?? (await repository.ensureCallbackToken(deps.db, row.id, newCallbackToken()));
  const proof = proofOf({ withdraw_no: row.withdraw_no, callback_token: token });
  await deps.mpesa.transactionStatus({
    originatorConversationId: row.withdraw_no,
    resultUrl: withCallbackProof(deps.callbackUrls.statusResult, proof),
    queueTimeoutUrl: withCallbackProof(deps.callbackUrls.statusTimeout, proof),
    remarks: `Status of ${row.withdraw_no}`,
    occasion: row.withdraw_no,
  });
}

/**
 * Keeps what an unproven callback said about a withdrawal. A timeout, or a payout found but unfinished,
 * claims no outcome and is not kept. A hint about a withdrawal already final is judged at once.
 */
async function keepHint(
  deps: PaymentDeps,
  row: WithdrawalRow,
  source: string,
  hint: {
    paid: boolean;
    timedOut: boolean;
    resultCode: string;
    resultDesc: string;
    amount: number | undefined;
    receipt: string | undefined;
  },
): Promise<void> {
  if (hint.timedOut) return;
  await callbackHints.insertHint(deps.db, {
    payment: 'withdrawal',
    paymentId: row.id,
    source,
    authentic: false,
    paid: hint.paid,
    resultCode: hint.resultCode,
    resultDesc: hint.resultDesc,
    amount: hint.amount ?? null,
    receipt: hint.receipt ?? null,
  });
  if (!isOpen(row)) await judgeWithdrawalHints(deps, row);
}

/** Judges the hints about a final withdrawal against its confirmed outcome (disagreements go to operators). */
async function judgeWithdrawalHints(deps: PaymentDeps, row: WithdrawalRow): Promise<void> {
  await judgeHints(deps.db, 'withdrawal', row.id, {
    paid: row.state === 'paid',
    amount: row.state === 'paid' ? Number(row.payout) : null,
    receipt: row.receipt,
    description: row.state === 'paid' ? `paid ${Number(row.payout)}` : `not paid: ${row.message}`,
  });
}
