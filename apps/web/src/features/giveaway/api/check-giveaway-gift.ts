import type { GiveawayGift } from '@app/contracts/giveaway';
import { GIVEAWAY_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Step 1: the gift a new mobile would receive (a registered one is refused). */
export function checkGiveawayGift(data: { id: number; mobile: string }): Promise<GiveawayGift> {
  return request<GiveawayGift>(GIVEAWAY_PATHS.gifts, { method: 'POST', data });
}
