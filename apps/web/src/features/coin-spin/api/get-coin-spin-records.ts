import type { CoinSpinRecord } from '@app/contracts/coin-spin';
import { DAILY_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The member's spins, newest first (a day's server seed is shown once the day is over). */
export function coinSpinRecordsQuery(id: number): QueryOptions<CoinSpinRecord[]> {
  return {
    queryKey: ['coin-spin-records', id],
    queryFn: () => request<CoinSpinRecord[]>(DAILY_PATHS.coinSpinRecords.replace(':id', String(id))),
    staleTime: 0,
  };
}
