import { z } from 'zod';
import { wholeNumber } from './whole-number.ts';

/**
 * The bonuses a player is granted (issue 14 §2, docs/promotions.md "Welcome and first-deposit bonus"):
 * the programmes' settings and the member's bonus page. Amounts are minor units.
 */

/** Percent of a stake that counts towards wagering, per game source (100 when not named). */
export const BonusContributionSchema = z
  .object({
    inhouse: z.number().int().min(0).max(100),
    crash: z.number().int().min(0).max(100),
    provider: z.number().int().min(0).max(100),
  })
  .strict();

const termsFields = {
  /** Wagering required = amount × multiple. */
  wageringMultiple: z.number().int().min(0).max(100),
  /** Days from the grant to its expiry. */
  expiryDays: z.number().int().min(1).max(365),
  /** The largest stake while the bonus is active (null: the game's own). */
  maxStake: z.number().int().min(1).max(100_000_000).nullable(),
  /** At most this much of the bonus cash becomes withdrawable when the wagering is done. */
  maxConversion: z.number().int().min(0).max(100_000_000),
  contribution: BonusContributionSchema,
};

export const WelcomeBonusSettingsSchema = z
  .object({ amount: z.number().int().min(1).max(100_000_000), ...termsFields })
  .strict();
export type WelcomeBonusSettings = z.infer<typeof WelcomeBonusSettingsSchema>;

export const FirstDepositBonusSettingsSchema = z
  .object({
    /** The bonus is this percent of the first paid deposit… */
    percent: z.number().int().min(1).max(500),
    /** …up to this amount. */
    cap: z.number().int().min(1).max(100_000_000),
    /** A first deposit below this gets no bonus. */
    minDeposit: z.number().int().min(0).max(100_000_000),
    ...termsFields,
  })
  .strict();
export type FirstDepositBonusSettings = z.infer<typeof FirstDepositBonusSettingsSchema>;

export const BONUS_STATUSES = [
  'pending',
  'active',
  'completed',
  'expired',
  'forfeited',
  'cancelled',
] as const;

/** One of the member's bonuses as the bonus page shows it. */
export const MyBonusSchema = z.object({
  id: z.number().int(),
  /** The programme that granted it (`welcome-bonus`, `first-deposit-bonus`, …). */
  source: z.string(),
  amount: z.number().int(),
  status: z.enum(BONUS_STATUSES),
  wageringRequired: z.number().int(),
  wageringProgress: z.number().int(),
  wageringMultiple: z.number(),
  maxStake: z.number().int().nullable(),
  maxConversion: z.number().int(),
  contribution: z.record(z.string(), z.number()),
  /** What became withdrawable at completion. */
  converted: z.number().int().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type MyBonus = z.infer<typeof MyBonusSchema>;

export const MyBonusesSchema = z.object({
  active: MyBonusSchema.nullable(),
  pending: z.array(MyBonusSchema),
  history: z.array(MyBonusSchema),
  /** Whether this member can still get the first-deposit bonus (the top-up dialog's text). */
  firstDepositOffer: z.boolean(),
});
export type MyBonuses = z.infer<typeof MyBonusesSchema>;

/** The forfeit names the active bonus the player saw, so a double tap never forfeits the next one. */
export const BonusForfeitRequestSchema = z.object({ id: wholeNumber(1, Number.MAX_SAFE_INTEGER) });
export type BonusForfeitRequest = z.infer<typeof BonusForfeitRequestSchema>;

/** The forfeit of the active bonus: the balance after it. */
export const BonusForfeitResponseSchema = z.object({
  forfeited: MyBonusSchema,
  /** The balances after it, named as in the profile. */
  money: z.number().int(),
  withdrawMoney: z.number().int(),
});
export type BonusForfeitResponse = z.infer<typeof BonusForfeitResponseSchema>;
