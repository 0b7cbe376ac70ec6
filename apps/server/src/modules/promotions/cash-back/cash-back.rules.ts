import { addDays, midnightOf, weekOf } from '@app/contracts/market-calendar';
import type { CashBackSettings, CashBackState } from '@app/contracts/cash-back';

/**
 * The weekly cash back's pure rules (issue 15 §3, docs/promotions.md "Weekly cash back"): the week of an
 * instant, the claim window and the amount. A week is Monday 00:00 to Sunday 23:59 in the market's time
 * zone (spec §9), named by its Monday; the instants come from the market's calendar days, so they hold in
 * any time zone (ours keep no daylight saving time).
 */
const HOUR = 3_600_000;

/**
 * When a week's cash back may be claimed: from `claimOpensHour` on the Monday after it (06:00) to the end
 * of the `claimDays`-th day after it (7: Sunday 23:59 of the week after), market time; `closesAt` exclusive.
 */
export function claimWindow(
  week: string,
  timeZone: string,
  settings: Pick<CashBackSettings, 'claimOpensHour' | 'claimDays'>,
): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: new Date(midnightOf(addDays(week, 7), timeZone).getTime() + settings.claimOpensHour * HOUR),
    closesAt: midnightOf(addDays(week, 7 + settings.claimDays), timeZone),
  };
}

/**
 * The closed weeks the job settles at `now`: those ended at least `graceMs` ago whose claim window is
 * still open, newest first (the last week; more after an outage or with a window longer than a week).
 */
export function weeksToSettle(
  now: Date,
  timeZone: string,
  settings: Pick<CashBackSettings, 'claimOpensHour' | 'claimDays'>,
  graceMs: number,
): string[] {
  const weeks: string[] = [];
  let week = addDays(weekOf(new Date(now.getTime() - graceMs), timeZone), -7);
  while (claimWindow(week, timeZone, settings).closesAt > now) {
    weeks.push(week);
    week = addDays(week, -7);
  }
  return weeks;
}

/** The rate (percent) of a VIP level; a level outside 1 to 10 reads as the nearest. */
export function rateOf(level: number, rates: readonly number[]): number {
  const index = Math.min(Math.max(Math.trunc(level), 1), rates.length) - 1;
  return rates[index] ?? 0;
}

/** Hundredths of a percent, the integer the database multiplies by (rates have at most 2 decimals). */
export function basisPointsOf(rate: number): number {
  return Math.round(rate * 100);
}

/** min(cap, rate × loss), rounded down to a minor unit; nothing for no loss. Exact in integers. */
export function cashBackOf(loss: number, rate: number, cap: number): number {
  if (loss <= 0) return 0;
  const amount = (BigInt(loss) * BigInt(basisPointsOf(rate))) / 10_000n;
  return Number(amount < BigInt(cap) ? amount : BigInt(cap));
}

/** Where a settled week stands at `now` (an entitlement row, or none). */
export function stateOf(
  entitlement: { amount: number; claimedAt: Date | null } | undefined,
  settled: boolean,
  window: { opensAt: Date; closesAt: Date },
  now: Date,
): CashBackState {
  if (entitlement?.claimedAt) return 'claimed';
  if (!settled) return now >= window.closesAt ? 'expired' : 'pending';
  if (!entitlement || entitlement.amount <= 0) return 'none';
  if (now < window.opensAt) return 'not-open';
  if (now >= window.closesAt) return 'expired';
  return 'claimable';
}
