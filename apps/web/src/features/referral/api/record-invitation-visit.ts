import { REFERRAL_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** An invitation link was opened (counted per channel); `valid` says the code belongs to a member. */
export function recordInvitationVisit(code: string, channel: number): Promise<{ valid: boolean }> {
  return request<{ valid: boolean }>(REFERRAL_PATHS.visit, { method: 'POST', data: { code, channel } });
}
