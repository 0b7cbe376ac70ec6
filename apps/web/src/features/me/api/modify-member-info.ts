import type { Profile } from '@app/contracts/member';
import { MEMBER_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** The member's own editable fields (the nickname); answers the whole profile. */
export function modifyMemberInfo(input: { nickName: string }): Promise<Profile> {
  return request<Profile>(MEMBER_PATHS.modifyMemberInfo, { method: 'POST', data: input });
}
