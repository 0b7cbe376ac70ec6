import type { LoginResponse, RegisterRequest } from '@app/contracts/member';
import { MEMBER_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Registration answers like a login (spec §4: register sets profile and token). */
export function register(data: RegisterRequest): Promise<LoginResponse> {
  return request<LoginResponse>(MEMBER_PATHS.register, { method: 'POST', data });
}
