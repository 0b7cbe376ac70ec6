/**
 * Deposits (issue 4): an order per top-up, paid by M-Pesa STK Push. The order is only the state of the
 * conversation with M-Pesa; the money moves in the ledger, once, under the key `mpesa:<CheckoutRequestID>`
 * (the callback and the STK query are two messengers of one payment). Every rule of spec §5 that the form
 * checks is checked again here with the same code (contracts/deposit-rules.ts).
 */

// The deposit module's public API; the work is in deposit-submission.ts (the member's order and prompt),
// deposit-settlement.ts (M-Pesa's answers), deposit-reconciliation.ts (the job), deposit-cases.ts
// (operators' decisions) and deposit-records.ts (the reads).

export {
  listPayItems,
  listDepositChannels,
  signOrder,
  topUp,
  initDeposit,
  getPayForm,
  initPayment,
  getPaymentResult,
  getDepositResult,
  promptAgain,
  pushQueuedDeposits,
} from './deposit-submission.ts';
export type { Payer, Audience } from './deposit-submission.ts';
export {
  getDepositRecords,
  getMemberDepositOrder,
  describeOrders,
  lockMemberOrderState,
  countPaidDeposits,
  countQueuedDeposits,
  depositMsisdnsOf,
  findPaidMsisdns,
  findPaidOrderOf,
  findPaidOrderByTransaction,
  membersByDepositReference,
} from './deposit-records.ts';
export type { OrderSummary, PaidOrder } from './deposit-records.ts';
export { handleStkCallback } from './deposit-settlement.ts';
export type { CallbackProof } from './deposit-settlement.ts';
export { reconcileDeposits, recheckDepositOrder } from './deposit-reconciliation.ts';
export { DAILY_CLOSE_LOOKBACK_MS, reconcilePulledPayments } from './deposit-pull.ts';
export {
  listHeldPayments,
  operatorCreditOrder,
  operatorRejectOrder,
  operatorCreditUnmatched,
  operatorCloseDisagreement,
  operatorDismissUnmatched,
} from './deposit-cases.ts';
