import type { CashDrawMyEntries } from '@app/contracts/lottery';
import { CASH_DRAW_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The member's cash draw entries with their results once settled. */
export function myCashDrawEntriesQuery(): QueryOptions<CashDrawMyEntries> {
  return {
    queryKey: ['cash-draw-my-entries'],
    queryFn: () => request<CashDrawMyEntries>(CASH_DRAW_PATHS.myEntries, { params: { page: 1, size: 20 } }),
    staleTime: 0,
  };
}
