import type { PersonalResults } from '@app/contracts/lucky-refund';
import { LUCKY_REFUND_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The caller's prizes, refunds and jackpots, newest first (the first 50). */
export function personalResultsQuery(token: string | undefined): QueryOptions<PersonalResults> {
  return {
    queryKey: ['lucky-refund-personal-results', token ?? null],
    queryFn: () =>
      request<PersonalResults>(LUCKY_REFUND_PATHS.personalResults, { params: { page: 1, size: 50 } }),
    staleTime: 0,
  };
}
