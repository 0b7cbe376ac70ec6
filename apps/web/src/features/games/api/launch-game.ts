import type { LaunchRequest, LaunchResult } from '@app/contracts/games';
import { GAME_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

export type { LaunchRequest };

/**
 * Opens a game (our path, docs/api.md): a session for the frame and the address it loads. Refusals come
 * back as ApiError codes: 1401 login, 2004 another device, 5004 top up first, 5001–5003 the game.
 */
export function launchGame(input: LaunchRequest): Promise<LaunchResult> {
  return request<LaunchResult>(GAME_PATHS.launch, {
    method: 'POST',
    data: { id: input.id, mode: input.mode },
    // The casino page answers a refusal itself (login confirm, top-up dialog), rather than being moved.
    redirectOnStatus: false,
  });
}
