import { z as zod } from 'zod';
import { WithdrawalRiskSchema } from './country.ts';
import { TotpCodeSchema } from './staff.ts';

/**
 * Withdrawals held for staff approval (issue 26 §3; docs/api.md "Operators: withdrawal approvals"): above the
 * market's automatic amount a withdrawal waits, its money reserved, for one staff member's approval, above
 * the two-approver amount for two different ones'. Each decision carries the acting staff member's fresh
 * authenticator code. Amounts in minor units.
 */

/** What a decision asks of the acting staff member: a code from the authenticator app not used before. */
const DecisionCodeSchema = zod.object({ code: TotpCodeSchema });

export const WithdrawalApproveBodySchema = DecisionCodeSchema;
export type WithdrawalApproveBody = zod.infer<typeof WithdrawalApproveBodySchema>;

/** The reason is shown to the member as written, after a sentence in their language saying it was declined. */
export const WithdrawalRejectBodySchema = DecisionCodeSchema.extend({
  reason: zod.string().trim().min(3).max(300),
});
export type WithdrawalRejectBody = zod.infer<typeof WithdrawalRejectBodySchema>;

/** One approval given: who and when. */
export const WithdrawalApprovalEntrySchema = zod.object({
  staffId: zod.number().int(),
  staffLogin: zod.string(),
  /** ISO 8601. */
  approvedAt: zod.string(),
});

/** A held withdrawal as the approvers' list shows it, with the cheap hints an approver weighs. */
export const HeldWithdrawalSchema = zod.object({
  /** The withdrawal's id (the `:id` of approve and reject). */
  id: zod.number().int(),
  withdrawNo: zod.string(),
  memberId: zod.number().int(),
  mobile: zod.string(),
  /** What leaves the balance (payout + fee + tax), and what reaches the phone. */
  money: zod.number().int(),
  fee: zod.number().int(),
  tax: zod.number().int(),
  payout: zod.number().int(),
  approvalsRequired: zod.number().int().min(1).max(2),
  approvals: zod.array(WithdrawalApprovalEntrySchema),
  /** ISO 8601: when the member asked. */
  createTime: zod.string(),
  risk: zod.object({
    /** Days since the member registered (0 the first day). */
    memberAgeDays: zod.number().int(),
    /** No earlier withdrawal of the member's was paid. */
    firstWithdrawal: zod.boolean(),
    /** What the member's paid deposits credited, and their paid withdrawals took out, to date. */
    depositedTotal: zod.number().int(),
    withdrawnTotal: zod.number().int(),
    /** This withdrawal takes out more than the member ever deposited, net of what they withdrew. */
    aboveNetDeposits: zod.boolean(),
    /**
     * The member's last deposit before the withdrawal was asked, if within the market's hours (`rules`), and
     * what they staked since (bets less refunded bets, until the withdrawal was asked).
     */
    recentDeposit: zod.object({ amount: zod.number().int(), at: zod.string() }).nullable(),
    stakedSinceDeposit: zod.number().int(),
    /** A recent deposit staked below the market's share of it: money passed through rather than played. */
    soonAfterDepositLittlePlay: zod.boolean(),
    /**
     * When the device of the session that asked was first seen for this member (ISO 8601); null when it is
     * not known (no device id sent, or a withdrawal asked before the session was recorded).
     */
    deviceFirstSeen: zod.string().nullable(),
    /** That device was first seen for this member within the market's days. */
    newDevice: zod.boolean(),
  }),
});
export type HeldWithdrawal = zod.infer<typeof HeldWithdrawalSchema>;

export const HeldWithdrawalsSchema = zod.object({
  withdrawals: zod.array(HeldWithdrawalSchema),
  /** The market's thresholds behind the badges, for the page that explains them. */
  rules: WithdrawalRiskSchema,
});
export type HeldWithdrawals = zod.infer<typeof HeldWithdrawalsSchema>;

/**
 * A decision's outcome: `approval` still waits for another approver, `queued` is on its way to M-Pesa (the
 * payout queue sends it), `failed` was rejected and its money is back in the member's balance.
 */
export const WithdrawalApprovalDecisionSchema = zod.object({
  id: zod.number().int(),
  withdrawNo: zod.string(),
  state: zod.enum(['approval', 'queued', 'failed']),
  approvalsRequired: zod.number().int(),
  approvals: zod.array(WithdrawalApprovalEntrySchema),
  /** The reason given to the member (rejected), else null. */
  rejectionReason: zod.string().nullable(),
  /** M-Pesa payments are paused (a maintenance window): a queued payout waits until they resume. */
  paymentsPaused: zod.boolean(),
});
export type WithdrawalApprovalDecision = zod.infer<typeof WithdrawalApprovalDecisionSchema>;
