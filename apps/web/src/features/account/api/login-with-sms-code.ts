import type { LoginResponse, LoginWithSmsCodeRequest } from '@app/contracts/member';
import { MEMBER_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Login with a code sent by `sendSms` with type `login`. */
export function loginWithSmsCode(data: LoginWithSmsCodeRequest): Promise<LoginResponse> {
  return request<LoginResponse>(MEMBER_PATHS.loginWithSmsCode, { method: 'POST', data });
}
