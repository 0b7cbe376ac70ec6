import type {
  BonusForfeitResponse,
  BonusOfferDecisionResponse,
  MyBonuses,
  StakeLimit,
} from '@app/contracts/bonus';
import { BONUS_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The member's bonuses (docs/api.md "Bonuses"); fresh on each visit (wagering moves with every bet). */
export const myBonusesQuery: QueryOptions<MyBonuses> = {
  queryKey: ['my-bonuses'],
  queryFn: () => getMyBonuses(),
  staleTime: 0,
};

export function getMyBonuses(): Promise<MyBonuses> {
  return request<MyBonuses>(BONUS_PATHS.myBonuses);
}

/** Gives up the active bonus `id`; the balances after. */
export function forfeitBonus(id: number): Promise<BonusForfeitResponse> {
  return request<BonusForfeitResponse>(BONUS_PATHS.forfeit, { method: 'POST', data: { id } });
}

/** Accepts the offer `id` (the grant, once; a second tap answers the same); the balances after. */
export function acceptBonusOffer(id: number): Promise<BonusOfferDecisionResponse> {
  return request<BonusOfferDecisionResponse>(BONUS_PATHS.acceptOffer, { method: 'POST', data: { id } });
}

/** Declines the offer `id`: nothing is granted, no limit applies. */
export function declineBonusOffer(id: number): Promise<BonusOfferDecisionResponse> {
  return request<BonusOfferDecisionResponse>(BONUS_PATHS.declineOffer, { method: 'POST', data: { id } });
}

/** The stake limit in force for the caller in game `gameId` (the game's, or the active bonus's if lower). */
export function getStakeLimit(gameId: number): Promise<StakeLimit> {
  return request<StakeLimit>(BONUS_PATHS.stakeLimit, { params: { gameId } });
}
