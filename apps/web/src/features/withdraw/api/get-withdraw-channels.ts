import { PAYMENT_PATHS } from '@app/contracts/paths';
import type { WithdrawChannel } from '@app/contracts/withdraw';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The withdrawal channels in the player's language. */
export function withdrawChannelsQuery(language: string): QueryOptions<WithdrawChannel[]> {
  return {
    queryKey: ['withdraw-channels', language],
    queryFn: () => request<WithdrawChannel[]>(PAYMENT_PATHS.withdrawChannels),
    staleTime: 0,
  };
}
