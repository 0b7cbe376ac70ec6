import type { MallCoupons } from '@app/contracts/mall';
import { MALL_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The caller's coupons and the claimable ones (a visitor sees only those). */
export function couponsQuery(token: string | undefined): QueryOptions<MallCoupons> {
  return {
    queryKey: ['mall-coupons', token ?? null],
    queryFn: () => request<MallCoupons>(MALL_PATHS.coupons),
    staleTime: 0,
  };
}
