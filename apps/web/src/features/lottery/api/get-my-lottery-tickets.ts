import type { LotteryMyTickets } from '@app/contracts/lottery';
import { LOTTERY_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The member's tickets, newest first, with their results once settled. */
export function myLotteryTicketsQuery(page: number): QueryOptions<LotteryMyTickets> {
  return {
    queryKey: ['lottery-my-tickets', page],
    queryFn: () => request<LotteryMyTickets>(LOTTERY_PATHS.myTickets, { params: { page, size: 20 } }),
    staleTime: 0,
  };
}
