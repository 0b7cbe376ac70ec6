import { addDays, calendarDayOf, isoWeekOf, siteDayOf } from '@app/contracts/market-calendar';
import type { CountryProfile } from '@app/contracts/country';
import {
  BENEFIT_STATU,
  BENEFIT_STATU_ORDER,
  BENEFIT_TYPE,
  benefitAssetOf,
  VIP_LEVEL_NAMES,
  type VipBenefitSetting,
  type VipSettings,
} from '@app/contracts/vip';

/**
 * The VIP programme's rules as pure functions (docs/promotions.md "VIP levels and benefits"): the market's
 * calendar, points from stakes, levels from points, and each benefit's period and state.
 */

export type Market = Pick<CountryProfile, 'timeZone' | 'promotions' | 'scale'>;

/** The market's calendar year of an instant. */
export function vipYearOf(instant: Date, timeZone: string): number {
  return Number(calendarDayOf(instant, timeZone).slice(0, 4));
}

/** Whether a calendar date (`YYYY-MM-DD`) is one of the configured holidays (`MM-DD` every year, or a full date). */
export function isHoliday(date: string, holidays: readonly string[]): boolean {
  return holidays.includes(date) || holidays.includes(date.slice(5));
}

/**
 * The weighted stake (minor units) a real-money stake adds on a date: the stake times the holiday
 * multiplier on a holiday. Points are the year's weighted stake in whole units of the currency.
 */
export function weightedStakeOf(
  realStake: number,
  date: string,
  settings: Pick<VipSettings, 'holidays' | 'holidayMultiplier'>,
): number {
  return isHoliday(date, settings.holidays) ? realStake * settings.holidayMultiplier : realStake;
}

/** Whole points (BP) of a weighted stake: one per unit of the currency. */
export function pointsOf(weightedStake: number, scale: number): number {
  return Math.floor(Math.max(0, weightedStake) / scale);
}

/** The level (1 to 10) a number of points reaches with these thresholds. */
export function levelOf(points: number, thresholds: readonly number[]): number {
  let level = 1;
  thresholds.forEach((start, index) => {
    if (points >= start) level = index + 1;
  });
  return level;
}

export function levelNameOf(level: number): string {
  return VIP_LEVEL_NAMES[level - 1] ?? VIP_LEVEL_NAMES[0];
}

/** The way to the next level: how many points are missing and the percent done from this level's start. */
export function progressOf(
  points: number,
  thresholds: readonly number[],
): { level: number; next: number | null; pointsToNext: number; progress: number } {
  const level = levelOf(points, thresholds);
  const nextStart = thresholds[level];
  if (nextStart === undefined) return { level, next: null, pointsToNext: 0, progress: 100 };
  const start = thresholds[level - 1] ?? 0;
  const progress = Math.min(100, Math.floor(((points - start) * 10_000) / (nextStart - start)) / 100);
  return { level, next: level + 1, pointsToNext: nextStart - points, progress };
}

/** A window's bound as a full date of `year` (an `MM-DD` bound repeats every year). */
function boundOf(bound: string, year: number): string {
  return bound.length === 5 ? `${year}-${bound}` : bound;
}

/** Whether a date lies in a window (bounds included); a window from December to January wraps the year. */
export function inWindow(date: string, window: { from: string; to: string }): boolean {
  const year = Number(date.slice(0, 4));
  const from = boundOf(window.from, year);
  const to = boundOf(window.to, year);
  if (from <= to) return date >= from && date <= to;
  return date >= from || date <= to;
}

/**
 * Whether `today` is in the member's anniversary window: from the registration's month and day in this
 * year, for `days` days; never in the year of the registration itself (a first anniversary comes a year on).
 * A 29 February registration has its anniversary on 1 March in other years.
 */
export function inAnniversaryWindow(today: string, registeredOn: string, days: number): boolean {
  const year = Number(today.slice(0, 4));
  if (year <= Number(registeredOn.slice(0, 4))) return false;
  const [, month, day] = registeredOn.split('-').map(Number) as [number, number, number];
  const start = new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
  return today >= start && today <= addDays(start, days - 1);
}

export type BenefitAsset = 'cash' | 'coins' | 'tickets';

/** What a benefit pays in, or none for the types that only lead somewhere. */
export const assetOf = benefitAssetOf;

export type PeriodKind = 'level' | 'day' | 'week' | 'month' | 'year' | 'none';

/** How often a benefit may be claimed (docs/promotions.md "VIP levels and benefits"). */
export function periodKindOf(benefit: Pick<VipBenefitSetting, 'type' | 'window'>): PeriodKind {
  switch (benefit.type) {
    case BENEFIT_TYPE.cashBonus:
      return benefit.window ? 'year' : 'level';
    case BENEFIT_TYPE.dailyCoins:
      return 'day';
    case BENEFIT_TYPE.weeklyCoins:
      return 'week';
    case BENEFIT_TYPE.freeTickets:
      return 'month';
    case BENEFIT_TYPE.anniversaryCash:
      return 'year';
    default:
      return 'none';
  }
}

export type ClaimContext = {
  now: Date;
  market: Market;
  level: number;
  /** The member's registration, for the anniversary. */
  registeredAt: Date;
  anniversaryDays: number;
};

/**
 * The period a claim of this benefit now falls in (the claim table's key), or undefined when it cannot be
 * claimed now (outside its window). Cash bonus: once per level reached per year (`<year>-L<level>`);
 * seasonal cash (a window): once per year in it; daily coins: the site day; weekly coins: the market's ISO
 * week; free tickets: the month; anniversary cash: once per year in the anniversary window.
 */
export function periodOf(
  benefit: Pick<VipBenefitSetting, 'type' | 'window'>,
  context: ClaimContext,
): string | undefined {
  const today = calendarDayOf(context.now, context.market.timeZone);
  const year = today.slice(0, 4);
  switch (periodKindOf(benefit)) {
    case 'level':
      return `${year}-L${context.level}`;
    case 'day':
      return siteDayOf(context.now, context.market);
    case 'week':
      return isoWeekOf(today);
    case 'month':
      return today.slice(0, 7);
    case 'year':
      if (benefit.type === BENEFIT_TYPE.anniversaryCash) {
        const registeredOn = calendarDayOf(context.registeredAt, context.market.timeZone);
        return inAnniversaryWindow(today, registeredOn, context.anniversaryDays) ? year : undefined;
      }
      return benefit.window && inWindow(today, benefit.window) ? year : undefined;
    default:
      return undefined;
  }
}

/** The lowest level that has the benefit, or null. */
export function minLevelOf(benefit: Pick<VipBenefitSetting, 'amounts'>): number | null {
  const index = benefit.amounts.findIndex((amount) => amount > 0);
  return index < 0 ? null : index + 1;
}

/**
 * A benefit's `statu` and `state` for a member at a level: locked (9) when off or not at the level; a
 * claimable type is available (0) when its period is open and unclaimed, claimed (1) when this period's
 * claim exists, not now (-1) outside its window; a type that only leads somewhere is available at the level.
 */
export function benefitStateOf(
  benefit: VipBenefitSetting,
  level: number,
  period: string | undefined,
  claimedPeriods: ReadonlySet<string>,
): { statu: number; state: number } {
  const amount = benefit.amounts[level - 1] ?? 0;
  if (!benefit.enable || amount <= 0) return { statu: BENEFIT_STATU.locked, state: -1 };
  if (assetOf(benefit.type) === 'none') return { statu: BENEFIT_STATU.available, state: -1 };
  if (period === undefined) return { statu: BENEFIT_STATU.notNow, state: -1 };
  if (claimedPeriods.has(period)) return { statu: BENEFIT_STATU.claimed, state: 1 };
  return { statu: BENEFIT_STATU.available, state: 0 };
}

/** Spec §4: the list ordered by statu 0, 1, -1, 9 (stable within a statu). */
export function sortByStatu<T extends { statu: number }>(benefits: readonly T[]): T[] {
  const rank = (statu: number) => {
    const index = BENEFIT_STATU_ORDER.indexOf(statu);
    return index < 0 ? BENEFIT_STATU_ORDER.length : index;
  };
  return [...benefits].sort((a, b) => rank(a.statu) - rank(b.statu));
}
