import type { LoginRequest, LoginResponse } from '@app/contracts/member';
import { MEMBER_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Login with mobile and password; a refusal is LOGIN_FAILED (400), shown as a toast (spec §8). */
export function login(data: LoginRequest): Promise<LoginResponse> {
  return request<LoginResponse>(MEMBER_PATHS.login, { method: 'POST', data });
}
