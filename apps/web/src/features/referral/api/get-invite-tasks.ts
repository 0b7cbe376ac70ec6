import { REFERRAL_PATHS } from '@app/contracts/paths';
import type { InviteTask } from '@app/contracts/referral';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The programme's invite tasks with the member's progress. */
export function inviteTasksQuery(id: number): QueryOptions<InviteTask[]> {
  return {
    queryKey: ['invite-tasks', id],
    queryFn: () => request<InviteTask[]>(REFERRAL_PATHS.tasks.replace(':id', String(id))),
    staleTime: 0,
  };
}
