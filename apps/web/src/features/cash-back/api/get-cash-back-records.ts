import type { CashBackRecordPage } from '@app/contracts/cash-back';
import { CASH_BACK_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The member's settled weeks, newest first (the first page of 20). */
export function cashBackRecordsQuery(): QueryOptions<CashBackRecordPage> {
  return {
    queryKey: ['cash-back-records'],
    queryFn: () => request<CashBackRecordPage>(CASH_BACK_PATHS.records, { params: { page: 1, size: 20 } }),
    staleTime: 0,
  };
}
