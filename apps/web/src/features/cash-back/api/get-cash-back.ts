import type { CashBackSummary } from '@app/contracts/cash-back';
import { CASH_BACK_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The member's week in play and last week's cash back (docs/api.md "Weekly cash back"); fresh each visit. */
export function cashBackQuery(): QueryOptions<CashBackSummary> {
  return {
    queryKey: ['cash-back'],
    queryFn: () => request<CashBackSummary>(CASH_BACK_PATHS.summary),
    staleTime: 0,
  };
}
