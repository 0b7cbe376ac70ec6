import type { PersonalResult } from '@app/contracts/lucky-refund';
import { LUCKY_REFUND_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Confirms a result: it was credited when its round was paid; this only marks it seen. */
export function redeemResult(resultId: number): Promise<PersonalResult> {
  return request<PersonalResult>(LUCKY_REFUND_PATHS.redeem, { method: 'POST', data: { resultId } });
}
