import type { BreakTaken } from '@app/contracts/breaks';
import { MEMBER_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Starts a time-out of `hours`; the server ends every session of the member. */
export function takeBreak(hours: number): Promise<BreakTaken> {
  return request<BreakTaken>(MEMBER_PATHS.takeBreak, { method: 'POST', data: { hours }, bodyType: 'json' });
}
