import { openMemberGameSession } from './factory.ts';
import type { TestApp } from './test-app.ts';

/**
 * Opens the in-house dice game for a member as the game frame does (launch mode, the member's betting
 * session) and answers the game session's token, for tests that bet through the real bet route.
 */
export async function openDiceSession(ctx: TestApp, memberId: number): Promise<string> {
  return (await openMemberGameSession(ctx, memberId, 'dice')).token;
}
