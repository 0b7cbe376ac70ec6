import type { CashDrawEnterResult, LotteryPay } from '@app/contracts/lottery';
import { CASH_DRAW_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** One entry in the cash draw, with the player's seed if given. */
export function enterCashDraw(body: {
  drawId: number;
  seed?: string;
  pay: LotteryPay;
}): Promise<CashDrawEnterResult> {
  return request<CashDrawEnterResult>(CASH_DRAW_PATHS.enter, {
    method: 'POST',
    data: body,
    bodyType: 'json',
  });
}
