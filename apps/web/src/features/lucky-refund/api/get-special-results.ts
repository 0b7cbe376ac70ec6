import type { Raffle } from '@app/contracts/lucky-refund';
import { LUCKY_REFUND_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** This week's Saturday raffle (its jackpot, entries and close). */
export const specialResultsQuery: QueryOptions<{ raffle: Raffle | null }> = {
  queryKey: ['lucky-refund-special'],
  queryFn: () => request<{ raffle: Raffle | null }>(LUCKY_REFUND_PATHS.specialResults),
  staleTime: 0,
};

/** The last Saturday raffles drawn and paid, newest first. */
export const pastRafflesQuery: QueryOptions<{ raffles: Raffle[] }> = {
  queryKey: ['lucky-refund-raffles'],
  queryFn: () => request<{ raffles: Raffle[] }>(LUCKY_REFUND_PATHS.specialResultsV2),
  staleTime: 0,
};
