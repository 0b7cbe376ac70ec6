import type { DiamondTaskCollectResult } from '@app/contracts/diamonds';
import { DIAMOND_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** `diamond-task/collect {id}`: the bonus in diamonds, once; the member's diamonds after. */
export function collectDiamondTask(id: number): Promise<DiamondTaskCollectResult> {
  return request<DiamondTaskCollectResult>(DIAMOND_PATHS.taskCollect, { method: 'POST', data: { id } });
}
