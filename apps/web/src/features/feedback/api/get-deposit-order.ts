import { PAYMENT_PATHS } from '@app/contracts/paths';
import type { DepositRecord } from '@app/contracts/payment-records';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** One of the member's deposits by id, the summary the appeal is about. */
export function depositOrderQuery(id: number): QueryOptions<DepositRecord> {
  return {
    queryKey: ['deposit-order', id],
    queryFn: () => request<DepositRecord>(PAYMENT_PATHS.depositDetail, { params: { id } }),
    staleTime: 0,
  };
}
