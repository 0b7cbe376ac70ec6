import type { ModifyPasswordRequest } from '@app/contracts/member';
import { MEMBER_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** A logged-in member changes the password, proving the old one. */
export function modifyPassword(data: ModifyPasswordRequest): Promise<unknown> {
  return request<unknown>(MEMBER_PATHS.modifyPassword, { method: 'POST', data });
}
