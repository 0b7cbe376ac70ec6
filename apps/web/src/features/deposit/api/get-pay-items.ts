import type { PayItem } from '@app/contracts/deposit';
import { PAYMENT_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** Deposit packages (spec §3 pay item); the same for everyone, so cached for a while. */
export function payItemsQuery(): QueryOptions<PayItem[]> {
  return {
    queryKey: ['pay-items'],
    queryFn: () => request<PayItem[]>(PAYMENT_PATHS.payItems),
    staleTime: 5 * 60_000,
  };
}
