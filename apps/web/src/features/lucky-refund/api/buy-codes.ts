import type { LuckyRefundBuyResult, PayKind } from '@app/contracts/lucky-refund';
import { LUCKY_REFUND_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

const PATH_OF: Record<PayKind, string> = {
  cash: LUCKY_REFUND_PATHS.buy,
  coins: LUCKY_REFUND_PATHS.buyWithCoins,
  diamonds: LUCKY_REFUND_PATHS.buyWithDiamonds,
};

/**
 * Buys codes of a round with cash (and a mall coupon), coins or diamonds. `requestId` is made once per
 * tap: a retried request buys nothing twice.
 */
export function buyCodes(order: {
  refundId: number;
  quantity: number;
  pay: PayKind;
  couponId?: number;
  requestId: string;
}): Promise<LuckyRefundBuyResult> {
  const data: Record<string, unknown> = {
    refundId: order.refundId,
    quantity: order.quantity,
    requestId: order.requestId,
  };
  if (order.pay === 'cash' && order.couponId !== undefined) data.couponId = order.couponId;
  return request<LuckyRefundBuyResult>(PATH_OF[order.pay], { method: 'POST', data });
}
