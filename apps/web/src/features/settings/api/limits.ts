import type { PlayerLimits, SetLimitsBody } from '@app/contracts/limits';
import { ACCOUNT_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The member's limits, what counts against them and raises waiting; fresh on each visit. */
export function limitsQuery(): QueryOptions<PlayerLimits> {
  return {
    queryKey: ['limits'],
    queryFn: () => request<PlayerLimits>(ACCOUNT_PATHS.limits),
    staleTime: 0,
  };
}

/** Changes limits (a lower one at once, a raise or removal after the cooling-off); answers them all. */
export function saveLimits(body: SetLimitsBody): Promise<PlayerLimits> {
  return request<PlayerLimits>(ACCOUNT_PATHS.limits, { method: 'POST', data: body, bodyType: 'json' });
}
