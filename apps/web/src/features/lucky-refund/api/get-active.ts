import type { LuckyRefundActive } from '@app/contracts/lucky-refund';
import { LUCKY_REFUND_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/**
 * The round on sale now, the round before it, the week's raffle and the jackpot (with the caller's codes
 * for a member). A non-zero code is thrown to the caller (spec §8), as by every call of the feature.
 */
export function activeQuery(token: string | undefined): QueryOptions<LuckyRefundActive> {
  return {
    queryKey: ['lucky-refund-active', token ?? null],
    queryFn: () => request<LuckyRefundActive>(LUCKY_REFUND_PATHS.active),
    staleTime: 0,
  };
}
