import { REFERRAL_PATHS } from '@app/contracts/paths';
import type { InviteTask } from '@app/contracts/referral';
import { request } from '../../../lib/request.ts';

/** Collects a reached invite task, once; answers the tasks. */
export function collectInviteTask(id: number, taskId: number): Promise<InviteTask[]> {
  return request<InviteTask[]>(REFERRAL_PATHS.taskCollect.replace(':id', String(id)), {
    method: 'POST',
    data: { taskId },
  });
}
