import { DAILY_PATHS } from '@app/contracts/paths';
import type { DailyBonusEntry } from '@app/contracts/sign-in';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The member's 7 sign-in days (spec §7 `daily-bonus/preview` with a timestamp query). */
export function getDailyBonus(): Promise<DailyBonusEntry[]> {
  return request<DailyBonusEntry[]>(DAILY_PATHS.signInPreview, { params: { timestamp: Date.now() } });
}

/**
 * Fresh for 30 s: the home route starts it with the home page's own requests, and the popup and the page
 * then read that answer instead of asking again later. A claim refetches it.
 */
export const dailyBonusQuery: QueryOptions<DailyBonusEntry[]> = {
  queryKey: ['daily-bonus'],
  queryFn: getDailyBonus,
  staleTime: 30_000,
};
