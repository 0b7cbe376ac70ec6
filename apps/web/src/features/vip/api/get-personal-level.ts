import { VIP_PATHS } from '@app/contracts/paths';
import type { VipPersonalLevel } from '@app/contracts/vip';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** `vip/personal-level`: the member's level, points and year; fresh on each visit (points move with bets). */
export function personalLevelQuery(): QueryOptions<VipPersonalLevel> {
  return {
    queryKey: ['vip-personal-level'],
    queryFn: () => request<VipPersonalLevel>(VIP_PATHS.personalLevel),
    staleTime: 0,
  };
}
