import type { PlayerLimits } from '@app/contracts/limits';
import { ACCOUNT_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The member's limits, what counts against them and raises waiting; fresh on each visit. */
export function limitsQuery(): QueryOptions<PlayerLimits> {
  return { queryKey: ['limits'], queryFn: getLimits, staleTime: 0 };
}

export function getLimits(): Promise<PlayerLimits> {
  return request<PlayerLimits>(ACCOUNT_PATHS.limits);
}
