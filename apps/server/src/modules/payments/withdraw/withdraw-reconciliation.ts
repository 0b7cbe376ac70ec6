import type { PaymentDeps } from '../channels/payment-deps.ts';
import * as repository from './withdraw.repository.ts';
import type { WithdrawalRow } from './withdraw.repository.ts';
import { askStatus, finishLedger, returnUnsent } from './withdraw-settlement.ts';
import { isOpen, type Log, REPAIR_AFTER_MS, silent, UNKNOWN_CHECK_AFTER_MS } from './withdraw-shared.ts';

/**
 * The reconciliation job's part of withdrawals: finishes a ledger step a crash left behind, returns what
 * never reached Daraja, asks Transaction Status about open withdrawals (with backoff), and hands a
 * withdrawal no answer has decided within a day to an operator.
 */

const MAX_BACKOFF_MS = 60 * 60_000;

const CLAIM_BATCH = 20;

/**
 * A withdrawal sent this long ago that no answer has settled or returned (every Result and Transaction
 * Status answer lost, or only timeouts and refused credentials) becomes a held case for an operator: the
 * money stays held as before, and the job keeps asking, but somebody now looks at it. A day: well past
 * Daraja's own retries and the not-found window, short enough that a member's money is not stuck unseen.
 */
export const NO_ANSWER_REVIEW_AFTER_MS = 24 * 60 * 60_000;

export const NO_ANSWER_REVIEW_DESC = 'No definite answer from M-Pesa within a day of sending';

function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, UNKNOWN_CHECK_AFTER_MS * 2 ** Math.min(attempts, 16));
}

/**
 * The reconciliation job: withdrawals sent without a result for a while, or whose outcome is unknown,
 * are asked about with Transaction Status (the answer arrives on the status-result callback); final ones
 * whose ledger step did not run are finished. Rows are claimed FOR UPDATE SKIP LOCKED with backoff.
 */
export async function reconcileWithdrawals(
  deps: PaymentDeps,
  now: Date = new Date(),
  log: Log = silent,
): Promise<{ asked: number; finished: number }> {
  const rows = await repository.claimDue(deps.db, now, CLAIM_BATCH, (row) =>
    isOpen(row)
      ? new Date(now.getTime() + backoffMs(row.check_attempts))
      : new Date(now.getTime() + REPAIR_AFTER_MS),
  );
  let asked = 0;
  let finished = 0;
  for (const row of rows) {
    try {
      if (row.state === 'paid' || row.state === 'failed') {
        await finishLedger(deps, row);
        finished += 1;
        continue;
      }
      if (row.state === 'reserved' && row.b2c_sent_at === null) {
        // Reserved long ago and never sent: the submitting process stopped. Daraja has nothing to say.
        await returnUnsent(deps, row);
        finished += 1;
        continue;
      }
      await holdUnansweredForOperator(deps, row, now, log);
      await askStatus(deps, row);
      asked += 1;
    } catch (error) {
      log.error({ err: error, withdrawNo: row.withdraw_no }, 'withdrawal reconciliation failed');
    }
  }
  return { asked, finished };
}

/**
 * Opens a held case for a withdrawal sent at least NO_ANSWER_REVIEW_AFTER_MS ago and still open, unless it
 * has one (a held case Transaction Status opened keeps its own, more telling, description). An answer that
 * comes later still settles or returns it, and closes the case, as for any held withdrawal.
 */
async function holdUnansweredForOperator(
  deps: PaymentDeps,
  row: WithdrawalRow,
  now: Date,
  log: Log,
): Promise<void> {
  if (row.b2c_sent_at === null || now.getTime() - row.b2c_sent_at.getTime() < NO_ANSWER_REVIEW_AFTER_MS)
    return;
  if (await repository.findReview(deps.db, row.id, 'held')) return;
  log.error(
    { withdrawNo: row.withdraw_no },
    'no answer from M-Pesa a day after sending: held for an operator',
  );
  await repository.openReview(deps.db, row.id, {
    kind: 'held',
    resultCode: row.result_code ?? undefined,
    resultDesc: NO_ANSWER_REVIEW_DESC,
    conversationId: row.conversation_id ?? undefined,
  });
}
