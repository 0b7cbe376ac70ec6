import type { CoinSpinState } from '@app/contracts/coin-spin';
import { DAILY_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/**
 * Today's wheel: the published pool, the seed commitment, whether the member may spin. A visitor sees the
 * wheel too; the member's answer adds whether they may spin, so the two are kept apart.
 */
export function coinSpinQuery(id: number, isLoggedIn: boolean): QueryOptions<CoinSpinState> {
  return {
    queryKey: ['coin-spin', id, isLoggedIn],
    queryFn: () => request<CoinSpinState>(DAILY_PATHS.coinSpin.replace(':id', String(id))),
    staleTime: 0,
  };
}
