import { DAILY_PATHS } from '@app/contracts/paths';
import type { DailyBonusEntry } from '@app/contracts/sign-in';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The member's 7 sign-in days (spec §7 `daily-bonus/preview` with a timestamp query). */
export function getDailyBonus(): Promise<DailyBonusEntry[]> {
  return request<DailyBonusEntry[]>(DAILY_PATHS.signInPreview, { params: { timestamp: Date.now() } });
}

export const dailyBonusQuery: QueryOptions<DailyBonusEntry[]> = {
  queryKey: ['daily-bonus'],
  queryFn: getDailyBonus,
  staleTime: 0,
};
