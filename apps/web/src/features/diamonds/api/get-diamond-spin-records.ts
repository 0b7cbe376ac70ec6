import type { DiamondSpinBet } from '@app/contracts/diamonds';
import { DIAMOND_SPIN_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** `diamond-spin/records`: the member's last 20 spins. */
export function diamondSpinRecordsQuery(): QueryOptions<DiamondSpinBet[]> {
  return {
    queryKey: ['diamond-spin-records'],
    queryFn: () => request<DiamondSpinBet[]>(DIAMOND_SPIN_PATHS.records, { params: { limit: 20 } }),
    staleTime: 0,
  };
}
