import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';

/**
 * Daily sign-in (spec promotions §3, §4, §7: `daily-bonus/preview`, `daily-bonus/sign`). Seven days a
 * cycle, one claim per member and site day; `cashBack` is the day's amount in minor units of the
 * programme's asset (coins by default: the profile's bonusMoney). docs/promotions.md "Daily sign-in".
 */
export const SIGN_IN_DAYS = 7;
export const SIGN_IN_ASSETS = ['coins', 'cash'] as const;
export type SignInAsset = (typeof SIGN_IN_ASSETS)[number];

/** `timestamp`: the app's cache breaker (spec §7); the server's clock decides the day. */
export const DailyBonusPreviewQuerySchema = zod.object({
  timestamp: wholeNumber(0, Number.MAX_SAFE_INTEGER).optional(),
});

export const DailyBonusEntrySchema = zod.object({
  day: zod.number().int().min(1).max(SIGN_IN_DAYS),
  /** 0 not claimed (today's claimable when `today`), 1 claimed. */
  status: zod.union([zod.literal(0), zod.literal(1)]),
  cashBack: zod.number().int(),
  today: zod.boolean(),
  grand: zod.boolean(),
});
export type DailyBonusEntry = zod.infer<typeof DailyBonusEntrySchema>;

export const DailyBonusPreviewSchema = zod.array(DailyBonusEntrySchema);

/** What a claim paid, and the member's balances after it (named as in the profile). */
export const DailyBonusSignResultSchema = zod.object({
  day: zod.number().int(),
  cashBack: zod.number().int(),
  asset: zod.enum(SIGN_IN_ASSETS),
  siteDay: zod.string(),
  money: zod.number().int(),
  bonusMoney: zod.number().int(),
});
export type DailyBonusSignResult = zod.infer<typeof DailyBonusSignResultSchema>;
