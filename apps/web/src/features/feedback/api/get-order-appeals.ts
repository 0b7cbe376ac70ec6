import type { Appeal } from '@app/contracts/feedback';
import { FEEDBACK_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The member's appeals of one deposit, newest first (to point at one still open). */
export function orderAppealsQuery(orderId: number): QueryOptions<Appeal[]> {
  return {
    queryKey: ['order-appeals', orderId],
    queryFn: () => request<Appeal[]>(FEEDBACK_PATHS.byOrder, { params: { orderId } }),
    staleTime: 0,
  };
}
