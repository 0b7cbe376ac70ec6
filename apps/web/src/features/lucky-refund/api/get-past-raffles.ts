import type { Raffle } from '@app/contracts/lucky-refund';
import { LUCKY_REFUND_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The last Saturday raffles drawn and paid, newest first. */
export function pastRafflesQuery(): QueryOptions<{ raffles: Raffle[] }> {
  return {
    queryKey: ['lucky-refund-raffles'],
    queryFn: () => request<{ raffles: Raffle[] }>(LUCKY_REFUND_PATHS.specialResultsV2),
    staleTime: 0,
  };
}
