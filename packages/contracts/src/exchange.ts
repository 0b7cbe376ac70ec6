import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';
import { BonusContributionSchema, MyBonusSchema } from './bonus.ts';

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
  /** Whether that cash may be withdrawn at once (else it is bonus cash: a bonus grant with the terms below). */
  withdrawable: zod.boolean(),
  /**
   * For bonus cash (`withdrawable` false): the terms its grant will be given, from the `coin-exchange`
   * programme's settings (docs/promotions.md "Coins exchanged for bonus cash"). Absent for withdrawable cash.
   */
  bonus: zod
    .object({
      wageringMultiple: zod.number().int(),
      /** Wagering required = cash × multiple. */
      wageringRequired: zod.number().int(),
      expiryDays: zod.number().int(),
      maxStake: zod.number().int().nullable(),
      /** At most this much becomes withdrawable when the wagering is done. */
      maxConversion: zod.number().int(),
    })
    .optional(),
});
export type ExchangeOption = zod.infer<typeof ExchangeOptionSchema>;

/**
 * `requestId` (ours, optional): the client's id for one tap. The same id sent again (a double tap, a
 * retry after a lost answer) is the same exchange, done once; without it every call is a new exchange.
 */
export const ExchangeRequestSchema = zod.object({
  id: wholeNumber(1, 2_147_483_647),
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
  /**
   * The bonus granted for bonus cash, with its terms (`active`: its cash is in `money` now; `pending`: it
   * waits for the member's current bonus to end and is credited then); null for withdrawable cash.
   */
  bonus: MyBonusSchema.nullable(),
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

/**
 * The `coin-exchange` programme's settings (docs/promotions.md "Coins exchanged for bonus cash"): the terms
 * every exchange of coins for bonus cash is granted with. The options themselves (how many coins for how
 * much cash) stay the exchange's (`account/cfg/exchange`).
 */
export const CoinExchangeSettingsSchema = zod
  .object({
    /** Wagering required = the exchanged cash × multiple. */
    wageringMultiple: zod.number().int().min(0).max(100),
    /** Days from the exchange to the bonus's expiry. */
    expiryDays: zod.number().int().min(1).max(365),
    /** The largest stake while the bonus is active (null: the game's own). */
    maxStake: zod.number().int().min(1).max(100_000_000).nullable(),
    /** At most this percent of the exchanged cash becomes withdrawable when the wagering is done. */
    maxConversionPercent: zod.number().int().min(0).max(1000),
    contribution: BonusContributionSchema,
  })
  .strict();
export type CoinExchangeSettings = zod.infer<typeof CoinExchangeSettingsSchema>;

/** The most of `cash` exchanged that may become withdrawable under these settings. */
export function coinExchangeMaxConversion(settings: CoinExchangeSettings, cash: number): number {
  return Math.floor((cash * settings.maxConversionPercent) / 100);
}
