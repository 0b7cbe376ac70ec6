import type { PlayerLimits, SetLimitsBody } from '@app/contracts/limits';
import { ACCOUNT_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Changes limits (a lower one at once, a raise or removal after the cooling-off); answers them all. */
export function saveLimits(body: SetLimitsBody): Promise<PlayerLimits> {
  return request<PlayerLimits>(ACCOUNT_PATHS.limits, { method: 'POST', data: body, bodyType: 'json' });
}
