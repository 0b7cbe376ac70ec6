import { DAILY_PATHS } from '@app/contracts/paths';
import type { DailyBonusSignResult } from '@app/contracts/sign-in';
import { request } from '../../../lib/request.ts';

/**
 * Claims today's bonus (spec §7 POST `daily-bonus/sign`, no body). A refusal is the server's message as a
 * toast (spec §8), so a 403 (a self-excluded member) stays here rather than going home.
 */
export function signDailyBonus(): Promise<DailyBonusSignResult> {
  return request<DailyBonusSignResult>(DAILY_PATHS.signIn, { method: 'POST', redirectOnStatus: false });
}
