import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';

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
  /** A mall purchase (issue 15 §4): coins, diamonds or cash for goods. */
  'purchase',
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const BalanceSchema = zod.object({ money: zod.number().int(), withdrawMoney: zod.number().int() });
export type Balance = zod.infer<typeof BalanceSchema>;

/** One transaction as its member sees it: what it did to their own balances. */
export const MemberTransactionSchema = zod.object({
  id: zod.number().int(),
  type: zod.enum(TRANSACTION_KINDS),
  /** Change of the member's cash (money), signed. */
  amount: zod.number().int(),
  /** Change of the withdrawable part, signed. */
  withdrawAmount: zod.number().int(),
  /** Of `amount`, the tax withheld (a deposit's excise, a withdrawal's tax): 0 or negative. */
  tax: zod.number().int().max(0),
  coins: zod.number().int(),
  diamonds: zod.number().int(),
  /** Change of the member's tickets (whole units), signed. */
  tickets: zod.number().int(),
  description: zod.string(),
  /** ISO 8601. */
  createTime: zod.string(),
});
export type MemberTransaction = zod.infer<typeof MemberTransactionSchema>;

export const TransactionDetailQuerySchema = zod.object({ id: wholeNumber(1, Number.MAX_SAFE_INTEGER) });

export const TransactionRecordsQuerySchema = zod.object({
  type: zod.enum(TRANSACTION_KINDS).optional(),
  page: wholeNumber(1, 100_000).default(1),
  size: wholeNumber(1, 100).default(20),
});

/** Totals of what came in to the member's cash, by transaction type. */
export const IncomeTotalSchema = zod.object({ type: zod.enum(TRANSACTION_KINDS), total: zod.number().int() });
