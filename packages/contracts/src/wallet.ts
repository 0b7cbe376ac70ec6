import { z } from 'zod';

/** Wallet API (platform-core §7 account service; issue 4). Amounts are integer minor units. */
export const TRANSACTION_KINDS = [
  'deposit',
  'withdraw',
  'bet',
  'win',
  'bonus',
  'exchange',
  'fee',
  'tax',
  'refund',
  'adjustment',
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const BalanceSchema = z.object({ money: z.number().int(), withdrawMoney: z.number().int() });
export type Balance = z.infer<typeof BalanceSchema>;

/** One transaction as its member sees it: what it did to their own balances. */
export const MemberTransactionSchema = z.object({
  id: z.number().int(),
  type: z.enum(TRANSACTION_KINDS),
  /** Change of the member's cash (money), signed. */
  amount: z.number().int(),
  /** Change of the withdrawable part, signed. */
  withdrawAmount: z.number().int(),
  coins: z.number().int(),
  diamonds: z.number().int(),
  description: z.string(),
  /** ISO 8601. */
  createTime: z.string(),
});
export type MemberTransaction = z.infer<typeof MemberTransactionSchema>;

export const TransactionDetailQuerySchema = z.object({ id: z.coerce.number().int().positive() });

export const TransactionRecordsQuerySchema = z.object({
  type: z.enum(TRANSACTION_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/** Totals of what came in to the member's cash, by transaction type. */
export const IncomeTotalSchema = z.object({ type: z.enum(TRANSACTION_KINDS), total: z.number().int() });
