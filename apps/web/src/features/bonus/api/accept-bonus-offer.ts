import type { BonusOfferDecisionResponse } from '@app/contracts/bonus';
import { BONUS_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Accepts the offer `id` (the grant, once; a second tap answers the same); the balances after. */
export function acceptBonusOffer(id: number): Promise<BonusOfferDecisionResponse> {
  return request<BonusOfferDecisionResponse>(BONUS_PATHS.acceptOffer, { method: 'POST', data: { id } });
}
