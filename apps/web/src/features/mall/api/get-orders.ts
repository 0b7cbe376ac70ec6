import type { MallOrder } from '@app/contracts/mall';
import { MALL_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

type OrderPage = { list: MallOrder[]; total: number; page: number; size: number };

export const ordersQuery: QueryOptions<OrderPage> = {
  queryKey: ['mall-orders'],
  queryFn: () => request<OrderPage>(MALL_PATHS.orders, { params: { page: 1, size: 50 } }),
  staleTime: 0,
};

export function orderQuery(id: number): QueryOptions<MallOrder> {
  return {
    queryKey: ['mall-order', id],
    queryFn: () => request<MallOrder>(MALL_PATHS.order.replace(':id', String(id))),
    staleTime: 0,
  };
}
