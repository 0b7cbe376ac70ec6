import type { PersonalCodes } from '@app/contracts/lucky-refund';
import { LUCKY_REFUND_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** The caller's codes in a round, and the advert of those not shown yet (this answer marks them shown). */
export function getPersonalCodes(refundId: number): Promise<PersonalCodes> {
  return request<PersonalCodes>(LUCKY_REFUND_PATHS.personalCodes, { params: { refundId } });
}
