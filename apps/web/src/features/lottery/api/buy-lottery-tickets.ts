import type { LotteryBuyResult, LotteryPay, LotteryPick } from '@app/contracts/lottery';
import { LOTTERY_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Buys tickets of a draw: the picked ones and `quick` quick picks, with cash or free tickets. */
export function buyLotteryTickets(body: {
  drawId: number;
  picks: LotteryPick[];
  quick: number;
  pay: LotteryPay;
}): Promise<LotteryBuyResult> {
  return request<LotteryBuyResult>(LOTTERY_PATHS.buy, { method: 'POST', data: body, bodyType: 'json' });
}
