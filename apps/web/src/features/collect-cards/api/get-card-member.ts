import type { CollectCardsMember } from '@app/contracts/collect-cards';
import { COLLECT_CARDS_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The member's cards (cardSet), chances, sets and today's free chance; members only, keyed by member. */
export function cardMemberQuery(memberId: number | undefined): QueryOptions<CollectCardsMember> {
  return {
    queryKey: ['collect-cards-member', memberId],
    queryFn: () => request<CollectCardsMember>(COLLECT_CARDS_PATHS.member),
    staleTime: 0,
  };
}

/** `cardSet` ("1,3,5") as the card numbers held. */
export function cardsHeld(cardSet: string): Set<number> {
  return new Set(cardSet.split(',').filter(Boolean).map(Number));
}
