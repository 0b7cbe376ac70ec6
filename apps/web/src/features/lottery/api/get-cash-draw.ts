import type { CashDrawCurrent } from '@app/contracts/lottery';
import { CASH_DRAW_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The cash draw on sale (or the next), the latest draws and the terms. */
export function cashDrawQuery(): QueryOptions<CashDrawCurrent> {
  return {
    queryKey: ['cash-draw'],
    queryFn: () => request<CashDrawCurrent>(CASH_DRAW_PATHS.current),
    staleTime: 0,
  };
}
