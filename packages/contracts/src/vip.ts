import { z as zod } from 'zod';
import { MonthDaySchema } from './calendar-day.ts';
import { wholeNumber } from './whole-number.ts';

/**
 * VIP levels and benefits (issue 15 §1 §2, spec §3 "VIP benefit", §4, §7 vip; docs/promotions.md "VIP
 * levels and benefits"). Points (BP) are counted per calendar year of the market: one unit of the currency
 * staked from real money is 1 BP (the holiday multiplier on the market's configured holidays).
 */

/** Levels 1 to 10 (spec §4), by index + 1. */
export const VIP_LEVEL_NAMES = [
  'Novice',
  'Battler',
  'Veteran',
  'Exemplar',
  'Master',
  'Knight',
  'Lord',
  'Hero',
  'Champion',
  'Legend',
] as const;
export const VIP_LEVEL_COUNT = VIP_LEVEL_NAMES.length;

/** Benefit types (spec §3): 0 to 11. Christmas and Easter cash are type 0 benefits with a date window. */
export const BENEFIT_TYPE = {
  cashBonus: 0,
  cashback: 1,
  dailyCoins: 2,
  cashRain: 3,
  customerService: 4,
  vipManager: 5,
  diamondExchange: 6,
  anniversaryCash: 7,
  freeTickets: 8,
  weeklyCoins: 9,
  mallA: 10,
  mallB: 11,
} as const;

/** What a benefit pays in (cash and coins in minor units, tickets whole), or none for those that lead somewhere. */
export function benefitAssetOf(type: number): 'cash' | 'coins' | 'tickets' | 'none' {
  if (type === BENEFIT_TYPE.cashBonus || type === BENEFIT_TYPE.anniversaryCash) return 'cash';
  if (type === BENEFIT_TYPE.dailyCoins || type === BENEFIT_TYPE.weeklyCoins) return 'coins';
  if (type === BENEFIT_TYPE.freeTickets) return 'tickets';
  return 'none';
}

/**
 * A benefit's `statu` (spec §3; the list is ordered 0, 1, -1, 9, spec §4). Our reading: 0 available now
 * (claimable, or a link to follow), 1 claimed for the current period, -1 the member's level has it but not
 * now (outside its window), 9 locked (a higher level has it, or it is switched off).
 */
export const BENEFIT_STATU = { available: 0, claimed: 1, notNow: -1, locked: 9 } as const;
export const BENEFIT_STATU_ORDER: readonly number[] = [0, 1, -1, 9];

/** `MM-DD` (every year) or `YYYY-MM-DD` (that year only: Easter moves). */
const CalendarDateSchema = MonthDaySchema;

/** One benefit as an operator sets it (programme `vip`). `amounts[level - 1]`: 0 = not at that level. */
export const VipBenefitSettingSchema = zod
  .object({
    id: zod.number().int().min(1).max(999),
    type: zod.number().int().min(0).max(11),
    name: zod.string().trim().min(1).max(60),
    /** The name in the other languages (operator content translated per row). */
    translations: zod
      .object({
        fr: zod.string().trim().max(60).optional(),
        pt: zod.string().trim().max(60).optional(),
        sw: zod.string().trim().max(60).optional(),
      })
      .default({}),
    enable: zod.boolean(),
    /**
     * Per level 1 to 10: cash in minor units (types 0, 7), coins in minor units (2, 9), tickets (8); for the
     * types that only lead somewhere, any positive number means the level has it.
     */
    amounts: zod.array(zod.number().int().min(0).max(100_000_000)).length(VIP_LEVEL_COUNT),
    /** Type 0 only: a cash benefit claimable once a year between these dates (Christmas, Easter). */
    window: zod.object({ from: CalendarDateSchema, to: CalendarDateSchema }).optional(),
  })
  .refine((benefit) => benefit.window === undefined || benefit.type === BENEFIT_TYPE.cashBonus, {
    message: 'only a cash benefit (type 0) has a window',
    path: ['window'],
  });
export type VipBenefitSetting = zod.infer<typeof VipBenefitSettingSchema>;

export const VipSettingsSchema = zod
  .object({
    /** Points (BP) a level starts at, levels 1 to 10: the first 0, then rising. */
    thresholds: zod.array(zod.number().int().min(0).max(1_000_000_000_000)).length(VIP_LEVEL_COUNT),
    /** The market's holidays (its calendar dates), when a unit staked earns `holidayMultiplier` BP. */
    holidays: zod.array(CalendarDateSchema).max(100),
    holidayMultiplier: zod.number().int().min(1).max(100),
    /** Days from the registration's anniversary during which the anniversary cash (7) may be claimed. */
    anniversaryDays: zod.number().int().min(1).max(31),
    benefits: zod.array(VipBenefitSettingSchema).max(40),
  })
  .refine((settings) => settings.thresholds[0] === 0, {
    message: 'level 1 starts at 0 points',
    path: ['thresholds'],
  })
  .refine(
    (settings) =>
      settings.thresholds.every((points, index) => index === 0 || points > settings.thresholds[index - 1]!),
    { message: 'each level needs more points than the one below', path: ['thresholds'] },
  )
  .refine(
    (settings) => new Set(settings.benefits.map((benefit) => benefit.id)).size === settings.benefits.length,
    {
      message: 'benefit ids must be unique',
      path: ['benefits'],
    },
  );
export type VipSettings = zod.infer<typeof VipSettingsSchema>;

/** A level as `vip/levels` lists it; `points` is where it starts (thresholds are shown: our reading of §4). */
export const VipLevelSchema = zod.object({
  id: zod.number().int(),
  name: zod.string(),
  points: zod.number().int(),
});
export type VipLevel = zod.infer<typeof VipLevelSchema>;

/** `vip/personal-level`: the caller's level this year and the way to the next. */
export const VipPersonalLevelSchema = zod.object({
  levelId: zod.number().int(),
  name: zod.string(),
  /** BP counted this year (whole points). */
  points: zod.number().int(),
  year: zod.number().int(),
  /** The next level, or null at Legend. */
  nextLevelId: zod.number().int().nullable(),
  nextLevelName: zod.string().nullable(),
  /** BP still needed for the next level (0 at Legend). */
  pointsToNext: zod.number().int(),
  /** Percent of the way from this level's start to the next (100 at Legend), 0 to 100. */
  progress: zod.number().min(0).max(100),
  enable: zod.boolean(),
});
export type VipPersonalLevel = zod.infer<typeof VipPersonalLevelSchema>;

/**
 * A VIP benefit (spec §3): id, type, name, enable, statu, state. `state` is what the app acts on (spec
 * §4: 0 means claim): 0 claimable now, 1 claimed this period, -1 nothing to claim now. `amount` is what
 * it pays at the level asked about (spec §3 glosses state as the amount; we keep both apart).
 */
export const VipBenefitSchema = zod.object({
  id: zod.number().int(),
  type: zod.number().int(),
  name: zod.string(),
  enable: zod.boolean(),
  statu: zod.number().int(),
  state: zod.number().int(),
  amount: zod.number().int(),
  /** The level the benefit starts at (the lowest with an amount), null when none has it. */
  minLevelId: zod.number().int().nullable(),
});
export type VipBenefit = zod.infer<typeof VipBenefitSchema>;

export const BenefitLevelsQuerySchema = zod.object({
  levelId: wholeNumber(1, VIP_LEVEL_COUNT).optional(),
});

/** `?benefitsIds=1,2,3` (optional): only these benefits. */
export const PersonalBenefitsQuerySchema = zod.object({
  benefitsIds: zod
    .string()
    .max(400)
    .regex(/^\d{1,3}(,\d{1,3})*$/, 'a comma-separated list of benefit ids')
    .optional(),
});

export const BenefitClaimQuerySchema = zod.object({
  benefitsId: wholeNumber(1, 999),
});

export const BenefitSettingsQuerySchema = zod.object({
  benefitId: wholeNumber(1, 999),
});

/** The claim's answer (spec §3): what was paid, in its asset's unit. */
export const BenefitClaimResultSchema = zod.object({
  id: zod.number().int(),
  type: zod.number().int(),
  cashbackAmount: zod.number().int(),
  /** cash (minor units), coins (minor units) or tickets (whole). */
  asset: zod.enum(['cash', 'coins', 'tickets']),
  period: zod.string(),
});
export type BenefitClaimResult = zod.infer<typeof BenefitClaimResultSchema>;

export const BenefitLogSchema = zod.object({
  benefitId: zod.number().int(),
  type: zod.number().int(),
  name: zod.string(),
  levelId: zod.number().int(),
  period: zod.string(),
  asset: zod.enum(['cash', 'coins', 'tickets']),
  amount: zod.number().int(),
  createTime: zod.string(),
});
export type BenefitLog = zod.infer<typeof BenefitLogSchema>;

export const BenefitLogPageSchema = zod.object({
  list: zod.array(BenefitLogSchema),
  total: zod.number().int(),
  page: zod.number().int(),
  size: zod.number().int(),
});
export type BenefitLogPage = zod.infer<typeof BenefitLogPageSchema>;

/** `benefits/settings ?benefitId`: a benefit's terms at every level (what an operator set, as players see it). */
export const BenefitSettingsViewSchema = zod.object({
  id: zod.number().int(),
  type: zod.number().int(),
  name: zod.string(),
  enable: zod.boolean(),
  asset: zod.enum(['cash', 'coins', 'tickets', 'none']),
  /** What each level gets, levels 1 to 10. */
  amounts: zod.array(zod.number().int()),
  /** How often it may be claimed: level (once per level reached a year), day, week, month, year. */
  period: zod.enum(['level', 'day', 'week', 'month', 'year', 'none']),
  window: zod.object({ from: zod.string(), to: zod.string() }).nullable(),
});
export type BenefitSettingsView = zod.infer<typeof BenefitSettingsViewSchema>;
