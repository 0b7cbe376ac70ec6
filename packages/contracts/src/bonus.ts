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

/**
 * A bonus offered to the member (welcome, first deposit): nothing is granted, and no limit applies, until
 * the member accepts it; an offer declined or lapsed grants nothing. The terms are those the grant will
 * have (its expiry counted from the acceptance).
 */
export const BonusOfferSchema = z.object({
  id: z.number().int(),
  /** The programme offering it (`welcome-bonus`, `first-deposit-bonus`). */
  source: z.string(),
  amount: z.number().int(),
  status: z.enum(['offered', 'accepted', 'declined', 'expired']),
  wageringMultiple: z.number(),
  wageringRequired: z.number().int(),
  /** Days the bonus runs once accepted. */
  expiryDays: z.number().int(),
  /** The largest stake while the accepted bonus is active (null: each game's own). */
  maxStake: z.number().int().nullable(),
  maxConversion: z.number().int(),
  contribution: z.record(z.string(), z.number()),
  offeredAt: z.string(),
  /** Until when the offer may be accepted. */
  expiresAt: z.string(),
  /** The grant made when it was accepted. */
  grantId: z.number().int().nullable(),
});
export type BonusOffer = z.infer<typeof BonusOfferSchema>;

export const MyBonusesSchema = z.object({
  active: MyBonusSchema.nullable(),
  pending: z.array(MyBonusSchema),
  history: z.array(MyBonusSchema),
  /** Whether this member can still get the first-deposit bonus (the top-up dialog's text). */
  firstDepositOffer: z.boolean(),
  /** Bonuses offered and not yet accepted or declined (open ones only). */
  offers: z.array(BonusOfferSchema),
});
export type MyBonuses = z.infer<typeof MyBonusesSchema>;

/** An id the player names (an offer, a game session): a whole number, nothing else (see whole-number.ts). */
const IdSchema = wholeNumber(1, Number.MAX_SAFE_INTEGER);

/** Accept or decline names the offer the player saw. */
export const BonusOfferDecisionSchema = z.object({ id: IdSchema });
export type BonusOfferDecision = z.infer<typeof BonusOfferDecisionSchema>;

/** After an accept or a decline: the offer, the bonus granted (accept) and the balances. */
export const BonusOfferDecisionResponseSchema = z.object({
  offer: BonusOfferSchema,
  bonus: MyBonusSchema.nullable(),
  money: z.number().int(),
  withdrawMoney: z.number().int(),
});
export type BonusOfferDecisionResponse = z.infer<typeof BonusOfferDecisionResponseSchema>;

/**
 * The stake limit in force for the caller in a game (every game page shows it, from the server): the
 * smaller of the game's own maximum and the active bonus's maximum stake.
 */
export const StakeLimitSchema = z.object({
  /** The largest stake accepted now. */
  maxStake: z.number().int(),
  /** The game's own maximum. */
  gameMaxStake: z.number().int(),
  /** The active bonus whose maximum stake is below the game's, if any: the way out is forfeiting it. */
  bonus: z.object({ id: z.number().int(), source: z.string(), maxStake: z.number().int() }).nullable(),
});
export type StakeLimit = z.infer<typeof StakeLimitSchema>;

/**
 * The stake limit from a game's own maximum and the active bonus's cap, if any: the bonus is named only when
 * it is what limits (a cap at or above the game's maximum changes nothing the player can see).
 */
export function stakeLimitFor(
  gameMaxStake: number,
  bonus: { id: number; source: string; maxStake: number } | undefined,
): StakeLimit {
  if (!bonus || bonus.maxStake >= gameMaxStake) return { maxStake: gameMaxStake, gameMaxStake, bonus: null };
  return { maxStake: bonus.maxStake, gameMaxStake, bonus };
}

export const StakeLimitQuerySchema = z.object({ gameId: IdSchema });

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
