import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@app/contracts/errors';
import { GAME_SESSION_HEADER } from '@app/contracts/inhouse';
import { GAME_PATHS, INHOUSE_PATHS, MEMBER_PATHS } from '@app/contracts/paths';
import { playDice } from '@app/fair/dice';
import { minesMultiplier } from '@app/fair/mines';
import { payoutOf } from '@app/fair/payout';
import { generateFloats, hashServerSeed } from '@app/fair/stream';
import { verifyRound, type VerifyRequest } from '@app/fair/verify';
import { callApi, type Answer } from '../../../../test/api-client.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import {
  countRows,
  inhouseGame,
  grantTestBonus,
  journalSize,
  newMember,
  openMemberGameSession,
} from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { openGameSession } from '../catalogue/game-session.service.ts';
import { winnerNotices } from '../../messages/message/winner-notice.ts';
import { ACCOUNT, debitMemberCash, getBalances } from '../../platform/wallet/wallet.service.ts';
import { repairInterruptedRounds } from './inhouse.service.ts';

const ctx = useTestApp();
const gameIds: Record<string, number> = {};

beforeAll(async () => {
  for (const code of ['dice', 'mines', 'plinko', 'wheel', 'slot']) {
    gameIds[code] = await inhouseGame(ctx, code);
  }
});

/** A registered member with `cash` minor units, and a real-money session of `game` launched from their login. */
async function player(game: string, cash: number) {
  const { id: memberId, token: login, mobile } = await newMember(ctx, { cash });
  const { token } = await openMemberGameSession(ctx, memberId, gameIds[game] as number);
  return { memberId, session: token, login, mobile };
}

async function demo(game: string, demoBalance = 100_000) {
  const { token } = await openGameSession(ctx.db, {
    memberId: null,
    gameId: gameIds[game] as number,
    mode: 'demo',
    currency: 'KES',
    demoBalance,
  });
  return token;
}

const play = (
  session: string,
  path: string,
  json: unknown,
  method: 'GET' | 'POST' = 'POST',
): Promise<Answer> =>
  callApi(ctx, path, {
    method,
    headers: { [GAME_SESSION_HEADER]: session },
    ...(method === 'POST' && { json }),
  });

const cashOf = async (memberId: number) => (await getBalances(ctx.db, memberId)).cash;

describe('dice for real money', () => {
  it('takes the stake, pays the win through the wallet, and every round verifies once the seed is revealed', async () => {
    const { memberId, session } = await player('dice', 2_000_00);
    const started = await play(session, INHOUSE_PATHS.session, undefined, 'GET');
    expect(started.code).toBe(0);
    expect(started.data).toMatchObject({
      mode: 'launch',
      balance: 2_000_00,
      game: { code: 'dice', minStake: 20_00 },
    });
    expect(started.data.game.name).toBe('Dice');
    // The game page asks in the player's language and names the game in it.
    const inFrench = await callApi(ctx, INHOUSE_PATHS.session, {
      method: 'GET',
      headers: { [GAME_SESSION_HEADER]: session, 'accept-language': 'fr' },
    });
    expect(inFrench.data.game.name).toBe('Dés');
    const commitment: string = started.data.fairness.serverSeedHash;
    const clientSeed: string = started.data.fairness.clientSeed;

    let expected = 2_000_00;
    const rounds: { nonce: number; roll: number; payout: number; target: number }[] = [];
    for (let index = 0; index < 6; index += 1) {
      const target = 2_000 + index * 1_000;
      const answer = await play(session, INHOUSE_PATHS.bet, {
        stake: 100_00,
        options: { target, direction: 'under' },
      });
      expect(answer.code, answer.msg).toBe(0);
      expect(answer.data.round).toMatchObject({
        state: 'settled',
        stake: 100_00,
        nonce: index,
        serverSeedHash: commitment,
      });
      expected += answer.data.round.payout - 100_00;
      expect(answer.data.balance).toBe(expected);
      expect(answer.data.fairness.nonce).toBe(index + 1);
      rounds.push({
        nonce: index,
        roll: answer.data.round.outcome.roll,
        payout: answer.data.round.payout,
        target,
      });
    }
    expect(await cashOf(memberId)).toBe(expected);

    const rotated = await play(session, INHOUSE_PATHS.rotateSeeds, { clientSeed: 'my lucky seed' });
    expect(rotated.code).toBe(0);
    const serverSeed: string = rotated.data.previous.serverSeed;
    expect(hashServerSeed(serverSeed)).toBe(commitment);
    expect(rotated.data.previous).toMatchObject({ clientSeed, nonces: 6 });
    expect(rotated.data.fairness).toMatchObject({ clientSeed: 'my lucky seed', nonce: 0 });
    expect(rotated.data.fairness.serverSeedHash).not.toBe(commitment);
    for (const round of rounds) {
      const outcome = playDice(generateFloats({ serverSeed, clientSeed, nonce: round.nonce }, 1), {
        target: round.target,
        direction: 'under',
      });
      expect(outcome.roll).toBe(round.roll);
      expect(payoutOf(100_00, outcome.multiplier)).toBe(round.payout);
    }

    const history = await play(session, INHOUSE_PATHS.rounds, undefined, 'GET');
    expect(history.data.list.map((round: { nonce: number }) => round.nonce)).toEqual([5, 4, 3, 2, 1, 0]);
    const revealed = await play(session, INHOUSE_PATHS.revealedSeeds, undefined, 'GET');
    expect(revealed.data[0]).toMatchObject({ serverSeed, serverSeedHash: commitment });
    await expectLedgerInvariants(ctx.db);
  });

  it('refuses stakes outside the limits, bad options and a stake above the balance, and moves nothing', async () => {
    const { memberId, session } = await player('dice', 200_00);
    const bet = (stake: number, options: unknown) => play(session, INHOUSE_PATHS.bet, { stake, options });

    expect((await bet(20_00 - 1, { target: 5000, direction: 'under' })).code).toBe(
      ERRORS.GAME_STAKE_LIMIT.code,
    );
    expect((await bet(1_000_001, { target: 5000, direction: 'under' })).code).toBe(
      ERRORS.GAME_STAKE_LIMIT.code,
    );
    expect((await bet(20_00, { target: 9_900, direction: 'under' })).code).toBe(ERRORS.GAME_OPTIONS.code);
    expect((await bet(20_00, { target: 5000, direction: 'sideways' })).code).toBe(ERRORS.GAME_OPTIONS.code);
    const malformed = await play(session, INHOUSE_PATHS.bet, { stake: 'lots', options: {} });
    expect(malformed.status).toBe(400);
    const tooMuch = await bet(400_00, { target: 5000, direction: 'under' });
    expect(tooMuch.code).toBe(ERRORS.INSUFFICIENT_BALANCE.code);

    expect(await cashOf(memberId)).toBe(200_00);
    const history = await play(session, INHOUSE_PATHS.rounds, undefined, 'GET');
    expect(history.data.list).toEqual([]);
  });

  it('answers an unknown session, and a session whose login lost the right to bet to another device', async () => {
    const unknown = await play('not-a-session', INHOUSE_PATHS.bet, {
      stake: 20_00,
      options: { target: 5000, direction: 'under' },
    });
    expect(unknown.code).toBe(ERRORS.GAME_SESSION_INVALID.code);

    const { session, mobile } = await player('dice', 200_00);
    const login = await callApi(ctx, MEMBER_PATHS.login, { form: { mobile, password: 'secret12' } });
    expect(login.code).toBe(0);
    const kicked = await play(session, INHOUSE_PATHS.bet, {
      stake: 20_00,
      options: { target: 5000, direction: 'under' },
    });
    expect(kicked.code).toBe(ERRORS.ONE_DEVICE.code);
  });

  it('bets from a session opened by the app’s launch call (the login that launched it holds the right to bet)', async () => {
    const { login } = await player('dice', 200_00);
    const launched = await callApi(ctx, GAME_PATHS.launch, {
      json: { id: gameIds.dice, mode: 'launch' },
      token: login,
    });
    expect(launched.code, launched.msg).toBe(0);
    const session = new URL(launched.data.url, 'http://localhost').searchParams.get('session') as string;
    const answer = await play(session, INHOUSE_PATHS.bet, {
      stake: 20_00,
      options: { target: 5000, direction: 'under' },
    });
    expect(answer.code, answer.msg).toBe(0);
  });

  it('never overdraws under parallel bets', async () => {
    const { memberId, session } = await player('dice', 200_00);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        play(session, INHOUSE_PATHS.bet, { stake: 20_00, options: { target: 100, direction: 'under' } }),
      ),
    );
    const settled = answers.filter((answer) => answer.code === 0);
    const refused = answers.filter((answer) => answer.code === ERRORS.INSUFFICIENT_BALANCE.code);
    expect(settled.length + refused.length).toBe(20);
    const won = settled.reduce((sum, answer) => sum + answer.data.round.payout, 0);
    expect(await cashOf(memberId)).toBe(200_00 - settled.length * 20_00 + won);
    expect(await cashOf(memberId)).toBeGreaterThanOrEqual(0);
    await expectLedgerInvariants(ctx.db);
  });
});

describe('plinko, wheel and the slot for real money', () => {
  it.each([
    ['plinko', { rows: 12, risk: 'high' }],
    ['wheel', { segments: 30, risk: 'medium' }],
    ['slot', {}],
  ] as const)(
    '%s settles through the wallet and its rounds verify in the fair verifier',
    async (code, options) => {
      const { memberId, session } = await player(code, 2_000_00);
      const commitment: string = (await play(session, INHOUSE_PATHS.session, undefined, 'GET')).data.fairness
        .serverSeedHash;
      const rounds: { nonce: number; outcome: unknown; multiplier: number; payout: number }[] = [];
      let expected = 2_000_00;
      for (let index = 0; index < 5; index += 1) {
        const answer = await play(session, INHOUSE_PATHS.bet, { stake: 40_00, options });
        expect(answer.code, answer.msg).toBe(0);
        expected += answer.data.round.payout - 40_00;
        expect(answer.data.round.payout).toBe(payoutOf(40_00, answer.data.round.multiplier));
        rounds.push({ ...answer.data.round });
      }
      expect(await cashOf(memberId)).toBe(expected);
      expect((await play(session, INHOUSE_PATHS.bet, { stake: 40_00, options: { rows: 99 } })).code).toBe(
        code === 'slot' ? 0 : ERRORS.GAME_OPTIONS.code,
      );

      const rotated = await play(session, INHOUSE_PATHS.rotateSeeds, { clientSeed: 'verify me' });
      const { serverSeed, clientSeed } = rotated.data.previous;
      for (const round of rounds) {
        const request = { game: code, serverSeed, clientSeed, nonce: round.nonce, options } as VerifyRequest;
        const verified = verifyRound(request);
        expect(verified).toMatchObject({ serverSeedHash: commitment, outcome: round.outcome });
      }
      await expectLedgerInvariants(ctx.db);
    },
  );
});

describe('demo play', () => {
  it('moves play money only, never the ledger', async () => {
    const session = await demo('dice', 1_000_00);
    const journalBefore = await journalSize(ctx);
    const answer = await play(session, INHOUSE_PATHS.bet, {
      stake: 200_00,
      options: { target: 5000, direction: 'over' },
    });
    expect(answer.code).toBe(0);
    expect(answer.data.balance).toBe(1_000_00 - 200_00 + answer.data.round.payout);
    expect(await journalSize(ctx)).toBe(journalBefore);
    const broke = await play(session, INHOUSE_PATHS.bet, {
      stake: 1_000_000,
      options: { target: 5000, direction: 'over' },
    });
    expect(broke.code).toBe(ERRORS.INSUFFICIENT_BALANCE.code);
  });
});

describe('mines', () => {
  async function layoutOf(roundId: number): Promise<number[]> {
    const row = await ctx.db
      .selectFrom('game_round')
      .select('outcome')
      .where('id', '=', roundId)
      .executeTakeFirstOrThrow();
    return (row.outcome as { mines: number[] }).mines;
  }

  it('pays the multiplier of the safe tiles opened, and hides the mines until the round ends', async () => {
    const { memberId, session } = await player('mines', 2_000_00);
    const started = await play(session, INHOUSE_PATHS.minesStart, { stake: 200_00, mines: 3 });
    expect(started.code, started.msg).toBe(0);
    expect(started.data.round.outcome).toEqual({ revealed: [] });
    expect(started.data.balance).toBe(1_800_00);
    const roundId: number = started.data.round.id;
    const mines = await layoutOf(roundId);
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !mines.includes(tile));

    for (const tile of safe.slice(0, 3)) {
      const revealed = await play(session, INHOUSE_PATHS.minesReveal, { roundId, tile });
      expect(revealed.code).toBe(0);
      expect(JSON.stringify(revealed.data.round.outcome)).not.toContain('mines');
    }
    const again = await play(session, INHOUSE_PATHS.minesReveal, { roundId, tile: safe[0] });
    expect(again.code).toBe(ERRORS.GAME_OPTIONS.code);

    const cashed = await play(session, INHOUSE_PATHS.minesCashout, { roundId });
    expect(cashed.code).toBe(0);
    const payout = payoutOf(200_00, minesMultiplier(3, 3));
    expect(cashed.data.round).toMatchObject({ state: 'settled', payout, multiplier: minesMultiplier(3, 3) });
    expect(cashed.data.round.outcome.mines).toEqual(mines);
    expect(await cashOf(memberId)).toBe(1_800_00 + payout);
    expect((await play(session, INHOUSE_PATHS.minesCashout, { roundId })).code).toBe(
      ERRORS.GAME_ROUND_CLOSED.code,
    );
    await expectLedgerInvariants(ctx.db);
  });

  it('ends the round at a mine with nothing paid; one open round at a time; only its owner plays it', async () => {
    const { memberId, session } = await player('mines', 2_000_00);
    const other = await player('mines', 2_000_00);
    const started = await play(session, INHOUSE_PATHS.minesStart, { stake: 200_00, mines: 5 });
    const roundId: number = started.data.round.id;
    expect((await play(session, INHOUSE_PATHS.minesStart, { stake: 200_00, mines: 5 })).code).toBe(
      ERRORS.GAME_ROUND_OPEN.code,
    );
    expect((await play(session, INHOUSE_PATHS.rotateSeeds, { clientSeed: 'new' })).code).toBe(
      ERRORS.GAME_ROUND_OPEN.code,
    );
    expect((await play(other.session, INHOUSE_PATHS.minesReveal, { roundId, tile: 0 })).code).toBe(
      ERRORS.NOT_FOUND.code,
    );
    const resumed = await play(session, INHOUSE_PATHS.session, undefined, 'GET');
    expect(resumed.data.openRound).toMatchObject({ id: roundId, state: 'open' });

    const [mine] = await layoutOf(roundId);
    const hit = await play(session, INHOUSE_PATHS.minesReveal, { roundId, tile: mine });
    expect(hit.data.round).toMatchObject({ state: 'settled', payout: 0, multiplier: 0 });
    expect(await cashOf(memberId)).toBe(1_800_00);
    expect(await cashOf(other.memberId)).toBe(2_000_00);
  });
});

describe('a bet is one database transaction', () => {
  /** What a member's play has left in the database: nothing of a refused bet may remain. */
  async function traces(memberId: number) {
    const count = (table: 'game_round' | 'journal_transaction' | 'money_fact') =>
      countRows(ctx, table, { member_id: memberId });
    const nonce = await ctx.db
      .selectFrom('fair_seed_pair')
      .select('next_nonce')
      .where('member_id', '=', memberId)
      .where('active', '=', true)
      .executeTakeFirst();
    return {
      cash: await cashOf(memberId),
      rounds: await count('game_round'),
      journal: await count('journal_transaction'),
      facts: await count('money_fact'),
      nonce: nonce?.next_nonce,
    };
  }

  it('leaves no trace of a bet whose win credit fails: no round, no stake taken, no nonce, no fact', async () => {
    const { memberId, session } = await player('dice', 500_00);
    // The session's first look makes the seed pair, so its nonce can be compared before and after.
    expect((await play(session, INHOUSE_PATHS.session, undefined, 'GET')).code).toBe(0);
    // A real fault in the database, not a mock: the ledger refuses this member's in-house win credits.
    await sql
      .raw(
        `create function refuse_inhouse_win() returns trigger language plpgsql as $$
         begin raise exception 'win credit refused (test)'; end $$`,
      )
      .execute(ctx.db);
    await sql
      .raw(
        `create trigger refuse_inhouse_win before insert on journal_transaction for each row
         when (new.idempotency_key like 'game:inhouse:%:win' and new.member_id = ${memberId})
         execute function refuse_inhouse_win()`,
      )
      .execute(ctx.db);
    try {
      let refused = 0;
      // 'under 9500' wins 95 % of the time; a losing bet (nothing to credit) goes through whole.
      for (let attempt = 0; attempt < 20 && refused < 2; attempt += 1) {
        const before = await traces(memberId);
        const answer = await play(session, INHOUSE_PATHS.bet, {
          stake: 20_00,
          options: { target: 9500, direction: 'under' },
        });
        const after = await traces(memberId);
        if (answer.status === 200) {
          expect(answer.data.round.payout).toBe(0);
          expect(after).toEqual({
            cash: before.cash - 20_00,
            rounds: before.rounds + 1,
            journal: before.journal + 1,
            facts: before.facts + 1,
            nonce: Number(before.nonce) + 1,
          });
          continue;
        }
        refused += 1;
        expect(answer.status).toBe(500);
        expect(after).toEqual(before);
      }
      expect(refused).toBe(2);
    } finally {
      await sql.raw('drop trigger refuse_inhouse_win on journal_transaction').execute(ctx.db);
      await sql.raw('drop function refuse_inhouse_win()').execute(ctx.db);
    }
    await expectLedgerInvariants(ctx.db);
  });
});

describe('a stop in the middle of a round', () => {
  it('cancels a round whose stake was never taken, settles one whose stake was, and credits a missing win once', async () => {
    const { memberId, session } = await player('dice', 2_000_00);
    const bet = await play(session, INHOUSE_PATHS.bet, {
      stake: 20_00,
      options: { target: 9_800, direction: 'under' },
    });
    const seedPairId = (
      await ctx.db
        .selectFrom('game_round')
        .select('seed_pair_id')
        .where('id', '=', bet.data.round.id)
        .executeTakeFirstOrThrow()
    ).seed_pair_id;
    const old = new Date(Date.now() - 10 * 60_000);
    const insert = (nonce: number, state: 'open' | 'settled', payout: number) =>
      ctx.db
        .insertInto('game_round')
        .values({
          game_id: gameIds.dice as number,
          member_id: memberId,
          mode: 'launch',
          seed_pair_id: seedPairId,
          nonce,
          stake: 40_00,
          payout,
          multiplier: 20_000,
          state,
          outcome: JSON.stringify({ roll: 1, win: true, multiplier: 20_000 }),
          created_at: old,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    // Stopped before the debit; stopped after the debit; stopped after settling but before the win.
    const neverStaked = await insert(1000, 'open', 80_00);
    const staked = await insert(1001, 'open', 80_00);
    const settled = await insert(1002, 'settled', 80_00);
    for (const round of [staked, settled]) {
      await debitMemberCash(ctx.db, {
        memberId,
        to: ACCOUNT.houseFor(memberId),
        key: `game:inhouse:${round.id}:bet`,
        kind: 'bet',
        amount: 40_00,
      });
    }
    const before = await cashOf(memberId);

    await repairInterruptedRounds({ db: ctx.db });
    await repairInterruptedRounds({ db: ctx.db });

    const states = await ctx.db
      .selectFrom('game_round')
      .select(['id', 'state', 'win_transaction_id'])
      .where('id', 'in', [neverStaked.id, staked.id, settled.id])
      .orderBy('id')
      .execute();
    expect(states.map((row) => row.state)).toEqual(['cancelled', 'settled', 'settled']);
    expect(states[1]?.win_transaction_id).not.toBeNull();
    expect(states[2]?.win_transaction_id).not.toBeNull();
    expect(await cashOf(memberId)).toBe(before + 2 * 80_00);
    await expectLedgerInvariants(ctx.db);
  });

  it('turns a big win it credits into a winner notice', async () => {
    const { memberId, mobile } = await player('dice', 0);
    const round = await ctx.db
      .insertInto('game_round')
      .values({
        game_id: gameIds.dice as number,
        member_id: memberId,
        mode: 'launch',
        stake: 0,
        payout: 12_000_00,
        multiplier: 0,
        state: 'settled',
        created_at: new Date(Date.now() - 10 * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await repairInterruptedRounds({ db: ctx.db });
    // The notice comes from the win's money fact, read by its consumer (no longer a hook after the credit).
    await winnerNotices(10_000_00).catchUp(ctx.db);

    expect(await cashOf(memberId)).toBe(12_000_00);
    const notices = await ctx.db
      .selectFrom('notice')
      .select(['type', 'mobile', 'amount'])
      .where('amount', '=', 12_000_00)
      .execute();
    expect(notices).toEqual([{ type: 2, mobile, amount: 12_000_00 }]);
    const row = await ctx.db
      .selectFrom('game_round')
      .select('win_transaction_id')
      .where('id', '=', round.id)
      .executeTakeFirstOrThrow();
    expect(row.win_transaction_id).not.toBeNull();
  });

  it('leaves a young round alone: its request may still be running', async () => {
    const { memberId } = await player('dice', 200_00);
    const young = await ctx.db
      .insertInto('game_round')
      .values({
        game_id: gameIds.dice as number,
        member_id: memberId,
        mode: 'launch',
        stake: 20_00,
        state: 'open',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await repairInterruptedRounds({ db: ctx.db });
    const row = await ctx.db
      .selectFrom('game_round')
      .select('state')
      .where('id', '=', young.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('open');
  });
});

describe('an active bonus (issue 14 §2)', () => {
  it('refuses a stake above its maximum with BONUS_MAX_STAKE and counts an allowed one', async () => {
    const { memberId, session } = await player('dice', 100_00);
    const { grant } = await grantTestBonus(ctx, memberId, 500_00, {
      wageringMultiple: 5,
      maxStake: 50_00,
      maxConversion: 500_00,
      contribution: { inhouse: 100, provider: 0 },
    });
    const refused = await play(session, INHOUSE_PATHS.bet, {
      stake: 60_00,
      options: { target: 5_000, direction: 'under' },
    });
    expect(refused.code).toBe(ERRORS.BONUS_MAX_STAKE.code);
    expect(await cashOf(memberId)).toBe(600_00);
    const allowed = await play(session, INHOUSE_PATHS.bet, {
      stake: 50_00,
      options: { target: 5_000, direction: 'under' },
    });
    expect(allowed.code, allowed.msg).toBe(0);
    const row = await ctx.db
      .selectFrom('bonus_grant')
      .select('wagering_progress')
      .where('id', '=', grant.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.wagering_progress)).toBe(50_00);
  });
});
