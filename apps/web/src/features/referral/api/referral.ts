import type { Profile } from '@app/contracts/member';
import { ACCOUNT_PATHS, REFERRAL_PATHS } from '@app/contracts/paths';
import type { InviteTask, ReferralReward, ReferralSummary } from '@app/contracts/referral';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

const withId = (path: string, id: number) => path.replace(':id', String(id));

/** An invitation link was opened (counted per channel); `valid` says the code belongs to a member. */
export function recordInvitationVisit(code: string, channel: number): Promise<{ valid: boolean }> {
  return request<{ valid: boolean }>(REFERRAL_PATHS.visit, { method: 'POST', data: { code, channel } });
}

/** The programme's terms; for a member their code and invited friends (refer-friend). */
export function referralSummaryQuery(id: number): QueryOptions<ReferralSummary> {
  return {
    queryKey: ['referral-summary', id],
    queryFn: () => request<ReferralSummary>(withId(REFERRAL_PATHS.summary, id)),
    staleTime: 0,
  };
}

export function referralRewardsQuery(id: number): QueryOptions<ReferralReward[]> {
  return {
    queryKey: ['referral-rewards', id],
    queryFn: () => request<ReferralReward[]>(withId(REFERRAL_PATHS.rewards, id)),
    staleTime: 0,
  };
}

export function inviteTasksQuery(id: number): QueryOptions<InviteTask[]> {
  return {
    queryKey: ['invite-tasks', id],
    queryFn: () => request<InviteTask[]>(withId(REFERRAL_PATHS.tasks, id)),
    staleTime: 0,
  };
}

/** Collects a reached invite task, once; answers the tasks. */
export function collectInviteTask(id: number, taskId: number): Promise<InviteTask[]> {
  return request<InviteTask[]>(withId(REFERRAL_PATHS.taskCollect, id), { method: 'POST', data: { taskId } });
}

/** The caller's profile, to show the balance a reward changed. */
export function getMemberInfo(): Promise<Profile> {
  return request<Profile>(ACCOUNT_PATHS.memberById);
}
