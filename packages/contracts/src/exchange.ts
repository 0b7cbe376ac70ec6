import { z as zod } from 'zod';

/**
 * Coins and diamonds to cash (spec §7: `account/cfg/exchange`, `account/exchange {id}`). Cash and coins
 * are integer minor units (the profile's bonusMoney); diamonds are counted as the profile's `diamond`
 * shows them. Shared by the server's routes and the exchange dialog of the Me page.
 */
export const EXCHANGE_ASSETS = ['coins', 'diamonds'] as const;
export type ExchangeAsset = (typeof EXCHANGE_ASSETS)[number];

export const ExchangeOptionSchema = zod.object({
  id: zod.number().int(),
  fromAsset: zod.enum(EXCHANGE_ASSETS),
  /** How much of the asset one exchange takes. */
  fromAmount: zod.number().int(),
  /** The cash it gives. */
  cash: zod.number().int(),
  /** Whether that cash may be withdrawn at once (else it is bonus cash: playable, not withdrawable). */
  withdrawable: zod.boolean(),
});
export type ExchangeOption = zod.infer<typeof ExchangeOptionSchema>;

/**
 * `requestId` (ours, optional): the client's id for one tap. The same id sent again (a double tap, a
 * retry after a lost answer) is the same exchange, done once; without it every call is a new exchange.
 */
export const ExchangeRequestSchema = zod.object({
  id: zod.coerce.number().int().positive(),
  requestId: zod
    .string()
    .regex(/^[\w-]{8,64}$/)
    .optional(),
});
export type ExchangeRequest = zod.infer<typeof ExchangeRequestSchema>;

/** The member's balances after the exchange, named as in the profile. */
export const ExchangeResultSchema = zod.object({
  money: zod.number().int(),
  withdrawMoney: zod.number().int(),
  bonusMoney: zod.number().int(),
  diamond: zod.number().int(),
  /** The ledger transaction of the exchange (for /account/transaction/{id}). */
  transactionId: zod.number().int(),
});
export type ExchangeResult = zod.infer<typeof ExchangeResultSchema>;

/** Whether the member holds enough for an option (the dialog disables the others). */
export function canAfford(
  option: ExchangeOption,
  holdings: { bonusMoney: number; diamond: number },
): boolean {
  const held = option.fromAsset === 'coins' ? holdings.bonusMoney : holdings.diamond;
  return held >= option.fromAmount;
}
