import { MEMBER_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/**
 * The one-device check (spec §7 `utils/sync/game-kick-out`), asked at once when the game frame reports
 * 'in other games': whether another device has taken the right to bet.
 */
export function syncGameKickOut(): Promise<{ kickedOut: boolean }> {
  return request<{ kickedOut: boolean }>(MEMBER_PATHS.gameKickOut, {
    method: 'POST',
    redirectOnStatus: false,
  });
}
