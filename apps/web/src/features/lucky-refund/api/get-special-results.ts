import type { Raffle } from '@app/contracts/lucky-refund';
import { LUCKY_REFUND_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** This week's Saturday raffle (its jackpot, entries and close). */
export function specialResultsQuery(): QueryOptions<{ raffle: Raffle | null }> {
  return {
    queryKey: ['lucky-refund-special'],
    queryFn: () => request<{ raffle: Raffle | null }>(LUCKY_REFUND_PATHS.specialResults),
    staleTime: 0,
  };
}
