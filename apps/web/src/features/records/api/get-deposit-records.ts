import { PAYMENT_PATHS } from '@app/contracts/paths';
import { RECORDS_PAGE_SIZE, type DepositRecord } from '@app/contracts/payment-records';
import { request } from '../../../lib/request.ts';

/** One page of the member's deposits, newest first (spec §7 `payOrder/records`, §9: 50 a page). */
export function getDepositRecords(query: {
  monthOfYear?: string;
  startId?: number;
}): Promise<DepositRecord[]> {
  return request<DepositRecord[]>(PAYMENT_PATHS.depositRecords, {
    params: { monthOfYear: query.monthOfYear, quantity: RECORDS_PAGE_SIZE, startId: query.startId },
  });
}
