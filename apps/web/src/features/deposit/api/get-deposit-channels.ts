import type { DepositChannel } from '@app/contracts/deposit';
import { PAYMENT_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** Deposit channels in the player's language. */
export function depositChannelsQuery(language: string): QueryOptions<DepositChannel[]> {
  return {
    queryKey: ['deposit-channels', language],
    queryFn: () => request<DepositChannel[]>(PAYMENT_PATHS.depositChannels),
    staleTime: 5 * 60_000,
  };
}
