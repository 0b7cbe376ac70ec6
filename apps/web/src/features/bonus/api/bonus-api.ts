import type { BonusForfeitResponse, MyBonuses } from '@app/contracts/bonus';
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
