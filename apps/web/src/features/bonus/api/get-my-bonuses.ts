import type { MyBonuses } from '@app/contracts/bonus';
import { BONUS_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The member's bonuses (docs/api.md "Bonuses"); fresh on each visit (wagering moves with every bet). */
export function myBonusesQuery(): QueryOptions<MyBonuses> {
  return {
    queryKey: ['my-bonuses'],
    queryFn: getMyBonuses,
    staleTime: 0,
  };
}

export function getMyBonuses(): Promise<MyBonuses> {
  return request<MyBonuses>(BONUS_PATHS.myBonuses);
}
