import type { CartLine, CheckoutResult } from '@app/contracts/mall';
import { MALL_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/**
 * Buys the cart (goods id, unitPrice, count, couponType) with at most one coupon. `requestId` is made once
 * per checkout: sent again on a retry, it is the same order (never a second charge).
 */
export function checkout(input: {
  requestId: string;
  goods: CartLine[];
  couponId: number | undefined;
}): Promise<CheckoutResult> {
  return request<CheckoutResult>(MALL_PATHS.checkout, {
    method: 'POST',
    bodyType: 'json',
    data: { requestId: input.requestId, goods: input.goods, couponId: input.couponId },
  });
}
