/**
 * Withdrawals to M-Pesa (spec §4, §5; issue 4 item 6). The money is reserved from the member's
 * withdrawable balance in one ledger transaction before Daraja hears of it; the B2C result posts it out
 * (settle) or gives it back (return). An outcome we cannot know (timeout, 5xx, a duplicate id) keeps the
 * money held and the reconciliation job asks Transaction Status: only a definite answer settles or returns,
 * so nothing is refunded that may have been paid, and nothing is paid twice (withdraw_no is the
 * OriginatorConversationID Daraja deduplicates on).
 */

// The withdrawal module's public API; the work is in withdraw-submission.ts (the member's request),
// withdraw-settlement.ts (M-Pesa's answers), withdraw-reconciliation.ts (the job), withdraw-cases.ts
// (operators' decisions) and withdraw-records.ts (the member's reads).

export {
  QUEUE_TIMEOUT_CODE,
  NOT_FOUND_ANSWERS,
  NOT_FOUND_WINDOW_MS,
  handleB2cResult,
  handleStatusResult,
} from './withdraw-settlement.ts';
export type { WithdrawalCallbackProof } from './withdraw-settlement.ts';
export {
  NO_ANSWER_REVIEW_AFTER_MS,
  NO_ANSWER_REVIEW_DESC,
  reconcileWithdrawals,
} from './withdraw-reconciliation.ts';
export { listChannels, memberTax, sendQueuedPayouts, submit } from './withdraw-submission.ts';
export {
  countQueuedWithdrawals,
  records,
  lastSuccessful,
  notices,
  withdrawalMsisdnsOf,
  membersByWithdrawalReference,
} from './withdraw-records.ts';
export {
  listWithdrawalReviews,
  operatorWithdrawalPaid,
  operatorWithdrawalNotPaid,
  operatorDismissWithdrawalCase,
  operatorRecoverWithdrawal,
  operatorSettleWithdrawalDifference,
} from './withdraw-cases.ts';
export { approveWithdrawal, listHeldWithdrawals, rejectWithdrawal } from './withdraw-approvals.ts';
export { handleBalanceResult, lastFloat, requestFloatCheck } from './withdraw-float.ts';
