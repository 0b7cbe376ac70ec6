import type { CashBackSummary } from '@app/contracts/cash-back';
import { CASH_BACK_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The member's week in play and last week's cash back (docs/api.md "Weekly cash back"); fresh each visit. */
export const cashBackQuery: QueryOptions<CashBackSummary> = {
  queryKey: ['cash-back'],
  queryFn: () => getCashBack(),
  staleTime: 0,
};

export function getCashBack(): Promise<CashBackSummary> {
  return request<CashBackSummary>(CASH_BACK_PATHS.summary);
}
