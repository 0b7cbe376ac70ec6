import { openGameSession } from '../src/modules/games/catalogue/game-session.service.ts';
import type { TestApp } from './test-app.ts';

/**
 * Opens the in-house dice game for a member as the game frame does (launch mode, the member's betting
 * session) and answers the game session's token, for tests that bet through the real bet route.
 */
export async function openDiceSession(ctx: TestApp, memberId: number): Promise<string> {
  const dice = await ctx.db
    .selectFrom('game')
    .select('id')
    .where('code', '=', 'dice')
    .executeTakeFirstOrThrow();
  const member = await ctx.db
    .selectFrom('member')
    .select('betting_session_id')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  const { token } = await openGameSession(ctx.db, {
    memberId,
    memberSessionId: member.betting_session_id,
    gameId: dice.id,
    mode: 'launch',
    currency: 'KES',
  });
  return token;
}
