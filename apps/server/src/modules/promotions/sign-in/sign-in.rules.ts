import { addDays } from '@app/contracts/market-calendar';
import { SIGN_IN_DAYS, type DailyBonusEntry } from '@app/contracts/sign-in';

/** The member's latest claim: its site day and the cycle day it counted as. */
export type LastClaim = { siteDay: string; cycleDay: number };

/**
 * The cycle day a claim on `today` counts as: the day after yesterday's claim (day 7 is followed by day 1),
 * or day 1 when yesterday was missed (or never claimed). Both days are site days (`siteDayOf`): the streak
 * and the claim use the same day, never "24 h since the last claim".
 */
export function cycleDayFor(today: string, last: LastClaim | undefined): number {
  if (!last || last.siteDay !== addDays(today, -1)) return 1;
  return (last.cycleDay % SIGN_IN_DAYS) + 1;
}

/**
 * The 7 entries the overlay shows on `today`. When today is claimed: the cycle that claim belongs to, days up
 * to today's claimed. When not: the cycle today's claim would continue, the days before it claimed, today's
 * claimable. `amounts` are the programme's 7 amounts (day 1 … 7).
 */
export function previewOf(
  today: string,
  latest: LastClaim | undefined,
  amounts: readonly number[],
): DailyBonusEntry[] {
  const claimedToday = latest?.siteDay === today;
  const current = claimedToday ? (latest as LastClaim).cycleDay : cycleDayFor(today, latest);
  return Array.from({ length: SIGN_IN_DAYS }, (_, index) => {
    const day = index + 1;
    const claimed = day < current || (claimedToday && day === current);
    return {
      day,
      status: claimed ? 1 : 0,
      cashBack: amounts[index] ?? 0,
      today: day === current,
      grand: day === SIGN_IN_DAYS,
    };
  });
}
