import type { CollectCardsChanceResult } from '@app/contracts/collect-cards';
import { COLLECT_CARDS_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/**
 * A paid deposit's chances (spec platform-core §4: the deposit result page touches the collect-cards chance
 * for the order). The server checks the order is the member's own and paid, and gives its chances once.
 */
export function touchDepositChance(orderNo: string): Promise<CollectCardsChanceResult> {
  return request<CollectCardsChanceResult>(COLLECT_CARDS_PATHS.chances, {
    method: 'POST',
    data: { orderNo },
  });
}
