import type { Transaction, Updateable } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { AppError } from '../../../http/app-error.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import { receiptRace } from '../channels/receipts.ts';
import type { AuditHook } from '../../platform/staff/audit.service.ts';
import * as wallet from '../../platform/wallet/wallet.service.ts';
import * as repository from './withdraw.repository.ts';
import { OPEN_STATES, type WithdrawalReviewRow, type WithdrawalRow } from './withdraw.repository.ts';
import type { WithdrawalDecision, WithdrawalReviews } from '@app/contracts/withdraw-review';
import { finishLedger } from './withdraw-settlement.ts';
import type { WithdrawalTable } from './withdraw.tables.ts';
import { isOpen, keyOf, type Log, REPAIR_AFTER_MS, silent } from './withdraw-shared.ts';

/**
 * Operators' cases: withdrawals M-Pesa's answers leave undecided (held), and the differences and recoveries
 * after a disagreement. Each decision is one retrying transaction on the case's locked row: the decision,
 * its ledger step and the operator's audit entry (`audit`, given by the route) commit together.
 */

const OPERATOR_LIST_LIMIT = 200;

/** What the member's records say of a withdrawal an operator resolved. */
const PAID_BY_OPERATOR = 'Paid to your M-PESA number';

const NOT_PAID_BY_OPERATOR = 'M-PESA did not pay this withdrawal: the money is back in your balance';

/** Operators: open cases, oldest first, with the member's balance now (what a recovery can take). */
export async function listWithdrawalReviews(deps: Pick<PaymentDeps, 'db'>): Promise<WithdrawalReviews> {
  const rows = await repository.findOpenReviews(deps.db, OPERATOR_LIST_LIMIT);
  const withdrawals = [];
  for (const row of rows) {
    const balance = await wallet.getBalances(deps.db, Number(row.member_id));
    withdrawals.push({
      id: Number(row.id),
      withdrawNo: row.withdraw_no,
      review: row.kind,
      state: row.state,
      memberId: Number(row.member_id),
      mobile: row.mobile,
      msisdn: row.msisdn,
      money: Number(row.money),
      fee: Number(row.fee),
      tax: Number(row.tax),
      payout: Number(row.payout),
      memberCash: Number(balance.cash),
      memberWithdrawable: Number(balance.withdrawable),
      receipt: row.receipt,
      conversationId: row.conversation_id,
      resultCode: row.result_code,
      message: row.message,
      reportedAmount: row.reported_amount === null ? null : Number(row.reported_amount),
      reportedReceipt: row.reported_receipt,
      reportedResultCode: row.reported_result_code,
      reportedMessage: row.reported_result_desc,
      reportedConversationId: row.reported_conversation_id,
      createTime: row.created_at.toISOString(),
      sentTime: row.b2c_sent_at?.toISOString() ?? null,
      reportedTime: row.reported_at.toISOString(),
      updateTime: row.review_updated_at.toISOString(),
    });
  }
  return { withdrawals };
}

function toDecision(row: WithdrawalRow, review: WithdrawalReviewRow): WithdrawalDecision {
  if (review.resolution === null || review.closed_by === null || review.closed_at === null) {
    throw new Error(`withdrawal review ${review.id} is not closed`);
  }
  // A held case's decision is the withdrawal's own ledger step (its settlement or its return).
  const transactionId = review.transaction_id ?? (review.kind === 'held' ? row.settle_transaction_id : null);
  return {
    id: Number(row.id),
    withdrawNo: row.withdraw_no,
    memberId: Number(row.member_id),
    review: review.kind,
    resolution: review.resolution,
    state: row.state,
    receipt: review.receipt,
    recovered: Number(review.recovered),
    writtenOff: Number(review.written_off),
    refunded: Number(review.refunded),
    transactionId: transactionId === null ? null : Number(transactionId),
    closedBy: review.closed_by,
    note: review.note,
    closeTime: review.closed_at.toISOString(),
  };
}

async function decisionOf(
  deps: Pick<PaymentDeps, 'db'>,
  withdrawalId: number,
  kind: WithdrawalReviewRow['kind'],
): Promise<WithdrawalDecision> {
  const row = await repository.findById(deps.db, withdrawalId);
  const review = await repository.findReview(deps.db, withdrawalId, kind);
  if (!row || !review) throw new AppError('NOT_FOUND');
  return toDecision(row, review);
}

/**
 * The decision as the transaction that made it sees it (its ledger step included), with its audit entry
 * appended there: the entry commits with the decision or not at all.
 */
async function auditedDecision(
  trx: Transaction<Database>,
  withdrawalId: number,
  kind: WithdrawalReviewRow['kind'],
  audit: AuditHook<WithdrawalDecision> | undefined,
): Promise<WithdrawalDecision> {
  const decision = await decisionOf({ db: trx }, withdrawalId, kind);
  await audit?.(trx, decision);
  return decision;
}

/** A withdrawal with no case of this kind: missing (1004), or not waiting for this decision (3017). */
async function noSuchCase(deps: Pick<PaymentDeps, 'db'>, withdrawalId: number, what: string): Promise<never> {
  if (!(await repository.findById(deps.db, withdrawalId))) throw new AppError('NOT_FOUND');
  throw new AppError('ORDER_CLOSED', what);
}

/**
 * A decision repeated while the first call is still posting its ledger step (or after a crash before it):
 * the step is finished here too (idempotent by its key), so the repeat answers the same transaction.
 */
async function finishPendingLedger(deps: PaymentDeps, withdrawalId: number): Promise<void> {
  const row = await repository.findById(deps.db, withdrawalId);
  if (row && !isOpen(row) && row.next_check_at !== null) await finishLedger(deps, row);
}

/**
 * An operator's decision on a held withdrawal, in one retrying transaction on the locked case (inside
 * `race`, which maps what the transaction throws): an open case is made final by `patch` (the same
 * conditional update as M-Pesa's own answer, so whoever comes first decides; M-Pesa's answer a moment ago
 * stands and answers 3017), closed by `close` and settled by the same ledger step; a closed one answers its
 * decision again when `sameAgain` (finishing a ledger step left pending), 3017 otherwise.
 */
async function decideHeld(
  deps: PaymentDeps,
  withdrawalId: number,
  audit: AuditHook<WithdrawalDecision> | undefined,
  decision: {
    sameAgain: (held: WithdrawalReviewRow) => boolean;
    patch: Updateable<WithdrawalTable>;
    close: (trx: Transaction<Database>, won: WithdrawalRow) => Promise<void>;
    race?: <T>(work: () => Promise<T>) => Promise<T>;
  },
): Promise<{ decision: WithdrawalDecision; decidedNow: WithdrawalRow | undefined }> {
  const race = decision.race ?? ((work) => work());
  const decided = await race(() =>
    retryingTransaction(deps.db, async (trx) => {
      const held = await repository.lockReview(trx, withdrawalId, 'held');
      if (!held) return 'none' as const;
      if (held.state === 'closed') {
        if (!decision.sameAgain(held))
          throw new AppError('ORDER_CLOSED', 'This withdrawal was already resolved');
        await finishPendingLedger({ ...deps, db: trx }, withdrawalId);
        return { decision: await auditedDecision(trx, withdrawalId, 'held', audit), decidedNow: undefined };
      }
      const won = await repository.updateIfIn(trx, withdrawalId, OPEN_STATES, {
        ...decision.patch,
        next_check_at: new Date(Date.now() + REPAIR_AFTER_MS),
      });
      // M-Pesa answered a moment ago: its answer stands (and closes the case).
      if (!won) throw new AppError('ORDER_CLOSED', 'M-PESA has just answered for this withdrawal');
      await decision.close(trx, won);
      await finishLedger({ ...deps, db: trx }, won);
      return { decision: await auditedDecision(trx, withdrawalId, 'held', audit), decidedNow: won };
    }),
  );
  if (decided === 'none') {
    return noSuchCase(deps, withdrawalId, 'This withdrawal is not held for an operator');
  }
  return decided;
}

/**
 * A held withdrawal an operator found paid in the M-PESA portal: made final by the same conditional update
 * and settled by the same ledger step as M-Pesa's own paid answer, so it is settled once whoever comes
 * first. An amount other than the payout opens an amount-differs case. The same call again answers the
 * same; another receipt for a paid withdrawal, or any call for one returned, answers 3017.
 */
export async function operatorWithdrawalPaid(
  deps: PaymentDeps,
  withdrawalId: number,
  input: { receipt: string; amount?: number | undefined; note: string },
  log: Log = silent,
  audit?: AuditHook<WithdrawalDecision>,
): Promise<WithdrawalDecision> {
  const decided = await decideHeld(deps, withdrawalId, audit, {
    race: receiptRace,
    sameAgain: (held) => held.resolution === 'paid' && held.receipt === input.receipt,
    patch: { state: 'paid', receipt: input.receipt, result_code: '0', message: PAID_BY_OPERATOR },
    close: async (trx, won) => {
      await repository.closeReview(trx, withdrawalId, 'held', {
        resolution: 'paid',
        closedBy: 'operator',
        receipt: input.receipt,
        note: input.note,
      });
      if (input.amount !== undefined && input.amount !== Number(won.payout)) {
        await repository.openReview(trx, withdrawalId, {
          kind: 'amount-differs',
          reportedAmount: input.amount,
          receipt: input.receipt,
          resultDesc: 'Amount confirmed by support',
        });
      }
    },
  });
  if (decided.decidedNow) {
    log.warn(
      { withdrawNo: decided.decidedNow.withdraw_no, receipt: input.receipt },
      'held withdrawal paid by an operator',
    );
  }
  return decided.decision;
}

/**
 * A held withdrawal an operator found unpaid in the M-PESA portal: failed and returned through the normal
 * return step. If M-Pesa pays it after all, that is a paid-after-return case. Repeats answer the same.
 */
export async function operatorWithdrawalNotPaid(
  deps: PaymentDeps,
  withdrawalId: number,
  note: string,
  log: Log = silent,
  audit?: AuditHook<WithdrawalDecision>,
): Promise<WithdrawalDecision> {
  const decided = await decideHeld(deps, withdrawalId, audit, {
    sameAgain: (held) => held.resolution === 'returned',
    patch: { state: 'failed', message: NOT_PAID_BY_OPERATOR },
    close: async (trx) => {
      await repository.closeReview(trx, withdrawalId, 'held', {
        resolution: 'returned',
        closedBy: 'operator',
        note,
      });
    },
  });
  if (decided.decidedNow) {
    log.warn({ withdrawNo: decided.decidedNow.withdraw_no }, 'held withdrawal returned by an operator');
  }
  return decided.decision;
}

/**
 * Money M-Pesa paid out that the member still has in their balance, recovered through the wallet
 * (`recoverPaidOut`: from the member's cash as far as it goes, the rest written off by the house). Its key
 * makes it happen once.
 */
async function recoverFromMember(
  trx: Transaction<Database>,
  input: { memberId: number; key: string; amount: number; description: string },
): Promise<{ transactionId: number; recovered: number; writtenOff: number }> {
  const posted = await wallet.recoverPaidOut(trx, input);
  // The case is closed in the same database transaction as this posting: a replay means they disagree.
  if (posted.replayed) throw new Error(`ledger: ${input.key} was posted for a case still open`);
  return posted;
}

/** Recovers money M-Pesa paid out (recoverFromMember) and closes the operator's case with what it moved. */
async function recoverAndClose(
  trx: Transaction<Database>,
  withdrawalId: number,
  kind: 'paid-after-return' | 'amount-differs',
  note: string,
  recovery: Parameters<typeof recoverFromMember>[1],
): Promise<void> {
  const recovered = await recoverFromMember(trx, recovery);
  await repository.closeReview(trx, withdrawalId, kind, {
    resolution: 'recovered',
    closedBy: 'operator',
    recovered: recovered.recovered,
    writtenOff: recovered.writtenOff,
    transactionId: recovered.transactionId,
    note,
  });
}

/** Locks an open or closed case of a kind; 'none' when the withdrawal has no such case. */
async function lockCase(
  trx: Transaction<Database>,
  withdrawalId: number,
  kind: 'amount-differs' | 'paid-after-return',
): Promise<{ review: WithdrawalReviewRow; row: WithdrawalRow } | 'none'> {
  const review = await repository.lockReview(trx, withdrawalId, kind);
  if (!review) return 'none';
  const row = await repository.findById(trx, withdrawalId);
  if (!row) return 'none';
  return { review, row };
}

/**
 * A closed case met by a money decision (recover, settle the difference): the same decision again answers
 * as the first time; a case dismissed without moving money answers 3017 (the contrary decision).
 */
function refuseDismissed(review: WithdrawalReviewRow): void {
  if (review.resolution === 'dismissed') {
    throw new AppError('ORDER_CLOSED', 'This case was dismissed: M-PESA’s report was found wrong');
  }
}

/** A locked amount-differs or paid-after-return case, and the operator's note on the decision. */
type MoneyCase = {
  withdrawalId: number;
  review: WithdrawalReviewRow;
  row: WithdrawalRow;
  note: string;
};

/**
 * A money decision (recover, settle the difference) on an amount-differs or paid-after-return case, in one
 * retrying transaction on the locked case: an open case is settled by `settle` (which closes it with what it
 * moved), a closed one answers its decision again (a dismissed one 3017). A withdrawal with no such case
 * answers `noCase` (3017, or 1004 when missing); a decision made now is logged as `decidedLog`.
 */
function moneyDecision(
  kind: 'amount-differs' | 'paid-after-return',
  noCase: string,
  decidedLog: string,
  settle: (trx: Transaction<Database>, found: MoneyCase) => Promise<void>,
) {
  return async (
    deps: PaymentDeps,
    withdrawalId: number,
    note: string,
    log: Log = silent,
    audit?: AuditHook<WithdrawalDecision>,
  ): Promise<WithdrawalDecision> => {
    const decided = await retryingTransaction(deps.db, async (trx) => {
      const locked = await lockCase(trx, withdrawalId, kind);
      if (locked === 'none') return 'none' as const;
      const decidedNow = locked.review.state !== 'closed';
      if (decidedNow) await settle(trx, { ...locked, withdrawalId, note });
      else refuseDismissed(locked.review);
      return { decision: await auditedDecision(trx, withdrawalId, kind, audit), decidedNow };
    });
    if (decided === 'none') return noSuchCase(deps, withdrawalId, noCase);
    if (decided.decidedNow) log.warn(decided.decision, decidedLog);
    return decided.decision;
  };
}

/**
 * Closes an amount-differs or paid-after-return case without moving money: the report that opened it was
 * found wrong (a payment M-Pesa reversed, an amount the portal shows as the payout). The same call again
 * answers the same; a case already recovered or refunded answers 3017. A held case cannot be dismissed.
 */
export async function operatorDismissWithdrawalCase(
  deps: PaymentDeps,
  withdrawalId: number,
  input: { review: 'amount-differs' | 'paid-after-return'; note: string },
  log: Log = silent,
  audit?: AuditHook<WithdrawalDecision>,
): Promise<WithdrawalDecision> {
  const decided = await retryingTransaction(deps.db, async (trx) => {
    const locked = await lockCase(trx, withdrawalId, input.review);
    if (locked === 'none') return 'none' as const;
    const { review } = locked;
    const decidedNow = review.state !== 'closed';
    if (!decidedNow && review.resolution !== 'dismissed') {
      throw new AppError('ORDER_CLOSED', 'This case was already settled with money moved');
    }
    if (decidedNow) {
      await repository.closeReview(trx, withdrawalId, input.review, {
        resolution: 'dismissed',
        closedBy: 'operator',
        note: input.note,
      });
    }
    return { decision: await auditedDecision(trx, withdrawalId, input.review, audit), decidedNow };
  });
  if (decided === 'none') {
    return noSuchCase(deps, withdrawalId, `This withdrawal has no ${input.review} case`);
  }
  if (decided.decidedNow) log.warn(decided.decision, 'withdrawal case dismissed: no money moved');
  return decided.decision;
}

/**
 * A withdrawal M-Pesa paid after its money had been returned to the member: the amount M-Pesa paid (the
 * payout unless it reported another) is recovered from the member's cash as far as it goes, the rest
 * written off by the house, and the case closed. Repeats answer the same.
 */
export const operatorRecoverWithdrawal = moneyDecision(
  'paid-after-return',
  'M-PESA has not paid this withdrawal after its return',
  'withdrawal paid after its return: recovery recorded',
  async (trx, { withdrawalId, review, row, note }) => {
    const amount = review.reported_amount === null ? Number(row.payout) : Number(review.reported_amount);
    await recoverAndClose(trx, withdrawalId, 'paid-after-return', note, {
      memberId: Number(row.member_id),
      key: keyOf(row.withdraw_no, 'recover'),
      amount,
      description: `${row.withdraw_no} paid by M-PESA after its return`,
    });
  },
);

/**
 * A withdrawal M-Pesa paid with another amount than its payout (it was settled for the payout). Paid more:
 * the extra is recovered from the member's cash as far as it goes, the rest written off. Paid less: the
 * difference comes back from the world to the member's withdrawable money. Repeats answer the same.
 */
export const operatorSettleWithdrawalDifference = moneyDecision(
  'amount-differs',
  'M-PESA paid this withdrawal its own amount',
  'withdrawal amount difference settled',
  async (trx, { withdrawalId, review, row, note }) => {
    const difference = Number(review.reported_amount) - Number(row.payout);
    // Opened only with an amount, and only another one than the payout.
    if (review.reported_amount === null || difference === 0) {
      throw new Error(`withdrawal review ${review.id} has no difference to settle`);
    }
    const memberId = Number(row.member_id);
    const key = keyOf(row.withdraw_no, 'difference');
    if (difference > 0) {
      await recoverAndClose(trx, withdrawalId, 'amount-differs', note, {
        memberId,
        key,
        amount: difference,
        description: `${row.withdraw_no} paid more by M-PESA`,
      });
    } else {
      const refunded = -difference;
      const posted = await wallet.creditMember(trx, {
        memberId,
        from: wallet.ACCOUNT.world,
        key,
        kind: 'refund',
        cash: refunded,
        withdrawable: refunded,
        description: `${row.withdraw_no} paid less by M-PESA`,
      });
      await repository.closeReview(trx, withdrawalId, 'amount-differs', {
        resolution: 'refunded',
        closedBy: 'operator',
        refunded,
        transactionId: posted.transactionId,
        note,
      });
    }
  },
);
