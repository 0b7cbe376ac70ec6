import { DAILY_PATHS } from '@app/contracts/paths';
import type { DailyBonusEntry } from '@app/contracts/sign-in';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/**
 * The 7 sign-in days (spec §7 `daily-bonus/preview` with a timestamp query): a member's own, or for a
 * visitor a new cycle's days with what they pay (the server's answer without a member), kept apart.
 * Fresh for 30 s: the home route starts the member's with the home page's own requests, and the popup and
 * the page then read that answer instead of asking again later. A claim refetches it.
 */
export function dailyBonusQuery(isLoggedIn: boolean): QueryOptions<DailyBonusEntry[]> {
  return {
    queryKey: isLoggedIn ? ['daily-bonus'] : ['daily-bonus', 'visitor'],
    queryFn: () =>
      request<DailyBonusEntry[]>(DAILY_PATHS.signInPreview, { params: { timestamp: Date.now() } }),
    staleTime: 30_000,
  };
}
