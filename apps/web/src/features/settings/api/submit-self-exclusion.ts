import { MEMBER_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Closes the member's account; the server ends every session of the member. */
export function submitSelfExclusion(content: string): Promise<unknown> {
  return request<unknown>(MEMBER_PATHS.selfExclusion, { method: 'POST', data: { content } });
}
