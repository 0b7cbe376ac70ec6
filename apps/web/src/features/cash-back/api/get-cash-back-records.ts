import type { CashBackRecordPage } from '@app/contracts/cash-back';
import { CASH_BACK_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The member's settled weeks, newest first (the first page of 20). */
export const cashBackRecordsQuery: QueryOptions<CashBackRecordPage> = {
  queryKey: ['cash-back-records'],
  queryFn: () => getCashBackRecords(),
  staleTime: 0,
};

export function getCashBackRecords(): Promise<CashBackRecordPage> {
  return request<CashBackRecordPage>(CASH_BACK_PATHS.records, { params: { page: 1, size: 20 } });
}
