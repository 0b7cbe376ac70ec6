import type { DiamondSpinWinner } from '@app/contracts/diamonds';
import { DIAMOND_SPIN_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** `diamond-spin/winners`: the latest wins, mobiles masked. */
export function diamondSpinWinnersQuery(): QueryOptions<DiamondSpinWinner[]> {
  return {
    queryKey: ['diamond-spin-winners'],
    queryFn: () => request<DiamondSpinWinner[]>(DIAMOND_SPIN_PATHS.winners),
    staleTime: 10_000,
  };
}
