import { CASH_RAIN_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/**
 * Whether the member already took part in today's slot `id`, shared by the home widget and the rain page
 * (fetched again after a claim).
 */
export function drawStatusQuery(token: string, id: number): QueryOptions<boolean> {
  return {
    queryKey: ['cash-rain-joined', token, id],
    queryFn: () => request<boolean>(CASH_RAIN_PATHS.drawStatus, { params: { id } }),
    staleTime: 30_000,
  };
}
