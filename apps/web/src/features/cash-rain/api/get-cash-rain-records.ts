import type { CashRainRecord } from '@app/contracts/cash-rain';
import { CASH_RAIN_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The member's latest claims, each with its packet's position and its slot's commitment (seed once ended). */
export function cashRainRecordsQuery(token: string): QueryOptions<CashRainRecord[]> {
  return {
    queryKey: ['cash-rain-records', token],
    queryFn: () => request<CashRainRecord[]>(CASH_RAIN_PATHS.records),
    staleTime: 30_000,
  };
}
