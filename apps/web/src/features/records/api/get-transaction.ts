import { ACCOUNT_PATHS } from '@app/contracts/paths';
import type { MemberTransaction } from '@app/contracts/wallet';
import { request } from '../../../lib/request.ts';
import type { QueryOptions } from '../../../lib/query.ts';

/** One of the member's ledger transactions (spec §7 `transaction/transactionDetail?id`). */
export function transactionQuery(id: number): QueryOptions<MemberTransaction> {
  return {
    queryKey: ['transaction', id],
    queryFn: () => request<MemberTransaction>(ACCOUNT_PATHS.transactionDetail, { params: { id } }),
    // A transaction never changes.
    staleTime: Infinity,
  };
}
