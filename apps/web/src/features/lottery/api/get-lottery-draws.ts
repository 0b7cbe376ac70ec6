import type { LotteryDraws } from '@app/contracts/lottery';
import { LOTTERY_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The next main and daily draws, the latest results and the rules; fresh on every visit (sales and jackpots move). */
export function lotteryDrawsQuery(): QueryOptions<LotteryDraws> {
  return {
    queryKey: ['lottery-draws'],
    queryFn: () => request<LotteryDraws>(LOTTERY_PATHS.draws),
    staleTime: 0,
  };
}
