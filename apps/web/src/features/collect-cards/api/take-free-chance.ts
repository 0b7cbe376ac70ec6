import type { CollectCardsChanceResult } from '@app/contracts/collect-cards';
import { COLLECT_CARDS_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Today's free chance (spec §7 `POST collect-cards/free`). */
export function takeFreeChance(): Promise<CollectCardsChanceResult> {
  return request<CollectCardsChanceResult>(COLLECT_CARDS_PATHS.free, { method: 'POST', data: {} });
}
