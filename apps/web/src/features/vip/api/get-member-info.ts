import type { Profile } from '@app/contracts/member';
import { ACCOUNT_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** The member's profile, read again after a claim (spec §4: the profile is refreshed). */
export function getMemberInfo(): Promise<Profile> {
  return request<Profile>(ACCOUNT_PATHS.memberById);
}
