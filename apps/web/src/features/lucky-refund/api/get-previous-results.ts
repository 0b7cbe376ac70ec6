import type { RoundResults } from '@app/contracts/lucky-refund';
import { LUCKY_REFUND_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** The results of the round before round `refundId` (the previous results popup). */
export function getPreviousResults(refundId: number): Promise<RoundResults> {
  return request<RoundResults>(LUCKY_REFUND_PATHS.prevResults, { params: { refundId } });
}
