import type { MallOrder } from '@app/contracts/mall';
import { MALL_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

type OrderPage = { list: MallOrder[]; total: number; page: number; size: number };

/** The member's orders, newest first (the first 50). */
export function ordersQuery(): QueryOptions<OrderPage> {
  return {
    queryKey: ['mall-orders'],
    queryFn: () => request<OrderPage>(MALL_PATHS.orders, { params: { page: 1, size: 50 } }),
    staleTime: 0,
  };
}
