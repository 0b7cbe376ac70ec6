import type { RoundResults } from '@app/contracts/lucky-refund';
import { LUCKY_REFUND_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The last paid round's results. */
export function latestResultsQuery(): QueryOptions<RoundResults> {
  return {
    queryKey: ['lucky-refund-latest'],
    queryFn: () => request<RoundResults>(LUCKY_REFUND_PATHS.latestResults),
    staleTime: 0,
  };
}
