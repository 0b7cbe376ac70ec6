import type { ResetPasswordRequest } from '@app/contracts/member';
import { MEMBER_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** A forgotten password: the code sent with type `reset` proves the number. */
export function resetPassword(data: ResetPasswordRequest): Promise<unknown> {
  return request<unknown>(MEMBER_PATHS.resetPassword, { method: 'POST', data });
}
