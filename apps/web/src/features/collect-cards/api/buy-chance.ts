import type { CollectCardsChanceResult } from '@app/contracts/collect-cards';
import { COLLECT_CARDS_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** One chance bought with coins; `requestId` names the tap, so a retry buys nothing more. */
export function buyChance(requestId: string): Promise<CollectCardsChanceResult> {
  return request<CollectCardsChanceResult>(COLLECT_CARDS_PATHS.buy, { method: 'POST', data: { requestId } });
}
