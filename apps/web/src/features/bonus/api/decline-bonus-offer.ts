import type { BonusOfferDecisionResponse } from '@app/contracts/bonus';
import { BONUS_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Declines the offer `id`: nothing is granted, no limit applies. */
export function declineBonusOffer(id: number): Promise<BonusOfferDecisionResponse> {
  return request<BonusOfferDecisionResponse>(BONUS_PATHS.declineOffer, { method: 'POST', data: { id } });
}
