import type { DiamondTaskConfig } from '@app/contracts/diamonds';
import { DIAMOND_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The member's tasks of the site day (spec §7 `diamond-task/tasks`); fresh on each visit. */
export function diamondTasksQuery(): QueryOptions<DiamondTaskConfig> {
  return {
    queryKey: ['diamond-tasks'],
    queryFn: getDiamondTasks,
    staleTime: 0,
  };
}

export function getDiamondTasks(): Promise<DiamondTaskConfig> {
  return request<DiamondTaskConfig>(DIAMOND_PATHS.tasks);
}
