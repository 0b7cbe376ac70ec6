import { expect } from 'vitest';
import { GAME_SESSION_HEADER } from '@app/contracts/inhouse';
import { INHOUSE_PATHS } from '@app/contracts/paths';
import { callApi, type Answer } from './api-client.ts';
import { openMemberGameSession } from './factory.ts';
import type { TestApp } from './test-app.ts';

/**
 * Opens the in-house dice game for a member as the game frame does (launch mode, the member's betting
 * session) and answers the game session's token, for tests that bet through the real bet route.
 */
export async function openDiceSession(ctx: TestApp, memberId: number): Promise<string> {
  return (await openMemberGameSession(ctx, memberId, 'dice')).token;
}

/** One dice bet of `stake` through the real bet route, on a game session's token (under 50.00: an even chance). */
export function diceBet(ctx: TestApp, session: string, stake: number): Promise<Answer> {
  return callApi(ctx, INHOUSE_PATHS.bet, {
    headers: { [GAME_SESSION_HEADER]: session },
    json: { stake, options: { target: 5000, direction: 'under' } },
  });
}

/** `bets` dice bets of `stake` by the member, on a session of their own, each accepted. */
export async function playDice(ctx: TestApp, memberId: number, bets: number, stake: number): Promise<void> {
  const session = await openDiceSession(ctx, memberId);
  for (let bet = 0; bet < bets; bet += 1) {
    const answer = await diceBet(ctx, session, stake);
    expect(answer.code, answer.msg).toBe(0);
  }
}
