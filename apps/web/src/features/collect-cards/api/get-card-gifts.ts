import type { CollectCardsGift } from '@app/contracts/collect-cards';
import { COLLECT_CARDS_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The member's completed sets and the gift each paid, newest first; keyed by member. */
export function cardGiftsQuery(memberId: number | undefined): QueryOptions<CollectCardsGift[]> {
  return {
    queryKey: ['collect-cards-gifts', memberId],
    queryFn: () => request<CollectCardsGift[]>(COLLECT_CARDS_PATHS.gifts),
    staleTime: 0,
  };
}
