import type { DrawWinners } from '@app/contracts/lottery';
import { LOTTERY_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** A settled draw's winners (masked), best tier first. */
export function lotteryWinnersQuery(drawId: number): QueryOptions<DrawWinners> {
  return {
    queryKey: ['lottery-winners', drawId],
    queryFn: () => request<DrawWinners>(LOTTERY_PATHS.winners, { params: { drawId, page: 1, size: 50 } }),
    staleTime: 0,
  };
}
