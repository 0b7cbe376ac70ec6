import type { LotteryResult } from '@app/contracts/lottery';
import { LOTTERY_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** A draw's numbers and, once settled, its tiers and where the money went. */
export function lotteryResultQuery(drawId: number): QueryOptions<LotteryResult> {
  return {
    queryKey: ['lottery-result', drawId],
    queryFn: () => request<LotteryResult>(LOTTERY_PATHS.results, { params: { drawId } }),
    staleTime: 0,
  };
}
