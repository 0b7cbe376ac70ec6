import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';

/**
 * Withdraw API (spec §3 withdraw channel and submission, §7 payments). Amounts are integer minor units;
 * the rules themselves are in `withdraw-rules.ts` (no zod), shared by the page and the server.
 */

/** A withdraw channel option (spec §3). `withdrawFeeType` 1: percent (value is the %), 2: fixed (minor units). */
export const WithdrawChannelSchema = zod.object({
  id: zod.number().int(),
  channelCode: zod.string(),
  name: zod.string(),
  logoUrl: zod.string(),
  memo: zod.string(),
  /** A regex on the member's mobile that preselects the channel. */
  mobilePattern: zod.string(),
  withdrawFeeType: zod.number().int().nullable(),
  withdrawFeeValue: zod.number(),
  /** The provider pays whole units only (M-Pesa: whole shillings): the payout is the net rounded down. */
  wholeUnits: zod.boolean(),
});
export type WithdrawChannel = zod.infer<typeof WithdrawChannelSchema>;

export const MemberTaxQuerySchema = zod.object({
  /** Minor units. */
  money: wholeNumber(0, 1_000_000_000_000),
});

const text = (max: number) => zod.string().trim().max(max).optional().default('');

/**
 * The submission (spec §3): bank fields, money (minor units), channel (channelCode) and payChannel (the
 * channel's id). The bank fields are kept as the app sent them; the payout always goes to the member's
 * own registered number, never to a number from the request.
 */
export const WithdrawInitSchema = zod.object({
  bankAccountName: text(100),
  bankAccount: text(40),
  bankCode: text(40),
  bankName: text(100),
  money: wholeNumber(1, 1_000_000_000_000),
  channel: zod.string().trim().min(1).max(40),
  payChannel: wholeNumber(1, 2_147_483_647),
});
export type WithdrawInit = zod.infer<typeof WithdrawInitSchema>;

export const WithdrawInitResultSchema = zod.object({
  id: zod.number().int(),
  withdrawNo: zod.string(),
  /** What left the withdrawable balance: payout + fee + tax. */
  money: zod.number().int(),
  fee: zod.number().int(),
  tax: zod.number().int(),
  /** What reaches the phone (whole shillings on M-Pesa). */
  payout: zod.number().int(),
  status: zod.enum(['pending', 'success', 'failed']),
  message: zod.string(),
});
export type WithdrawInitResult = zod.infer<typeof WithdrawInitResultSchema>;

export const LastSuccessfulQuerySchema = zod.object({ channel: zod.string().trim().min(1).max(40) });

/** The member's last paid withdrawal on a channel, for prefilling (null when there is none). */
export const LastSuccessfulWithdrawSchema = zod
  .object({
    payChannel: zod.number().int(),
    channel: zod.string(),
    /** The number it was paid to, masked. */
    account: zod.string(),
  })
  .nullable();

/** One line of the withdrawal ticker: a recent paid withdrawal of any member. */
export const WithdrawNoticeSchema = zod.object({
  /** Masked (0712****78). */
  mobile: zod.string(),
  /** Paid out, minor units. */
  money: zod.number().int(),
  /** ISO 8601. */
  time: zod.string(),
});
export type WithdrawNotice = zod.infer<typeof WithdrawNoticeSchema>;
