import { z } from 'zod';

/**
 * Deposit and withdrawal records (spec §7: `payOrder/records`, `withdraw/records`): newest first, at most
 * `quantity` (50 by default) a call, optionally within one month, continuing below `startId` (the last id
 * of the previous call). Amounts are integer minor units. Shared by the server's routes and the records
 * pages.
 */
export const RECORDS_PAGE_SIZE = 50;

export const RecordsQuerySchema = z.object({
  /** `YYYY-MM`, in the server's country time; absent means every month. */
  monthOfYear: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
  quantity: z.coerce.number().int().min(1).max(100).default(RECORDS_PAGE_SIZE),
  /** Records with an id below this one (the cursor); absent starts at the newest. */
  startId: z.coerce.number().int().positive().optional(),
});
export type RecordsQuery = z.infer<typeof RecordsQuerySchema>;

/** Deposit states (spec §4 nested deposit: below 3 is waiting, 3 is paid). */
export const DEPOSIT_STATE = { created: 0, waiting: 1, confirming: 2, paid: 3, failed: 4 } as const;

export const DepositRecordSchema = z.object({
  id: z.number().int(),
  transNo: z.string(),
  payMoney: z.number().int(),
  /** Coins received with a package (0 for a free amount). */
  coins: z.number().int(),
  channelCode: z.string(),
  channelName: z.string(),
  state: z.number().int().min(0).max(4),
  message: z.string(),
  /** The M-PESA receipt once paid. */
  receipt: z.string().nullable(),
  /** The ledger transaction of the credit (for /account/transaction/{id}), once paid. */
  transactionId: z.number().int().nullable(),
  /** ISO 8601. */
  createTime: z.string(),
});
export type DepositRecord = z.infer<typeof DepositRecordSchema>;

/**
 * Withdrawal states as the member sees them: pending (reserved, sent, or its outcome being checked),
 * success (paid to the phone), failed (the money is back in the balance).
 */
export const WITHDRAW_STATUSES = ['pending', 'success', 'failed'] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];

export const WithdrawRecordSchema = z.object({
  id: z.number().int(),
  withdrawNo: z.string(),
  /** What left the balance: payout + fee + tax. */
  money: z.number().int(),
  fee: z.number().int(),
  tax: z.number().int(),
  /** What reaches the phone. */
  payout: z.number().int(),
  channelCode: z.string(),
  channelName: z.string(),
  /** The receiving number, masked (0712****78). */
  account: z.string(),
  status: z.enum(WITHDRAW_STATUSES),
  message: z.string(),
  receipt: z.string().nullable(),
  /** ISO 8601. */
  createTime: z.string(),
});
export type WithdrawRecord = z.infer<typeof WithdrawRecordSchema>;
