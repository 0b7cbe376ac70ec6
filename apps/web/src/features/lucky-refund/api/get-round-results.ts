import type { RoundResults } from '@app/contracts/lucky-refund';
import { LUCKY_REFUND_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The results of round `actId` itself (a round's card, the results page's picker). */
export function roundResultsQuery(actId: number): QueryOptions<RoundResults> {
  return {
    queryKey: ['lucky-refund-round', actId],
    queryFn: () => request<RoundResults>(LUCKY_REFUND_PATHS.prevResultsV2, { params: { actId } }),
    staleTime: 0,
  };
}
