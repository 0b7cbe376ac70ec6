import type { CollectCardsDrawResult } from '@app/contracts/collect-cards';
import { COLLECT_CARDS_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Uses one chance: the card drawn, the set after, the gift when it completed the set, the balance after. */
export function drawCard(requestId: string): Promise<CollectCardsDrawResult> {
  return request<CollectCardsDrawResult>(COLLECT_CARDS_PATHS.draw, { method: 'POST', data: { requestId } });
}
