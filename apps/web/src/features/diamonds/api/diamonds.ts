import type {
  DiamondSpinBet,
  DiamondSpinBetResult,
  DiamondSpinConfig,
  DiamondSpinWinner,
  DiamondTaskCollectResult,
  DiamondTaskConfig,
} from '@app/contracts/diamonds';
import { DIAMOND_PATHS, DIAMOND_SPIN_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The member's tasks of the site day (spec §7 `diamond-task/tasks`); fresh on each visit. */
export const diamondTasksQuery: QueryOptions<DiamondTaskConfig> = {
  queryKey: ['diamond-tasks'],
  queryFn: () => getDiamondTasks(),
  staleTime: 0,
};

export function getDiamondTasks(): Promise<DiamondTaskConfig> {
  return request<DiamondTaskConfig>(DIAMOND_PATHS.tasks);
}

/** `diamond-task/collect {id}`: the bonus in diamonds, once; the member's diamonds after. */
export function collectDiamondTask(id: number): Promise<DiamondTaskCollectResult> {
  return request<DiamondTaskCollectResult>(DIAMOND_PATHS.taskCollect, { method: 'POST', data: { id } });
}

export const diamondSpinQuery: QueryOptions<DiamondSpinConfig> = {
  queryKey: ['diamond-spin'],
  queryFn: () => request<DiamondSpinConfig>(DIAMOND_SPIN_PATHS.cfg),
  staleTime: 0,
};

export const diamondSpinWinnersQuery: QueryOptions<DiamondSpinWinner[]> = {
  queryKey: ['diamond-spin-winners'],
  queryFn: () => request<DiamondSpinWinner[]>(DIAMOND_SPIN_PATHS.winners),
  staleTime: 10_000,
};

export const diamondSpinRecordsQuery: QueryOptions<DiamondSpinBet[]> = {
  queryKey: ['diamond-spin-records'],
  queryFn: () => request<DiamondSpinBet[]>(DIAMOND_SPIN_PATHS.records, { params: { limit: 20 } }),
  staleTime: 0,
};

/** `diamond-spin/bet {index}`; `requestId` names the tap, so a retry is the same spin. */
export function spinDiamondWheel(index: number, requestId: string): Promise<DiamondSpinBetResult> {
  return request<DiamondSpinBetResult>(DIAMOND_SPIN_PATHS.bet, {
    method: 'POST',
    data: { index, requestId },
  });
}
