import { MEMBER_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Ends the session on the server. The app forgets it whatever the answer (the caller clears it). */
export function logout(): Promise<unknown> {
  return request<unknown>(MEMBER_PATHS.logout, { method: 'POST', redirectOnStatus: false });
}
