import type { SelfExclusionAnswer } from '@app/contracts/member';
import { MEMBER_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/**
 * Excludes the member for `months`, or permanently (`undefined`); the server ends every session of the
 * member and answers when it ends.
 */
export function submitSelfExclusion(
  content: string,
  months: number | undefined,
): Promise<SelfExclusionAnswer> {
  return request<SelfExclusionAnswer>(MEMBER_PATHS.selfExclusion, {
    method: 'POST',
    data: months === undefined ? { content } : { content, months },
  });
}
