import type { ModifyMobileRequest, Profile } from '@app/contracts/member';
import { MEMBER_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/**
 * The new number, proven by a code sent to it with type `mobile`. Refused with REAUTH_REQUIRED (2020)
 * when the member has not re-authenticated in the last 5 minutes. Answers the updated profile.
 */
export function modifyMobile(data: ModifyMobileRequest): Promise<Profile> {
  return request<Profile>(MEMBER_PATHS.modifyMobile, { method: 'POST', data });
}
