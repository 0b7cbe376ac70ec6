import type { CashRainGift } from '@app/contracts/cash-rain';
import { CASH_RAIN_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** The claim: the count only says whether the member caught anything; the server picks the packet. */
export function claimCashRainGift(input: { id: number; count: number }): Promise<CashRainGift> {
  return request<CashRainGift>(CASH_RAIN_PATHS.gifts, { method: 'POST', data: input });
}
