import type { MemberCoupon } from '@app/contracts/mall';
import { MALL_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Takes one code of a claimable coupon (once per member). */
export function claimCoupon(couponId: number): Promise<MemberCoupon> {
  return request<MemberCoupon>(MALL_PATHS.claimCoupon, { method: 'POST', data: { couponId } });
}
