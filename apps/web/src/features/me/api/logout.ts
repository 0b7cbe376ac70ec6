import { MEMBER_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Ends the session `token` on the server (the app has forgotten it already, whatever the answer). */
export function logout(token: string): Promise<unknown> {
  return request<unknown>(MEMBER_PATHS.logout, { method: 'POST', redirectOnStatus: false, token });
}
