import { z } from 'zod';

/**
 * Withdraw API (spec §3 withdraw channel and submission, §7 payments). Amounts are integer minor units;
 * the rules themselves are in `withdraw-rules.ts` (no zod), shared by the page and the server.
 */

/** A withdraw channel option (spec §3). `withdrawFeeType` 1: percent (value is the %), 2: fixed (minor units). */
export const WithdrawChannelSchema = z.object({
  id: z.number().int(),
  channelCode: z.string(),
  name: z.string(),
  logoUrl: z.string(),
  memo: z.string(),
  /** A regex on the member's mobile that preselects the channel. */
  mobilePattern: z.string(),
  withdrawFeeType: z.number().int().nullable(),
  withdrawFeeValue: z.number(),
  /** The provider pays whole units only (M-Pesa: whole shillings): the payout is the net rounded down. */
  wholeUnits: z.boolean(),
});
export type WithdrawChannel = z.infer<typeof WithdrawChannelSchema>;

export const MemberTaxQuerySchema = z.object({
  /** Minor units. */
  money: z.coerce.number().int().min(0).max(1_000_000_000_000),
});

const text = (max: number) => z.string().trim().max(max).optional().default('');

/**
 * The submission (spec §3): bank fields, money (minor units), channel (channelCode) and payChannel (the
 * channel's id). The bank fields are kept as the app sent them; the payout always goes to the member's
 * own registered number, never to a number from the request.
 */
export const WithdrawInitSchema = z.object({
  bankAccountName: text(100),
  bankAccount: text(40),
  bankCode: text(40),
  bankName: text(100),
  money: z.coerce.number().int().positive().max(1_000_000_000_000),
  channel: z.string().trim().min(1).max(40),
  payChannel: z.coerce.number().int().positive(),
});
export type WithdrawInit = z.infer<typeof WithdrawInitSchema>;

export const WithdrawInitResultSchema = z.object({
  id: z.number().int(),
  withdrawNo: z.string(),
  /** What left the withdrawable balance: payout + fee + tax. */
  money: z.number().int(),
  fee: z.number().int(),
  tax: z.number().int(),
  /** What reaches the phone (whole shillings on M-Pesa). */
  payout: z.number().int(),
  status: z.enum(['pending', 'success', 'failed']),
  message: z.string(),
});
export type WithdrawInitResult = z.infer<typeof WithdrawInitResultSchema>;

export const LastSuccessfulQuerySchema = z.object({ channel: z.string().trim().min(1).max(40) });

/** The member's last paid withdrawal on a channel, for prefilling (null when there is none). */
export const LastSuccessfulWithdrawSchema = z
  .object({
    payChannel: z.number().int(),
    channel: z.string(),
    /** The number it was paid to, masked. */
    account: z.string(),
  })
  .nullable();

/** One line of the withdrawal ticker: a recent paid withdrawal of any member. */
export const WithdrawNoticeSchema = z.object({
  /** Masked (0712****78). */
  mobile: z.string(),
  /** Paid out, minor units. */
  money: z.number().int(),
  /** ISO 8601. */
  time: z.string(),
});
export type WithdrawNotice = z.infer<typeof WithdrawNoticeSchema>;
