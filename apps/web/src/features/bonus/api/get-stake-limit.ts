import type { StakeLimit } from '@app/contracts/bonus';
import { BONUS_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** The stake limit in force for the caller in game `gameId` (the game's, or the active bonus's if lower). */
export function getStakeLimit(gameId: number): Promise<StakeLimit> {
  return request<StakeLimit>(BONUS_PATHS.stakeLimit, { params: { gameId } });
}
