import { z as zod } from 'zod';
import { CalendarMonthSchema } from './calendar-day.ts';
import { wholeNumber } from './whole-number.ts';

/**
 * Deposit and withdrawal records (spec §7: `payOrder/records`, `withdraw/records`): newest first, at most
 * `quantity` (50 by default) a call, optionally within one month, continuing below `startId` (the last id
 * of the previous call). Amounts are integer minor units. Shared by the server's routes and the records
 * pages.
 */
export const RECORDS_PAGE_SIZE = 50;

export const RecordsQuerySchema = zod.object({
  /** `YYYY-MM`, in the server's country time; absent means every month. */
  monthOfYear: CalendarMonthSchema.optional(),
  quantity: wholeNumber(1, 100).default(RECORDS_PAGE_SIZE),
  /** Records with an id below this one (the cursor); absent starts at the newest. */
  startId: wholeNumber(1, Number.MAX_SAFE_INTEGER).optional(),
});
export type RecordsQuery = zod.infer<typeof RecordsQuerySchema>;

/**
 * Deposit states (spec §4 nested deposit: below 3 is waiting, 3 is paid). `queued` (issue 24 §3) is ours:
 * M-Pesa is at its rate ceiling or busy and the prompt waits its turn ("we will prompt your phone
 * shortly"); a client keeps polling it like a waiting order (deposit-rules.ts isDepositWaiting).
 */
export const DEPOSIT_STATE = {
  created: 0,
  waiting: 1,
  confirming: 2,
  paid: 3,
  failed: 4,
  queued: 5,
} as const;

export const DepositRecordSchema = zod.object({
  id: zod.number().int(),
  transNo: zod.string(),
  payMoney: zod.number().int(),
  /** Coins received with a package (0 for a free amount). */
  coins: zod.number().int(),
  channelCode: zod.string(),
  channelName: zod.string(),
  state: zod.number().int().min(0).max(5),
  message: zod.string(),
  /** The M-PESA receipt once paid. */
  receipt: zod.string().nullable(),
  /** The ledger transaction of the credit (for /account/transaction/{id}), once paid. */
  transactionId: zod.number().int().nullable(),
  /** The excise withheld from the credit (the market's deposit tax), once paid; 0 without one. */
  excise: zod.number().int().min(0),
  /** What reached the member's balance (the amount paid less the excise), once paid. */
  credited: zod.number().int().nullable(),
  /** ISO 8601. */
  createTime: zod.string(),
});
export type DepositRecord = zod.infer<typeof DepositRecordSchema>;

/**
 * Withdrawal states as the member sees them: pending (reserved, sent, or its outcome being checked),
 * success (paid to the phone), failed (the money is back in the balance).
 */
export const WITHDRAW_STATUSES = ['pending', 'success', 'failed'] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];

export const WithdrawRecordSchema = zod.object({
  id: zod.number().int(),
  withdrawNo: zod.string(),
  /** What left the balance: payout + fee + tax. */
  money: zod.number().int(),
  fee: zod.number().int(),
  tax: zod.number().int(),
  /** What reaches the phone. */
  payout: zod.number().int(),
  channelCode: zod.string(),
  channelName: zod.string(),
  /** The receiving number, masked (0712****78). */
  account: zod.string(),
  status: zod.enum(WITHDRAW_STATUSES),
  message: zod.string(),
  receipt: zod.string().nullable(),
  /** ISO 8601. */
  createTime: zod.string(),
});
export type WithdrawRecord = zod.infer<typeof WithdrawRecordSchema>;
