import type { CoinSpinState } from '@app/contracts/coin-spin';
import { DAILY_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** Today's wheel: the published pool, the seed commitment, whether the member may spin. */
export function coinSpinQuery(id: number): QueryOptions<CoinSpinState> {
  return {
    queryKey: ['coin-spin', id],
    queryFn: () => request<CoinSpinState>(DAILY_PATHS.coinSpin.replace(':id', String(id))),
    staleTime: 0,
  };
}
