import type { PayForm } from '@app/contracts/deposit';
import { PAY_SERVICE_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** Pay service (spec §7): the form of the panpay hall for one order, read afresh on each visit. */
export function payFormQuery(order: { transNo: string; sign: string }): QueryOptions<PayForm> {
  return {
    queryKey: ['pay-form', order.transNo, order.sign],
    queryFn: () =>
      request<PayForm>(PAY_SERVICE_PATHS.forms, {
        method: 'POST',
        data: { payToken: order.transNo, sign: order.sign },
      }),
    staleTime: 0,
  };
}
