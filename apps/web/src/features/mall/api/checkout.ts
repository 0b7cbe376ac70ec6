import type { CartLine, CheckoutResult } from '@app/contracts/mall';
import { MALL_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** A fresh id for one checkout: sent again on a retry, it is the same order (never a second charge). */
export function newCheckoutId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Buys the cart (goods id, unitPrice, count, couponType) with at most one coupon. */
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
