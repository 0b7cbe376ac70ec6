import type { BonusForfeitResponse } from '@app/contracts/bonus';
import { BONUS_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Gives up the active bonus `id`; the balances after. */
export function forfeitBonus(id: number): Promise<BonusForfeitResponse> {
  return request<BonusForfeitResponse>(BONUS_PATHS.forfeit, { method: 'POST', data: { id } });
}
