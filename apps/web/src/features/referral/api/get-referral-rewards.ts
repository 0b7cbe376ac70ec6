import { REFERRAL_PATHS } from '@app/contracts/paths';
import type { ReferralReward } from '@app/contracts/referral';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The rewards the member was paid by the programme `id`. */
export function referralRewardsQuery(id: number): QueryOptions<ReferralReward[]> {
  return {
    queryKey: ['referral-rewards', id],
    queryFn: () => request<ReferralReward[]>(REFERRAL_PATHS.rewards.replace(':id', String(id))),
    staleTime: 0,
  };
}
