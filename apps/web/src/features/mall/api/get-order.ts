import type { MallOrder } from '@app/contracts/mall';
import { MALL_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** One of the member's orders. */
export function orderQuery(id: number): QueryOptions<MallOrder> {
  return {
    queryKey: ['mall-order', id],
    queryFn: () => request<MallOrder>(MALL_PATHS.order.replace(':id', String(id))),
    staleTime: 0,
  };
}
