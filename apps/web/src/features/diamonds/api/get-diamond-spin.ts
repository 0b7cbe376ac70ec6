import type { DiamondSpinConfig } from '@app/contracts/diamonds';
import { DIAMOND_SPIN_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** `diamond-spin/cfg`: the published wheel, the bet options and today's pools. */
export function diamondSpinQuery(): QueryOptions<DiamondSpinConfig> {
  return {
    queryKey: ['diamond-spin'],
    queryFn: () => request<DiamondSpinConfig>(DIAMOND_SPIN_PATHS.cfg),
    staleTime: 0,
  };
}
