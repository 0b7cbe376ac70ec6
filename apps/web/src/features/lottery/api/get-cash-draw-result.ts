import type { CashDrawResult } from '@app/contracts/lottery';
import { CASH_DRAW_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** A cash draw's winners in rank order and where the money went. */
export function cashDrawResultQuery(drawId: number): QueryOptions<CashDrawResult> {
  return {
    queryKey: ['cash-draw-result', drawId],
    queryFn: () => request<CashDrawResult>(CASH_DRAW_PATHS.results, { params: { drawId } }),
    staleTime: 0,
  };
}
