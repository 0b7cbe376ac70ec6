import type { LoginResponse } from '@app/contracts/member';
import { MEMBER_PATHS } from '@app/contracts/paths';
import { request } from '../lib/request.ts';

/**
 * Start-up login with the stored token (spec §7: token in headers, empty body). A refusal must not send
 * the player to the login page: the session store clears the token and the player stays a visitor.
 */
export function loginWithToken(): Promise<LoginResponse> {
  return request<LoginResponse>(MEMBER_PATHS.loginWithToken, {
    method: 'POST',
    redirectOnStatus: false,
  });
}
