import type { MallCoupons } from '@app/contracts/mall';
import { MALL_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The caller's mall coupons (those that apply to codes bought with cash are offered at the purchase). */
export function myCouponsQuery(token: string | undefined): QueryOptions<MallCoupons> {
  return {
    queryKey: ['lucky-refund-coupons', token ?? null],
    queryFn: () => request<MallCoupons>(MALL_PATHS.coupons),
    staleTime: 0,
  };
}
