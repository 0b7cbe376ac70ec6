import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { GAME_SESSION_HEADER } from '@app/contracts/inhouse';
import { INHOUSE_PATHS } from '@app/contracts/paths';
import { callApi, type Answer } from '../../../../test/api-client.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { newMember, openMemberGameSession, gameIdOf } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { openGameSession } from '../catalogue/game-session.service.ts';
import { getBalances } from '../../platform/wallet/wallet.service.ts';
import { inhouseJobs } from './inhouse-jobs.ts';

/**
 * In-house play under concurrency and restarts (issue 12 §3, §4). The races are real on PostgreSQL
 * (DATABASE_URL): there the parallel requests' statements interleave; PGlite serialises them.
 */
const ctx = useTestApp();
const gameIds: Record<string, number> = {};

beforeAll(async () => {
  for (const code of ['dice', 'mines']) gameIds[code] = await gameIdOf(ctx, code);
});

/** A member with `cash` and a real-money session of `game` from their login. */
async function player(game: string, cash: number) {
  const { id: memberId } = await newMember(ctx, { cash });
  const { token } = await openMemberGameSession(ctx, memberId, gameIds[game] as number);
  return { memberId, session: token };
}

const post = (session: string, path: string, json: unknown): Promise<Answer> =>
  callApi(ctx, path, { headers: { [GAME_SESSION_HEADER]: session }, json });

const openMinesRounds = (memberId: number) =>
  ctx.db
    .selectFrom('game_round')
    .select(['id', 'stake', 'bet_transaction_id'])
    .where('member_id', '=', memberId)
    .where('game_id', '=', gameIds.mines as number)
    .where('state', '=', 'open')
    .execute();

describe('one open mines round per player', () => {
  it('50 parallel starts open one round and take one stake; the others are told to finish it', async () => {
    const { memberId, session } = await player('mines', 5_000_00);
    const starts = await Promise.all(
      Array.from({ length: 50 }, () => post(session, INHOUSE_PATHS.minesStart, { stake: 20_00, mines: 3 })),
    );
    const started = starts.filter((answer) => answer.code === 0);
    const refused = starts.filter((answer) => answer.code === ERRORS.GAME_ROUND_OPEN.code);
    expect(started).toHaveLength(1);
    expect(refused).toHaveLength(49);
    expect(refused.every((answer) => answer.status === 409)).toBe(true);
    const open = await openMinesRounds(memberId);
    expect(open).toHaveLength(1);
    expect(open[0]?.bet_transaction_id).not.toBeNull();
    expect((await getBalances(ctx.db, memberId)).cash).toBe(5_000_00 - 20_00);
    await expectLedgerInvariants(ctx.db);
  });

  it('holds across the member’s sessions (two devices’ pages of the same login)', async () => {
    const first = await player('mines', 1_000_00);
    const member = await ctx.db
      .selectFrom('member')
      .select('betting_session_id')
      .where('id', '=', first.memberId)
      .executeTakeFirstOrThrow();
    const second = await openGameSession(ctx.db, {
      memberId: first.memberId,
      memberSessionId: member.betting_session_id,
      gameId: gameIds.mines as number,
      mode: 'launch',
      currency: 'KES',
    });
    const starts = await Promise.all(
      [first.session, second.token, first.session, second.token].map((session) =>
        post(session, INHOUSE_PATHS.minesStart, { stake: 20_00, mines: 5 }),
      ),
    );
    expect(starts.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(await openMinesRounds(first.memberId)).toHaveLength(1);
  });
});

describe('seed rotation', () => {
  it('parallel rotations take turns: each reveals the pair the one before made, none fails', async () => {
    const { session } = await player('dice', 100_00);
    const rotations = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        post(session, INHOUSE_PATHS.rotateSeeds, { clientSeed: `seed-${index}` }),
      ),
    );
    expect(rotations.map((answer) => answer.status)).toEqual(Array(30).fill(200));
    // A chain: every revealed pair was the active one when its rotation ran, so all are different.
    const revealed = new Set(rotations.map((answer) => answer.data.previous.serverSeedHash));
    expect(revealed.size).toBe(30);
  });

  it('bets and rotations in parallel: every bet lands on a live pair, no 5xx', async () => {
    const { session } = await player('dice', 2_000_00);
    const calls = await Promise.all(
      Array.from({ length: 48 }, (_, index) =>
        index % 3 === 0
          ? post(session, INHOUSE_PATHS.rotateSeeds, { clientSeed: `mixed-${index}` })
          : post(session, INHOUSE_PATHS.bet, {
              stake: 20_00,
              options: { target: 5_000, direction: 'under' },
            }),
      ),
    );
    expect(calls.filter((answer) => answer.status >= 500).map((answer) => answer.msg)).toEqual([]);
    expect(calls.every((answer) => answer.code === 0)).toBe(true);
  });

  it('is refused while a mines round is open, from any in-house game (they share the seed pair)', async () => {
    const { memberId, session: mines } = await player('mines', 100_00);
    const member = await ctx.db
      .selectFrom('member')
      .select('betting_session_id')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    const dice = await openGameSession(ctx.db, {
      memberId,
      memberSessionId: member.betting_session_id,
      gameId: gameIds.dice as number,
      mode: 'launch',
      currency: 'KES',
    });
    expect((await post(mines, INHOUSE_PATHS.minesStart, { stake: 20_00, mines: 3 })).code).toBe(0);
    const rotated = await post(dice.token, INHOUSE_PATHS.rotateSeeds, { clientSeed: 'peek' });
    expect(rotated.code).toBe(ERRORS.GAME_ROUND_OPEN.code);
  });
});

describe('a restart', () => {
  it('repairs at start-up the rounds that cannot go on, however young; a staked mines round stays open', async () => {
    const dice = await player('dice', 100_00);
    const mines = await player('mines', 100_00);
    expect((await post(mines.session, INHOUSE_PATHS.minesStart, { stake: 20_00, mines: 3 })).code).toBe(0);
    // A dice round the stop caught between its start and its stake: seconds old, not a minute.
    const interrupted = await ctx.db
      .insertInto('game_round')
      .values({
        game_id: gameIds.dice as number,
        member_id: dice.memberId,
        mode: 'launch',
        stake: 20_00,
        state: 'open',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [job] = inhouseJobs({ db: ctx.db, country: COUNTRY_PROFILES[ctx.env.COUNTRY] });
    if (!job?.runAtStart) throw new Error('the in-house repair has no start-up pass');

    // The minute's pass leaves a young round alone: its request may still run in another process.
    await job.run();
    const stateOf = async (id: number) =>
      (await ctx.db.selectFrom('game_round').select('state').where('id', '=', id).executeTakeFirstOrThrow())
        .state;
    expect(await stateOf(interrupted.id)).toBe('open');

    await job.runAtStart();
    expect(await stateOf(interrupted.id)).toBe('cancelled');
    expect((await getBalances(ctx.db, dice.memberId)).cash).toBe(100_00);
    const [stillOpen] = await openMinesRounds(mines.memberId);
    expect(stillOpen).toBeDefined();
    expect(await stateOf(stillOpen?.id as number)).toBe('open');
  });
});
