import type { CollectCardsOrderChance } from '@app/contracts/collect-cards';
import { COLLECT_CARDS_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/**
 * What a paid deposit gave in collect-cards (read only): the server gives a paid deposit its chances from
 * the deposit's money fact, whatever page the player saw; `available` while they are on their way.
 */
export function getDepositChance(orderNo: string): Promise<CollectCardsOrderChance> {
  return request<CollectCardsOrderChance>(COLLECT_CARDS_PATHS.chances, { params: { orderNo } });
}
