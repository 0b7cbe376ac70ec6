import type { RoundResults } from '@app/contracts/lucky-refund';
import { LUCKY_REFUND_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The results of the round before round `refundId` (the previous results popup). */
export function getPreviousResults(refundId: number): Promise<RoundResults> {
  return request<RoundResults>(LUCKY_REFUND_PATHS.prevResults, { params: { refundId } });
}

/** The results of round `actId` itself (a round's card, the results page's picker). */
export function roundResultsQuery(actId: number): QueryOptions<RoundResults> {
  return {
    queryKey: ['lucky-refund-round', actId],
    queryFn: () => request<RoundResults>(LUCKY_REFUND_PATHS.prevResultsV2, { params: { actId } }),
    staleTime: 0,
  };
}

/** The last paid round's results. */
export const latestResultsQuery: QueryOptions<RoundResults> = {
  queryKey: ['lucky-refund-latest'],
  queryFn: () => request<RoundResults>(LUCKY_REFUND_PATHS.latestResults),
  staleTime: 0,
};
