import { DAILY_PATHS } from '@app/contracts/paths';
import type { DailyBonusSignResult } from '@app/contracts/sign-in';
import { request } from '../../../lib/request.ts';

/** Claims today's bonus (spec §7 POST `daily-bonus/sign`, no body). */
export function signDailyBonus(): Promise<DailyBonusSignResult> {
  return request<DailyBonusSignResult>(DAILY_PATHS.signIn, { method: 'POST' });
}
