import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';

/**
 * Coin spin (spec promotions §2 `/games/coin-spin/{id}`; paths of our design, docs/api.md "Coin spin"):
 * one free spin per member and site day over the day's published, finite prize pool. docs/promotions.md
 * "Coin spin" says how the outcome is drawn and proven.
 */
export const CoinSpinPrizeSchema = zod.object({
  /** Position in the published pool (the wheel's segment order). */
  index: zod.number().int().min(0),
  /** Coins (minor units of bonusMoney) and cash (minor units, bonus cash) the prize pays. */
  coins: zod.number().int().min(0),
  cash: zod.number().int().min(0),
  /** How many the day's pool holds, and how many are left now. */
  count: zod.number().int().min(0),
  remaining: zod.number().int().min(0),
});
export type CoinSpinPrize = zod.infer<typeof CoinSpinPrizeSchema>;

export const CoinSpinIdParamsSchema = zod.object({ id: wholeNumber(1, 2_147_483_647) });

export const CoinSpinStateSchema = zod.object({
  id: zod.number().int(),
  siteDay: zod.string(),
  /** SHA-256 of the day's server seed, published before the first spin; the seed is revealed the next day. */
  serverSeedHash: zod.string(),
  prizes: zod.array(CoinSpinPrizeSchema),
  /** Whether the member may spin now (logged in, not spun today, signed in today when the programme asks). */
  canSpin: zod.boolean(),
  spunToday: zod.boolean(),
  needsSignIn: zod.boolean(),
});
export type CoinSpinState = zod.infer<typeof CoinSpinStateSchema>;

export const CoinSpinRequestSchema = zod.object({
  /** The member's client seed for this spin (printable ASCII, 1–64); one is made when absent. */
  clientSeed: zod
    .string()
    .regex(/^[\x20-\x7e]{1,64}$/)
    .optional(),
});
export type CoinSpinRequest = zod.infer<typeof CoinSpinRequestSchema>;

export const CoinSpinRecordSchema = zod.object({
  id: zod.number().int(),
  siteDay: zod.string(),
  prizeIndex: zod.number().int(),
  coins: zod.number().int(),
  cash: zod.number().int(),
  serverSeedHash: zod.string(),
  /** Revealed once the site day is over (null before). */
  serverSeed: zod.string().nullable(),
  clientSeed: zod.string(),
  nonce: zod.number().int(),
  /** The pool's remaining counts, in published order, when the spin was drawn: the wheel it was drawn on. */
  remainingBefore: zod.array(zod.number().int()),
  createdAt: zod.string(),
});
export type CoinSpinRecord = zod.infer<typeof CoinSpinRecordSchema>;

export const CoinSpinResultSchema = CoinSpinRecordSchema.extend({
  money: zod.number().int(),
  bonusMoney: zod.number().int(),
});
export type CoinSpinResult = zod.infer<typeof CoinSpinResultSchema>;

export const CoinSpinRecordsSchema = zod.array(CoinSpinRecordSchema);
