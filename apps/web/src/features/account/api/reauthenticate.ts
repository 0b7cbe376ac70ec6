import type { ReauthenticateRequest, ReauthenticateResponse } from '@app/contracts/member';
import { MEMBER_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/**
 * Proves it is still the member (the password, or a code sent with type `reauth` to their own number)
 * before a sensitive change; the server lets such a change go ahead for `validSeconds` after.
 */
export function reauthenticate(data: ReauthenticateRequest): Promise<ReauthenticateResponse> {
  return request<ReauthenticateResponse>(MEMBER_PATHS.reauthenticate, { method: 'POST', data });
}
