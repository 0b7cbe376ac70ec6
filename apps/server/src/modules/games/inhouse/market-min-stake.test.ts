import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { GAME_SESSION_HEADER } from '@app/contracts/inhouse';
import { GAME_PATHS, INHOUSE_PATHS } from '@app/contracts/paths';
import { callApi } from '../../../../test/api-client.ts';
import { newMember, openMemberGameSession, gameIdOf } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';

/** Gambling Control Act 2025 (issue 12 §5): in Kenya every real-money stake starts at KSh 20. */
const ctx = useTestApp();

beforeAll(async () => {
  // A catalogue whose games still allow KSh 10: the market's minimum must win over it.
  await ctx.db.updateTable('game').set({ min_stake: 10_00 }).where('source', '=', 'inhouse').execute();
});

async function sessionOf(code: string) {
  const gameId = await gameIdOf(ctx, code);
  const { id } = await newMember(ctx, { cash: 1_000_00 });
  const { token } = await openMemberGameSession(ctx, id, gameId);
  return { gameId, session: token };
}

const post = (session: string, path: string, json: unknown) =>
  callApi(ctx, path, { headers: { [GAME_SESSION_HEADER]: session }, json });

describe('the minimum stake of the market', () => {
  it('is KSh 20 in Kenya, in minor units, in the country profile', () => {
    expect(COUNTRY_PROFILES.KE.minStake).toBe(20_00);
  });

  it.each([
    ['dice', { target: 5000, direction: 'under' }],
    ['plinko', { rows: 8, risk: 'low' }],
    ['wheel', { segments: 10, risk: 'low' }],
    ['slot', {}],
  ])('%s: KES 10 is refused, KES 20 is played; the page offers stakes from 20', async (code, options) => {
    const { gameId, session } = await sessionOf(code);
    const page = await callApi(ctx, INHOUSE_PATHS.session, {
      method: 'GET',
      headers: { [GAME_SESSION_HEADER]: session },
    });
    expect(page.data.game.minStake).toBe(20_00);
    expect((await post(session, INHOUSE_PATHS.bet, { stake: 10_00, options })).code).toBe(
      ERRORS.GAME_STAKE_LIMIT.code,
    );
    const played = await post(session, INHOUSE_PATHS.bet, { stake: 20_00, options });
    expect(played.code, played.msg).toBe(0);
    const described = await callApi(ctx, GAME_PATHS.gamePromotion, { method: 'GET', query: `?id=${gameId}` });
    expect(described.data.minStake).toBe(20_00);
  });

  it('mines: KES 10 is refused, KES 20 opens a round', async () => {
    const { session } = await sessionOf('mines');
    expect((await post(session, INHOUSE_PATHS.minesStart, { stake: 10_00, mines: 3 })).code).toBe(
      ERRORS.GAME_STAKE_LIMIT.code,
    );
    expect((await post(session, INHOUSE_PATHS.minesStart, { stake: 20_00, mines: 3 })).code).toBe(0);
  });
});
