import { REFERRAL_PATHS } from '@app/contracts/paths';
import type { ReferralSummary } from '@app/contracts/referral';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The programme's terms; for a member their code and invited friends (refer-friend). */
export function referralSummaryQuery(id: number): QueryOptions<ReferralSummary> {
  return {
    queryKey: ['referral-summary', id],
    queryFn: () => request<ReferralSummary>(REFERRAL_PATHS.summary.replace(':id', String(id))),
    staleTime: 0,
  };
}
