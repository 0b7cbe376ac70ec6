import { PAYMENT_PATHS } from '@app/contracts/paths';
import { RECORDS_PAGE_SIZE, type WithdrawRecord } from '@app/contracts/payment-records';
import { request } from '../../../lib/request.ts';

/** One page of the member's withdrawals, newest first (spec §7 `withdraw/records`, §9: 50 a page). */
export function getWithdrawRecords(query: {
  monthOfYear?: string;
  startId?: number;
}): Promise<WithdrawRecord[]> {
  return request<WithdrawRecord[]>(PAYMENT_PATHS.withdrawRecords, {
    params: { monthOfYear: query.monthOfYear, quantity: RECORDS_PAGE_SIZE, startId: query.startId },
  });
}
