import { z } from 'zod';
import { wholeNumber } from './whole-number.ts';
import { OperatorNoteBodySchema, OperatorReceiptSchema } from './deposit.ts';

/**
 * The operators' withdrawal endpoints (staff sessions; docs/api.md "Operators: withdrawals to decide"): the
 * server and the back office's Payment cases screen speak them. Amounts in minor units.
 */

export const WithdrawalReviewKindSchema = z.enum(['held', 'amount-differs', 'paid-after-return']);
const WithdrawalStateSchema = z.enum([
  'approval',
  'queued',
  'reserved',
  'submitted',
  'unknown',
  'paid',
  'failed',
]);

/** One withdrawal waiting for an operator, with what M-Pesa said and what the member has now. */
export const WithdrawalReviewSchema = z.object({
  /** The withdrawal's id (the `:id` of the actions). */
  id: z.number().int(),
  withdrawNo: z.string(),
  /** held: accepted by Daraja, not found by Transaction Status; amount-differs; paid-after-return. */
  review: WithdrawalReviewKindSchema,
  /** The withdrawal's state: open ones (reserved, submitted, unknown) are held, paid, failed (returned). */
  state: WithdrawalStateSchema,
  memberId: z.number().int(),
  /** The member's registered number, and the 2547… number the payout was sent to. */
  mobile: z.string(),
  msisdn: z.string(),
  money: z.number().int(),
  fee: z.number().int(),
  tax: z.number().int(),
  payout: z.number().int(),
  /** The member's balance now: what a recovery can take back. */
  memberCash: z.number().int(),
  memberWithdrawable: z.number().int(),
  /** The withdrawal's own receipt (paid), its B2C ConversationID, result code and message. */
  receipt: z.string().nullable(),
  conversationId: z.string().nullable(),
  resultCode: z.string().nullable(),
  message: z.string(),
  /** What M-Pesa reported that opened the case: the amount paid, its receipt, code, text, ConversationID. */
  reportedAmount: z.number().int().nullable(),
  reportedReceipt: z.string().nullable(),
  reportedResultCode: z.string().nullable(),
  reportedMessage: z.string(),
  reportedConversationId: z.string().nullable(),
  createTime: z.string(),
  sentTime: z.string().nullable(),
  /** When the case was opened, and its last news (a held one notes each status answer). */
  reportedTime: z.string(),
  updateTime: z.string(),
});
export type WithdrawalReview = z.infer<typeof WithdrawalReviewSchema>;

export const WithdrawalReviewsSchema = z.object({ withdrawals: z.array(WithdrawalReviewSchema) });
export type WithdrawalReviews = z.infer<typeof WithdrawalReviewsSchema>;

const operatorNote = z.string().trim().max(500).default('');

/** A held withdrawal was paid: the receipt seen in the M-PESA portal, and what it paid if not the payout. */
export const OperatorWithdrawalPaidBodySchema = z.object({
  receipt: OperatorReceiptSchema,
  amount: wholeNumber(1, Number.MAX_SAFE_INTEGER).optional(),
  note: operatorNote,
});

/** Not paid, recovered, difference settled: why (for support, not shown to the member). */
export const OperatorWithdrawalNoteBodySchema = OperatorNoteBodySchema;

/** Which report was wrong (a held case cannot be dismissed: its money must go one way), and why. */
export const OperatorWithdrawalDismissBodySchema = OperatorNoteBodySchema.extend({
  review: z.enum(['amount-differs', 'paid-after-return']),
});

/** The decision as recorded; the same call again answers the same. */
export const WithdrawalDecisionSchema = z.object({
  id: z.number().int(),
  withdrawNo: z.string(),
  memberId: z.number().int(),
  review: WithdrawalReviewKindSchema,
  /** paid and returned close a held case; recovered, refunded and dismissed (no money moved) the other two. */
  resolution: z.enum(['paid', 'returned', 'recovered', 'refunded', 'dismissed']),
  /** The withdrawal's state after it. */
  state: WithdrawalStateSchema,
  /** The receipt the payment was confirmed with (paid), or the one M-Pesa reported. */
  receipt: z.string().nullable(),
  /** Taken back from the member's cash; written off by the house (beyond the member's cash); given back. */
  recovered: z.number().int(),
  writtenOff: z.number().int(),
  refunded: z.number().int(),
  /** The journal transaction of the decision: settlement, return, recovery or difference. */
  transactionId: z.number().int().nullable(),
  closedBy: z.enum(['operator', 'mpesa']),
  note: z.string(),
  closeTime: z.string(),
});
export type WithdrawalDecision = z.infer<typeof WithdrawalDecisionSchema>;
