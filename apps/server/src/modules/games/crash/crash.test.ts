import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CrashServerMessage } from '@app/contracts/crash';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { GAME_SESSION_HEADER } from '@app/contracts/inhouse';
import { ACCOUNT_PATHS, CRASH_PATHS } from '@app/contracts/paths';
import {
  createCrashChain,
  crashMultiplierAt,
  crashPoint,
  crashTimeToReach,
  generateTerminalSeed,
  previousGameHash,
  verifyChainLink,
  verifyGameHash,
} from '@app/fair/crash';
import { verifyRound } from '@app/fair/verify';
import { callApi, type Answer } from '../../../../test/api-client.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { grantTestBonus, newMember, openMemberGameSession } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { watchCrash, type CrashWatcher } from '../../../../test/crash-watcher.ts';
import { openGameSession } from '../catalogue/game-session.service.ts';
import { getBalances } from '../../platform/wallet/wallet.service.ts';
import { createCrashEngine, type CrashTiming } from './crash.engine.ts';
import { newInstanceRunId } from '../../platform/fleet/fleet.service.ts';
import * as crashService from './crash.service.ts';
import { cancelLiveRound, decideCashOut } from './crash.service.ts';

/**
 * The crash game through the app, listening, with real WebSockets. Phases are short and every wait is for
 * an event (a WebSocket message). Each scenario commits a chain whose first games have crash points that
 * keep it short: the seed is drawn at random until its games fit (a chain of 20 games costs 20 hashes), so
 * the engine plays exactly as in production, only on a chosen chain.
 */
const ctx = useTestApp({}, { listen: true });
let crashGameId: number;
const SALT = 'test-salt-0001';

beforeAll(async () => {
  const game = await ctx.db
    .updateTable('game')
    .set({ min_stake: 20_00, max_stake: 1_000_000, enabled: true })
    .where('code', '=', 'crash')
    .returning('id')
    .executeTakeFirstOrThrow();
  crashGameId = game.id;
});
// A failed scenario must not leave its rounds playing into the next one: its live round, which a next
// driver would finish, is cancelled (the operator's last resort), and the lease a halted engine keeps until
// it lapses is dropped, so each scenario's first engine to ask drives.
afterEach(async () => {
  await ctx.app.crashEngine.halt();
  await cancelLiveRound(ctx.app.crashEngine.deps);
  await ctx.db.deleteFrom('crash_driver').execute();
});

// ---------------------------------------------------------------------------------------------------------
// Helpers

/** Commits a chain of 20 games whose first games' crash points pass `wanted`, one test each, in order. */
async function commitChain(wanted: ((point: number) => boolean)[]) {
  for (let attempt = 0; attempt < 200_000; attempt += 1) {
    const seed = generateTerminalSeed();
    const chain = createCrashChain(seed, 20);
    const points = wanted.map((_, index) => crashPoint(chain.hashOf(index + 1), SALT));
    if (points.every((point, index) => (wanted[index] as (point: number) => boolean)(point))) {
      const row = await ctx.db
        .insertInto('crash_chain')
        .values({ seed, length: 20, commitment: chain.commitment, salt: SALT })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, commitment: chain.commitment, points };
    }
  }
  throw new Error('no chain fits');
}

/**
 * Betting long enough for a test's calls on a busy machine; the rest as short as it gets. A killed
 * driver's lease lapses after a second; open bets lose at the crash (no other process takes cash-outs).
 */
const TIMING: Partial<CrashTiming> = {
  bettingMs: 3_000,
  pauseMs: 200,
  leaseMs: 1_000,
  renewMs: 100,
  graceMs: 0,
};

/** Another process's engine on the same database and bus, as a second server of the fleet would run. */
const anotherProcess = () =>
  createCrashEngine({
    holder: newInstanceRunId(),
    db: ctx.db,
    country: COUNTRY_PROFILES.KE,
    logger: ctx.app.log,
    bus: ctx.app.events,
    now: Date.now,
  });

/** A member with `cash` (of which `withdrawable`) and a real-money session of crash from their login. */
async function member(cash: number, withdrawable = cash) {
  const { id: memberId, mobile } = await newMember(ctx, { cash: withdrawable, bonus: cash - withdrawable });
  const { token } = await openMemberGameSession(ctx, memberId, crashGameId);
  return { memberId, session: token, mobile };
}

async function demo(balance = 1_000_00) {
  const { token, sessionId } = await openGameSession(ctx.db, {
    memberId: null,
    gameId: crashGameId,
    mode: 'demo',
    currency: 'KES',
    demoBalance: balance,
  });
  return { session: token, sessionId };
}

const call = (session: string, path: string, json?: unknown): Promise<Answer> =>
  callApi(ctx, path, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { [GAME_SESSION_HEADER]: session },
    ...(json === undefined ? {} : { json }),
  });
const bet = (session: string, stake: number, autoCashout?: number) =>
  call(session, CRASH_PATHS.bet, { stake, ...(autoCashout === undefined ? {} : { autoCashout }) });
const cashOut = (session: string, roundId?: number) =>
  call(session, CRASH_PATHS.cashout, roundId === undefined ? {} : { roundId });

const balancesOf = (memberId: number) => getBalances(ctx.db, memberId);
const demoBalanceOf = async (sessionId: number) =>
  (
    await ctx.db
      .selectFrom('game_session')
      .select('demo_balance')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow()
  ).demo_balance;

type Watcher = CrashWatcher;

/** A page on the crash WebSocket of the test's app. */
const watch = (session: string): Promise<Watcher> => watchCrash(ctx.url as string, session);

const isType =
  <K extends CrashServerMessage['type']>(type: K, roundId?: number) =>
  (message: CrashServerMessage): message is Extract<CrashServerMessage, { type: K }> => {
    if (message.type !== type) return false;
    if (roundId === undefined) return true;
    if ('round' in message && message.round) return message.round.id === roundId;
    if ('roundId' in message) return message.roundId === roundId;
    if ('bet' in message) return message.bet.roundId === roundId;
    return false;
  };

/** The events of one round as a page saw them, as comparable text. */
function roundEvents(watcher: Watcher, roundId: number): string[] {
  return watcher.messages.flatMap((message) => {
    switch (message.type) {
      case 'betting':
        return message.round.id === roundId ? [`betting ${roundId}`] : [];
      case 'bet':
        return message.bet.roundId === roundId ? [`bet ${message.bet.id} ${message.bet.player}`] : [];
      case 'started':
        return message.roundId === roundId ? [`started ${message.startedAt}`] : [];
      case 'cashout':
        return message.roundId === roundId
          ? [`cashout ${message.betId} ${message.cashedOutAt} ${message.payout}`]
          : [];
      case 'crashed':
        return message.round.id === roundId ? [`crashed ${message.round.crashPoint}`] : [];
      default:
        return [];
    }
  });
}

async function journalKeysLike(pattern: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('journal_transaction')
    .select('idempotency_key')
    .where('idempotency_key', 'like', pattern)
    .execute();
  return rows.map((row) => row.idempotency_key);
}

// ---------------------------------------------------------------------------------------------------------

describe('the cash-out rule', () => {
  const round = { startedAt: 1_000_000, crashPoint: 250 };
  const crashAt = round.startedAt + crashTimeToReach(250);

  it('pays the curve of the moment received, before the crash time only', () => {
    expect(decideCashOut(round, round.startedAt + 100, null)).toEqual({ ok: false, reason: 'too-early' });
    const early = decideCashOut(round, round.startedAt + crashTimeToReach(101), null);
    expect(early).toEqual({ ok: true, cashedOutAt: 101, auto: false });
    const last = decideCashOut(round, crashAt - 1, null);
    expect(last).toEqual({
      ok: true,
      cashedOutAt: crashMultiplierAt(crashAt - 1 - round.startedAt),
      auto: false,
    });
    expect(last.ok && last.cashedOutAt).toBeLessThan(250);
    // At or after the crash time the bet has lost, whatever the page still showed.
    expect(decideCashOut(round, crashAt, null)).toEqual({ ok: false, reason: 'too-late' });
    expect(decideCashOut(round, crashAt + 5_000, null)).toEqual({ ok: false, reason: 'too-late' });
  });

  it('gives a bet whose automatic target the curve passed that target', () => {
    const at = round.startedAt + crashTimeToReach(200) + 500;
    expect(decideCashOut(round, at, 150)).toEqual({ ok: true, cashedOutAt: 150, auto: true });
    expect(decideCashOut(round, at, 240)).toMatchObject({ ok: true, auto: false });
  });
});

describe('crash rounds', () => {
  it('plays a round for several pages: bets, a cash-out by hand, automatic ones, the crash, refusals', async () => {
    // Game 1 crashes between 1.25× and 1.40× (3.7 to 5.6 s after it starts).
    const chain = await commitChain([(point) => point >= 125 && point <= 140, () => true]);
    const [cp] = chain.points as [number];
    const a = await member(2_000_00);
    const b = await member(2_000_00, 600_00);
    const late = await member(2_000_00);
    const exact = await member(2_000_00);
    const guest = await demo(10_000_00);

    const pages = [await watch(a.session), await watch(b.session), await watch(guest.session)];
    for (const page of pages) await page.waitFor(isType('snapshot'), 'snapshot');
    await ctx.app.crashEngine.start(TIMING);

    const betting = await pages[0]!.waitFor(isType('betting'), 'betting');
    const roundId = betting.round.id;
    expect(betting.round).toMatchObject({
      state: 'betting',
      game: 1,
      chainId: chain.id,
      crashPoint: null,
      gameHash: null,
    });
    // Game 1's hash hashes to the commitment: the previous hash shown is the commitment itself.
    expect(betting.round.previousHash).toBe(chain.commitment);

    const placedA = await bet(a.session, 200_00);
    expect(placedA.code, placedA.msg).toBe(0);
    expect(placedA.data).toMatchObject({
      balance: 1_800_00,
      bet: { state: 'open', stake: 200_00, autoCashout: null },
    });
    // B's target is above the crash point: it never comes, and the bet loses.
    const placedB = await bet(b.session, 400_00, cp + 50);
    expect(placedB.code, placedB.msg).toBe(0);
    // The guest's target, 1.10×, comes before the crash: paid exactly 1.10×.
    const placedGuest = await bet(guest.session, 1_000_00, 110);
    expect(placedGuest.code, placedGuest.msg).toBe(0);
    expect(placedGuest.data.balance).toBe(9_000_00);
    // A target equal to the crash point is reached at the crash time itself, and wins (packages/fair
    // crashPayout, the 97% proof and the rules the players read).
    const placedExact = await bet(exact.session, 200_00, cp);
    expect(placedExact.code, placedExact.msg).toBe(0);
    expect((await bet(a.session, 200_00)).code).toBe(ERRORS.CRASH_ALREADY_BET.code);
    expect((await bet(late.session, 50)).code).toBe(ERRORS.GAME_STAKE_LIMIT.code);
    expect((await bet(late.session, 4_000_00)).code).toBe(ERRORS.INSUFFICIENT_BALANCE.code);
    expect((await bet(late.session, 200_00, 100)).status).toBe(400);
    // A bet naming another round than the one taking bets (one whose betting closed while the call waited)
    // is refused, never placed in a round its player did not see.
    const elsewhere = await call(late.session, CRASH_PATHS.bet, { stake: 200_00, roundId: roundId + 1 });
    expect(elsewhere.code).toBe(ERRORS.CRASH_BETTING_CLOSED.code);
    expect((await cashOut(late.session)).code).toBe(ERRORS.CRASH_NO_BET.code);
    expect((await cashOut(a.session)).code).toBe(ERRORS.CRASH_TOO_EARLY.code);

    // Every page sees the three bets, masked.
    for (const page of pages) {
      await page.waitFor((m) => m.type === 'bet' && m.bet.id === placedGuest.data.bet.id, 'the guest’s bet');
    }
    const seenA = pages[2]!.messages.find((m) => m.type === 'bet' && m.bet.id === placedA.data.bet.id);
    expect(seenA).toMatchObject({
      bet: { player: `${a.mobile.slice(0, 4)}****${a.mobile.slice(-2)}`, stake: 200_00 },
    });
    const seenGuest = pages[0]!.messages.find(
      (m) => m.type === 'bet' && m.bet.id === placedGuest.data.bet.id,
    );
    expect(seenGuest).toMatchObject({ bet: { player: 'Guest', autoCashout: 110 } });

    const started = await pages[1]!.waitFor(isType('started', roundId), 'started');
    expect(started.now).toBeGreaterThanOrEqual(started.startedAt);
    // Betting is closed once the round runs.
    expect((await bet(late.session, 200_00)).code).toBe(ERRORS.CRASH_BETTING_CLOSED.code);

    // The guest's automatic cash-out at 1.10× (1.6 s in); then A cashes out by hand, still before the crash.
    const auto = await pages[0]!.waitFor(
      (m) => m.type === 'cashout' && m.betId === placedGuest.data.bet.id,
      'the automatic cash-out',
    );
    expect(auto).toMatchObject({ cashedOutAt: 110, payout: 1_100_00, auto: true, player: 'Guest' });
    await pages[2]!.waitFor(isType('balance'), 'the guest’s new balance');
    expect(pages[2]!.messages.find(isType('balance'))).toMatchObject({ balance: 10_100_00 });
    // A click after it answers that cash-out (a demo session's bet is found by its session).
    expect((await cashOut(guest.session)).data.bet).toMatchObject({ cashedOutAt: 110, payout: 1_100_00 });

    const cashed = await cashOut(a.session);
    expect(cashed.code, cashed.msg).toBe(0);
    const at: number = cashed.data.bet.cashedOutAt;
    expect(at).toBeGreaterThanOrEqual(110);
    expect(at).toBeLessThan(cp);
    const payoutA = Math.floor((200_00 * at) / 100);
    expect(cashed.data).toMatchObject({
      bet: { state: 'settled', payout: payoutA, auto: false },
      balance: 1_800_00 + payoutA,
    });
    // A second click answers the same cash-out.
    expect((await cashOut(a.session)).data.bet).toMatchObject({ cashedOutAt: at, payout: payoutA });

    const crashed = await pages[0]!.waitFor(isType('crashed', roundId), 'crashed');
    expect(crashed.round).toMatchObject({ state: 'crashed', crashPoint: cp, game: 1 });
    const gameHash = crashed.round.gameHash as string;
    // Anyone can recompute the crash point from the published hash and salt, and chain it back.
    expect(crashed.salt).toBe(SALT);
    expect(crashPoint(gameHash, crashed.salt)).toBe(cp);
    expect(verifyRound({ game: 'crash', gameHash, salt: crashed.salt, target: at })).toMatchObject({
      crashPoint: cp,
      payout: at * 100,
    });
    expect(previousGameHash(gameHash)).toBe(chain.commitment);
    expect(verifyGameHash(gameHash, 1, chain.commitment)).toBe(true);
    // The crash comes at the curve's time for the crash point, not before.
    expect(crashed.round.endedAt).toBe((crashed.round.startedAt as number) + crashTimeToReach(cp));

    // After the crash: B lost, and a cash-out now is refused.
    expect((await cashOut(b.session)).code).toBe(ERRORS.CRASH_TOO_LATE.code);
    // Real money first: the bet spent 400.00 of the 600.00 withdrawable, the bonus cash is untouched.
    expect(await balancesOf(b.memberId)).toMatchObject({ cash: 1_600_00, withdrawable: 200_00 });
    expect(await balancesOf(a.memberId)).toMatchObject({ cash: 1_800_00 + payoutA });
    expect(await balancesOf(late.memberId)).toMatchObject({ cash: 2_000_00 });
    const exactPayout = Math.floor((200_00 * cp) / 100);
    expect(await balancesOf(exact.memberId)).toMatchObject({ cash: 1_800_00 + exactPayout });
    expect(await demoBalanceOf(guest.sessionId)).toBe(10_100_00);

    // The three pages saw the same events of the round, in the same order.
    for (const page of pages) await page.waitFor(isType('crashed', roundId), 'crashed');
    await ctx.app.crashEngine.halt();
    const seen = pages.map((page) => roundEvents(page, roundId));
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]).toEqual(seen[0]);
    const kinds = (seen[0] as string[]).map((event) => event.split(' ')[0]);
    expect(kinds).toEqual([
      'betting',
      'bet',
      'bet',
      'bet',
      'bet',
      'started',
      'cashout',
      'cashout',
      'cashout',
      'crashed',
    ]);
    expect(seen[0]?.at(-2)).toBe(`cashout ${placedExact.data.bet.id} ${cp} ${exactPayout}`);

    // The rounds as stored: multipliers in ten-thousandths, the loser at 0.
    const rows = await ctx.db
      .selectFrom('game_round')
      .select(['id', 'state', 'payout', 'multiplier', 'bet_transaction_id', 'win_transaction_id'])
      .where('crash_round_id', '=', roundId)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(4);
    expect(rows.slice(0, 3)).toEqual([
      expect.objectContaining({
        id: placedA.data.bet.id,
        state: 'settled',
        payout: payoutA,
        multiplier: at * 100,
      }),
      expect.objectContaining({
        id: placedB.data.bet.id,
        state: 'settled',
        payout: 0,
        multiplier: 0,
        win_transaction_id: null,
      }),
      expect.objectContaining({
        id: placedGuest.data.bet.id,
        state: 'settled',
        payout: 1_100_00,
        multiplier: 11_000,
      }),
    ]);
    expect(rows[3]).toMatchObject({
      id: placedExact.data.bet.id,
      state: 'settled',
      payout: exactPayout,
      multiplier: cp * 100,
    });
    expect(rows[0]?.win_transaction_id).not.toBeNull();
    // Demo play never touches the ledger.
    expect(rows[2]).toMatchObject({ bet_transaction_id: null, win_transaction_id: null });
    expect(await journalKeysLike(`game:inhouse:${placedGuest.data.bet.id}:%`)).toEqual([]);
    expect((await journalKeysLike(`game:inhouse:${placedA.data.bet.id}:%`)).sort()).toEqual([
      `game:inhouse:${placedA.data.bet.id}:bet`,
      `game:inhouse:${placedA.data.bet.id}:win`,
    ]);
    // Each real-money bet and win wrote its money fact with it; the loser's bet alone, the guest's none.
    const factsOf = (memberId: number) =>
      ctx.db
        .selectFrom('money_fact')
        .select(['kind', 'amount', 'source_ref'])
        .where('member_id', '=', memberId)
        .orderBy('transaction_id')
        .execute();
    expect(await factsOf(a.memberId)).toEqual([
      { kind: 'bet', amount: 200_00, source_ref: `game:inhouse:${placedA.data.bet.id}:bet` },
      { kind: 'win', amount: payoutA, source_ref: `game:inhouse:${placedA.data.bet.id}:win` },
    ]);
    expect(await factsOf(b.memberId)).toEqual([
      { kind: 'bet', amount: 400_00, source_ref: `game:inhouse:${placedB.data.bet.id}:bet` },
    ]);

    // The history and the state calls tell the same.
    const history = await callApi(ctx, CRASH_PATHS.history, { method: 'GET' });
    expect(history.data.list[0]).toMatchObject({ id: roundId, state: 'crashed', crashPoint: cp, gameHash });
    expect(history.data.chains).toContainEqual(
      expect.objectContaining({ id: chain.id, commitment: chain.commitment, salt: SALT }),
    );
    const state = await call(a.session, CRASH_PATHS.state);
    expect(state.data.chain).toMatchObject({
      id: chain.id,
      commitment: chain.commitment,
      salt: SALT,
      length: 20,
    });
    expect(state.data.history[0]).toMatchObject({ id: roundId, crashPoint: cp });

    // A cash-out naming its round after a newer round began is answered for the round it named; one naming
    // none means the newest, where A has no bet.
    const newer = await ctx.db
      .insertInto('crash_round')
      .values({
        chain_id: chain.id,
        chain_index: 2,
        game_hash: 'f'.repeat(64),
        crash_point: 200,
        state: 'betting',
        betting_ends_at: new Date(Date.now() + 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const named = await call(a.session, CRASH_PATHS.cashout, { roundId });
    expect(named.data).toMatchObject({ bet: { cashedOutAt: at, payout: payoutA }, round: { id: roundId } });
    expect((await cashOut(a.session)).code).toBe(ERRORS.CRASH_NO_BET.code);
    await ctx.db.updateTable('crash_round').set({ state: 'cancelled' }).where('id', '=', newer.id).execute();

    for (const page of pages) page.close();
    await expectLedgerInvariants(ctx.db);
  }, 60_000);

  it('publishes rounds whose hashes chain back to the commitment and whose crash points recompute', async () => {
    // Three short games (each crashes at 1.15× or below, within 2.4 s).
    const chain = await commitChain([(p) => p <= 115, (p) => p <= 115, (p) => p <= 115]);
    const guest = await demo();
    const page = await watch(guest.session);
    await page.waitFor(isType('snapshot'), 'snapshot');
    await ctx.app.crashEngine.start({ bettingMs: 150, pauseMs: 50 });
    const crashes: Extract<CrashServerMessage, { type: 'crashed' }>[] = [];
    for (let game = 1; game <= 3; game += 1) {
      crashes.push(
        await page.waitFor(
          (m): m is Extract<CrashServerMessage, { type: 'crashed' }> =>
            m.type === 'crashed' && m.round.chainId === chain.id && m.round.game === game,
          `crash of game ${game}`,
        ),
      );
    }
    await ctx.app.crashEngine.halt();
    page.close();

    let previous = chain.commitment;
    for (const [index, crashed] of crashes.entries()) {
      const hash = crashed.round.gameHash as string;
      expect(crashed.round.crashPoint).toBe(chain.points[index]);
      expect(crashPoint(hash, crashed.salt)).toBe(crashed.round.crashPoint);
      expect(verifyChainLink(hash, previous)).toBe(true);
      expect(crashed.round.previousHash).toBe(previous);
      expect(verifyGameHash(hash, index + 1, chain.commitment)).toBe(true);
      previous = hash;
    }
    // The hash of a game is never published before it is over: the betting messages carried none.
    const bettingMessages = page.messages.filter(isType('betting'));
    expect(bettingMessages.every((m) => m.round.gameHash === null && m.round.crashPoint === null)).toBe(true);
  }, 60_000);

  it('refuses a page without a valid hello', async () => {
    const page = await watch('not-a-session');
    const error = await page.waitFor(isType('error'), 'the error');
    expect(error).toMatchObject({ code: ERRORS.GAME_SESSION_INVALID.code });
    expect(await page.closed).toBe(4001);
  });

  it('a killed driver: a successor takes the lease and finishes its round; nothing refunded, each win paid once', async () => {
    // Game 1 crashes between 1.50× and 1.70× (6.8 to 8.8 s in): long enough to kill the driver in flight.
    const chain = await commitChain([(point) => point >= 150 && point <= 170, () => true]);
    const cashedByHand = await member(2_000_00);
    const autoWinner = await member(2_000_00);
    const lateAuto = await member(2_000_00);
    const cashedMeanwhile = await member(2_000_00);
    const open = await member(2_000_00, 800_00);
    const highTarget = await member(2_000_00);
    const unpaid = await member(2_000_00);
    const guest = await demo(2_000_00);

    const page = await watch(guest.session);
    await page.waitFor(isType('snapshot'), 'snapshot');
    await ctx.app.crashEngine.start(TIMING);
    const betting = await page.waitFor(
      (m): m is Extract<CrashServerMessage, { type: 'betting' }> =>
        m.type === 'betting' && m.round.chainId === chain.id,
      'betting',
    );
    const roundId = betting.round.id;
    const bets = {
      cashedByHand: await bet(cashedByHand.session, 200_00),
      autoWinner: await bet(autoWinner.session, 200_00, 105),
      // Reached at 5.6 s, after the driver is killed: the successor makes it.
      lateAuto: await bet(lateAuto.session, 200_00, 140),
      cashedMeanwhile: await bet(cashedMeanwhile.session, 200_00),
      // 2 000.00 cash of which 800.00 withdrawable: the bet of 1 400.00 spends all the real money first.
      open: await bet(open.session, 1_400_00),
      highTarget: await bet(highTarget.session, 200_00, 5_000),
      unpaid: await bet(unpaid.session, 200_00),
      guest: await bet(guest.session, 500_00),
    };
    for (const [name, answer] of Object.entries(bets)) expect(answer.code, `${name}: ${answer.msg}`).toBe(0);

    await page.waitFor(isType('started', roundId), 'started');
    await page.waitFor(
      (m) => m.type === 'cashout' && m.betId === bets.autoWinner.data.bet.id,
      'the automatic cash-out',
    );
    const byHand = await cashOut(cashedByHand.session);
    expect(byHand.code, byHand.msg).toBe(0);

    // The driving process dies here, mid-flight: it settles nothing more and keeps its lease until it lapses.
    await ctx.app.crashEngine.halt();
    // Meanwhile the other processes still take cash-outs, judged by the stored start time.
    const meanwhile = await cashOut(cashedMeanwhile.session);
    expect(meanwhile.code, meanwhile.msg).toBe(0);
    // Two worse stops than a clean halt, written by hand: a win settled whose credit never happened, and
    // a win credited whose link to its round was lost.
    await ctx.db
      .updateTable('game_round')
      .set({
        state: 'settled',
        payout: 300_00,
        multiplier: 15_000,
        outcome: JSON.stringify({ cashedOutAt: 150, auto: false }),
      })
      .where('id', '=', bets.unpaid.data.bet.id)
      .execute();
    const autoWin = await ctx.db
      .selectFrom('game_round')
      .select(['win_transaction_id', 'payout'])
      .where('id', '=', bets.autoWinner.data.bet.id)
      .executeTakeFirstOrThrow();
    expect(autoWin.payout).toBe(210_00);
    await ctx.db
      .updateTable('game_round')
      .set({ win_transaction_id: null })
      .where('id', '=', bets.autoWinner.data.bet.id)
      .execute();

    // Another process joins the election: the lease is the dead driver's until it lapses, then it drives.
    const successor = anotherProcess();
    await successor.start(TIMING);
    try {
      const crashed = await page.waitFor(isType('crashed', roundId), 'the crash, made by the successor');
      expect(successor.isDriving()).toBe(true);
      const lateCashOut = await page.waitFor(
        (m) => m.type === 'cashout' && m.betId === bets.lateAuto.data.bet.id,
        'the automatic cash-out at 1.40×',
      );
      expect(lateCashOut).toMatchObject({ cashedOutAt: 140, auto: true, payout: 280_00 });
      expect(crashed.round.state).toBe('crashed');
      const rows = await vi.waitFor(
        async () => {
          const found = await ctx.db
            .selectFrom('game_round')
            .select(['id', 'state', 'payout', 'win_transaction_id', 'refund_transaction_id'])
            .where('crash_round_id', '=', roundId)
            .orderBy('id')
            .execute();
          if (found.some((row) => row.state === 'open')) throw new Error('bets still open');
          return found;
        },
        { timeout: 10_000, interval: 50 },
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      const rowOf = (answer: Answer) => byId.get(answer.data.bet.id);
      // Nothing refunded: the bets the curve did not cash out lost at the crash point, as they would have.
      expect(rows.every((row) => row.refund_transaction_id === null && row.state === 'settled')).toBe(true);
      for (const lost of [bets.open, bets.highTarget, bets.guest])
        expect(rowOf(lost)).toMatchObject({ payout: 0 });
      expect(rowOf(bets.autoWinner)).toMatchObject({
        payout: 210_00,
        win_transaction_id: autoWin.win_transaction_id,
      });
      expect(rowOf(bets.unpaid)).toMatchObject({ payout: 300_00 });
      expect(rowOf(bets.unpaid)?.win_transaction_id).not.toBeNull();

      expect(await balancesOf(lateAuto.memberId)).toMatchObject({ cash: 2_080_00 });
      expect(await balancesOf(open.memberId)).toMatchObject({ cash: 600_00, withdrawable: 0 });
      expect(await balancesOf(autoWinner.memberId)).toMatchObject({ cash: 2_010_00 });
      expect(await balancesOf(unpaid.memberId)).toMatchObject({ cash: 2_100_00 });
      expect(await balancesOf(cashedMeanwhile.memberId)).toMatchObject({
        cash: 1_800_00 + (meanwhile.data.bet.payout as number),
      });
      expect(await demoBalanceOf(guest.sessionId)).toBe(1_500_00);
      expect(await journalKeysLike(`game:inhouse:${bets.autoWinner.data.bet.id}:win`)).toHaveLength(1);
      expect(await journalKeysLike(`game:inhouse:%:refund`)).toEqual([]);

      // The successor plays on from the next game of the same chain.
      const next = await page.waitFor(
        (m) => m.type === 'betting' && m.round.chainId === chain.id && m.round.game === 2,
        'the next game, dealt by the successor',
      );
      expect(next.type).toBe('betting');
      await expectLedgerInvariants(ctx.db);
    } finally {
      await successor.halt();
      page.close();
    }
  }, 60_000);

  it('one driver among several processes; a stop gives the lease up and touches no round', async () => {
    // Game 1 crashes by 1.50× (6.8 s in): the successor finishes it within the test.
    const chain = await commitChain([(point) => point <= 150, () => true]);
    const page = await watch((await demo()).session);
    await page.waitFor(isType('snapshot'), 'snapshot');
    // Another process starts first and drives; this app's engine (whose pages the test watches) waits.
    const first = anotherProcess();
    await first.start(TIMING);
    await ctx.app.crashEngine.start(TIMING);
    try {
      const betting = await page.waitFor(
        (m): m is Extract<CrashServerMessage, { type: 'betting' }> =>
          m.type === 'betting' && m.round.chainId === chain.id,
        'betting',
      );
      expect(first.isDriving()).toBe(true);
      expect(ctx.app.crashEngine.isDriving()).toBe(false);

      // The driver stops cleanly (a rolling deploy): its round is not cancelled, and the other process
      // takes the lease at its next ask and finishes it.
      await first.stop();
      await vi.waitFor(() => expect(ctx.app.crashEngine.isDriving()).toBe(true), {
        timeout: 10_000,
        interval: 20,
      });
      const live = await ctx.db
        .selectFrom('crash_round')
        .select(['state'])
        .where('id', '=', betting.round.id)
        .executeTakeFirstOrThrow();
      expect(live.state).not.toBe('cancelled');
      await vi.waitFor(
        async () => {
          const row = await ctx.db
            .selectFrom('crash_round')
            .select('state')
            .where('id', '=', betting.round.id)
            .executeTakeFirstOrThrow();
          expect(row.state).toBe('crashed');
        },
        { timeout: 30_000, interval: 50 },
      );

      // A stop of a process that does not drive touches nothing.
      const third = anotherProcess();
      await third.start(TIMING);
      expect(third.isDriving()).toBe(false);
      const before = await ctx.db.selectFrom('crash_round').select(['id', 'state']).orderBy('id').execute();
      await third.stop();
      expect(ctx.app.crashEngine.isDriving()).toBe(true);
      const after = await ctx.db.selectFrom('crash_round').select(['id', 'state']).orderBy('id').execute();
      expect(after.filter((row) => row.state === 'cancelled')).toEqual(
        before.filter((row) => row.state === 'cancelled'),
      );
    } finally {
      await first.halt();
      page.close();
    }
  }, 60_000);

  it('refuses a second live round in the database, whoever writes it', async () => {
    const chain = await commitChain([() => true, () => true]);
    const values = (index: number) => ({
      chain_id: chain.id,
      chain_index: index,
      game_hash: String(index).repeat(64),
      crash_point: 200,
      state: 'betting' as const,
      betting_ends_at: new Date(Date.now() + 60_000),
    });
    await ctx.db.insertInto('crash_round').values(values(1)).execute();
    await expect(ctx.db.insertInto('crash_round').values(values(2)).execute()).rejects.toMatchObject({
      code: '23505',
    });
    await ctx.db.deleteFrom('crash_round').where('chain_id', '=', chain.id).execute();
  });

  it('a cash-out received before the crash time counts when it reaches the database after the crash', async () => {
    const chain = await commitChain([(point) => point >= 110 && point <= 130]);
    const player = await member(2_000_00);
    const page = await watch(player.session);
    await page.waitFor(isType('snapshot'), 'snapshot');
    // A long grace: this call stands for one received by another process just before the crash.
    await ctx.app.crashEngine.start({ ...TIMING, graceMs: 20_000 });
    const betting = await page.waitFor(
      (m): m is Extract<CrashServerMessage, { type: 'betting' }> =>
        m.type === 'betting' && m.round.chainId === chain.id,
      'betting',
    );
    expect((await bet(player.session, 200_00)).code).toBe(0);
    const crashed = await page.waitFor(isType('crashed', betting.round.id), 'crashed');
    const startedAt = crashed.round.startedAt as number;
    const crashAt = crashed.round.endedAt as number;
    const { deps } = ctx.app.crashEngine;
    // What the cash-out route reads with its credentials, at each call.
    const reading = async () => {
      const read = await crashService.readCasher(deps, player.session);
      if (!read) throw new Error('no session');
      return read;
    };

    await expect(
      crashService.cashOut(deps, await reading(), { roundId: betting.round.id }, crashAt),
    ).rejects.toMatchObject({
      key: 'CRASH_TOO_LATE',
    });
    const paid = await crashService.cashOut(
      deps,
      await reading(),
      { roundId: betting.round.id },
      crashAt - 1,
    );
    const multiplier = crashMultiplierAt(crashAt - 1 - startedAt);
    expect(paid.bet).toMatchObject({ state: 'settled', cashedOutAt: multiplier });
    // The receipt time is stored with the outcome, so the multiplier paid can be checked against it.
    const stored = await ctx.db
      .selectFrom('game_round')
      .select('outcome')
      .where('id', '=', paid.bet.id)
      .executeTakeFirstOrThrow();
    expect(stored.outcome).toEqual({ cashedOutAt: multiplier, auto: false, receivedAt: crashAt - 1 });
    const payout = Math.floor((200_00 * multiplier) / 100);
    expect(await balancesOf(player.memberId)).toMatchObject({ cash: 1_800_00 + payout });
    // One statement (crash_cashout) settled the bet, credited the win with its money fact, recorded the
    // win's transaction on the bet and read the cash the answer shows.
    expect(paid.balance).toBe(1_800_00 + payout);
    const win = await ctx.db
      .selectFrom('journal_transaction')
      .select(['id', 'kind', 'description', 'member_id'])
      .where('idempotency_key', '=', `game:inhouse:${paid.bet.id}:win`)
      .executeTakeFirstOrThrow();
    expect(win).toMatchObject({
      kind: 'win',
      description: `crash #${betting.round.id} win ${paid.bet.id}`,
      member_id: player.memberId,
    });
    expect(
      await ctx.db
        .selectFrom('money_fact')
        .select(['kind', 'amount', 'game_id', 'source_ref'])
        .where('transaction_id', '=', win.id)
        .execute(),
    ).toEqual([
      { kind: 'win', amount: payout, game_id: crashGameId, source_ref: `game:inhouse:${paid.bet.id}:win` },
    ]);
    expect(
      await ctx.db
        .selectFrom('game_round')
        .select(['state', 'payout', 'multiplier', 'win_transaction_id'])
        .where('id', '=', paid.bet.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ state: 'settled', payout, multiplier: multiplier * 100, win_transaction_id: win.id });
    // A second click gets the same answer and pays nothing more.
    const again = await crashService.cashOut(
      deps,
      await reading(),
      { roundId: betting.round.id },
      crashAt - 1,
    );
    expect(again).toMatchObject({ bet: { state: 'settled', payout }, balance: 1_800_00 + payout });
    expect(await balancesOf(player.memberId)).toMatchObject({ cash: 1_800_00 + payout });
    await expectLedgerInvariants(ctx.db);
    page.close();
  }, 60_000);
});

describe('real-money bets in one statement (crash_bet, crash_bets, issue 24)', () => {
  /** Waits for the next round of a fresh chain to take bets, its crash point high enough to stay open. */
  async function bettingRound() {
    const chain = await commitChain([(point) => point >= 200]);
    const guest = await demo();
    const page = await watch(guest.session);
    await page.waitFor(isType('snapshot'), 'snapshot');
    await ctx.app.crashEngine.start({ ...TIMING, bettingMs: 5_000 });
    const betting = await page.waitFor(
      (m): m is Extract<CrashServerMessage, { type: 'betting' }> =>
        m.type === 'betting' && m.round.chainId === chain.id,
      'betting',
    );
    return { page, round: betting.round };
  }

  it('takes one of each member’s parallel bets, debits it once with its fact, and conserves the money', async () => {
    const players = [
      await member(1_000_00),
      await member(1_000_00),
      await member(1_000_00),
      // 300.00 of real money and 700.00 of bonus cash: the bet spends the real money first.
      await member(1_000_00, 300_00),
    ];
    const { page, round } = await bettingRound();
    const { bettors } = ctx.app.crashEngine.deps;
    const read = { ...bettors.stats };
    const answers = await Promise.all(
      players.flatMap((player) => Array.from({ length: 4 }, () => bet(player.session, 200_00))),
    );
    // Each bet's session was read with its records, in the security check (one statement, not two).
    expect(bettors.stats.items - read.items).toBe(answers.length);
    for (const [index, player] of players.entries()) {
      const own = answers.slice(index * 4, index * 4 + 4);
      expect(own.filter((answer) => answer.code === 0)).toHaveLength(1);
      expect(own.filter((answer) => answer.code === ERRORS.CRASH_ALREADY_BET.code)).toHaveLength(3);
      const taken = own.find((answer) => answer.code === 0) as Answer;
      expect(taken.data).toMatchObject({
        balance: 800_00,
        round: { id: round.id, state: 'betting' },
        bet: { roundId: round.id, stake: 200_00, state: 'open', autoCashout: null },
      });
      const rows = await ctx.db
        .selectFrom('game_round')
        .select(['id', 'stake', 'state', 'bet_transaction_id', 'options'])
        .where('crash_round_id', '=', round.id)
        .where('member_id', '=', player.memberId)
        .execute();
      expect(rows).toHaveLength(1);
      const [row] = rows as [(typeof rows)[number]];
      expect(row).toMatchObject({ id: taken.data.bet.id, stake: 200_00, state: 'open' });
      expect(row.options).toEqual({ autoCashout: null });
      // The ledger's debit under the bet's own key, recorded on the bet, with its money fact.
      const journal = await ctx.db
        .selectFrom('journal_transaction')
        .select(['id', 'kind', 'description', 'member_id'])
        .where('idempotency_key', '=', `game:inhouse:${row.id}:bet`)
        .executeTakeFirstOrThrow();
      expect(journal).toMatchObject({
        id: row.bet_transaction_id,
        kind: 'bet',
        description: `crash #${round.id} bet ${row.id}`,
        member_id: player.memberId,
      });
      const facts = await ctx.db
        .selectFrom('money_fact')
        .select(['kind', 'amount', 'game_id', 'source_ref'])
        .where('transaction_id', '=', journal.id)
        .execute();
      expect(facts).toEqual([
        { kind: 'bet', amount: 200_00, game_id: crashGameId, source_ref: `game:inhouse:${row.id}:bet` },
      ]);
      await page.waitFor((m) => m.type === 'bet' && m.bet.id === row.id, 'the bet on the page');
    }
    expect(await balancesOf(players[0]!.memberId)).toMatchObject({ cash: 800_00, withdrawable: 800_00 });
    expect(await balancesOf(players[3]!.memberId)).toMatchObject({ cash: 800_00, withdrawable: 100_00 });
    await expectLedgerInvariants(ctx.db);
    page.close();
  }, 60_000);

  it('writes the bets that arrive together in one statement, each undone alone when refused', async () => {
    const rich = [await member(1_000_00), await member(1_000_00), await member(1_000_00)];
    const short = await member(100_00);
    const twice = await member(1_000_00);
    const { page, round } = await bettingRound();
    const { deps } = ctx.app.crashEngine;
    const readingOf = async (player: { session: string }) => {
      const reading = await crashService.readBettor(deps, player.session);
      if (!reading) throw new Error('no session');
      return reading;
    };
    const bettors = [...rich, short, twice, twice];
    const readings = await Promise.all(bettors.map(readingOf));
    const before = { ...deps.memberBets.stats };
    // Bets made in one tick reach the writer together (their sessions and records were read in batches
    // too): the first goes alone, the rest wait for it and go in one statement (db/batched-calls.ts).
    const answers = await Promise.allSettled(
      readings.map((reading) => crashService.placeBet(deps, reading, { stake: 200_00 }, deps.now())),
    );
    expect(deps.memberBets.stats.items - before.items).toBe(bettors.length);
    expect(deps.memberBets.stats.batches - before.batches).toBeLessThan(bettors.length);
    const outcomes = answers.map((answer) =>
      answer.status === 'fulfilled' ? 'taken' : (answer.reason as { key?: string }).key,
    );
    expect(outcomes.slice(0, 3)).toEqual(['taken', 'taken', 'taken']);
    expect(outcomes[3]).toBe('INSUFFICIENT_BALANCE');
    expect(outcomes.slice(4).sort()).toEqual(['CRASH_ALREADY_BET', 'taken']);
    for (const player of [...rich, twice]) {
      expect(await balancesOf(player.memberId)).toMatchObject({ cash: 800_00 });
    }
    expect(await balancesOf(short.memberId)).toMatchObject({ cash: 100_00 });
    const stored = await ctx.db
      .selectFrom('game_round')
      .select(['member_id', 'stake'])
      .where('crash_round_id', '=', round.id)
      .execute();
    expect(stored.map((row) => row.member_id).sort()).toEqual(
      [...rich, twice].map((player) => player.memberId).sort(),
    );
    await expectLedgerInvariants(ctx.db);
    page.close();
  }, 60_000);

  it('refuses with each rule’s own error and moves no money', async () => {
    // A responsible-gambling limit (the ledger's trigger on the money fact).
    const limited = await newMember(ctx, { cash: 1_000_00 });
    const limits = await callApi(ctx, ACCOUNT_PATHS.limits, {
      token: limited.token,
      json: { limits: [{ name: 'stake:month', amount: 100_00 }] },
    });
    expect(limits.code, limits.msg).toBe(0);
    // An active bonus with a maximum stake.
    const bonused = await member(1_000_00);
    await grantTestBonus(ctx, bonused.memberId, 500_00, {
      wageringMultiple: 5,
      maxStake: 50_00,
      maxConversion: 500_00,
      contribution: { inhouse: 100, provider: 0 },
    });
    // Identity not verified, where the market asks it before play.
    const unverified = await newMember(ctx, { cash: 1_000_00, kyc: 'none' });
    const poor = await member(100_00);
    const sessionOf = async (memberId: number) => ({
      memberId,
      session: (await openMemberGameSession(ctx, memberId, crashGameId)).token,
    });
    const limitedPlayer = await sessionOf(limited.id);
    const unverifiedPlayer = await sessionOf(unverified.id);

    const { page, round } = await bettingRound();
    const refusedBy = async (player: { session: string; memberId: number }, stake: number, key: string) => {
      const before = await balancesOf(player.memberId);
      const answer = await bet(player.session, stake);
      expect(answer.code, `${key}: ${answer.msg}`).toBe(ERRORS[key as keyof typeof ERRORS].code);
      expect(await balancesOf(player.memberId)).toEqual(before);
      return answer;
    };
    expect((await refusedBy(limitedPlayer, 200_00, 'LIMIT_STAKE_MONTH')).msg).toContain(
      'monthly stake limit',
    );
    expect((await refusedBy(bonused, 80_00, 'BONUS_MAX_STAKE')).msg).toContain('welcome bonus');
    await refusedBy(unverifiedPlayer, 200_00, 'KYC_REQUIRED');
    await refusedBy(poor, 10_00, 'GAME_STAKE_LIMIT');
    await refusedBy(poor, 200_00, 'INSUFFICIENT_BALANCE');

    // The betting time is judged at the call's receipt, to the millisecond.
    const { deps } = ctx.app.crashEngine;
    const reading = await crashService.readBettor(deps, poor.session);
    if (!reading) throw new Error('no session');
    await expect(
      crashService.placeBet(deps, reading, { stake: 20_00 }, round.bettingEndsAt),
    ).rejects.toMatchObject({ key: 'CRASH_BETTING_CLOSED' });
    expect(await balancesOf(poor.memberId)).toMatchObject({ cash: 100_00 });
    const taken = await crashService.placeBet(
      deps,
      reading,
      { stake: 20_00, roundId: round.id },
      round.bettingEndsAt - 1,
    );
    expect(taken).toMatchObject({ balance: 80_00, bet: { roundId: round.id, stake: 20_00 } });
    await expectLedgerInvariants(ctx.db);
    page.close();
  }, 60_000);
});
