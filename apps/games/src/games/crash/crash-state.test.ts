import { describe, expect, it } from 'vitest';
import {
  CRASH_SOCKET_CLOSE,
  type CrashMyBet,
  type CrashRound,
  type CrashSnapshot,
} from '@app/contracts/crash';
import { SESSION_REFUSED_CLOSE } from './crash-api.ts';
import { INITIAL_LIVE, clockOffset, formatPoint, parseTarget, reduce, withMyBet } from './crash-state.ts';

const round = (over: Partial<CrashRound> = {}): CrashRound => ({
  id: 7,
  chainId: 1,
  game: 3,
  state: 'betting',
  bettingEndsAt: 10_000,
  startedAt: null,
  endedAt: null,
  crashPoint: null,
  gameHash: null,
  previousHash: 'a'.repeat(64),
  ...over,
});

const myBet: CrashMyBet = {
  id: 40,
  roundId: 7,
  stake: 1000,
  autoCashout: null,
  state: 'open',
  cashedOutAt: null,
  payout: 0,
  auto: false,
  createTime: '2025-01-01T00:00:00.000Z',
};

const snapshot = (over: Partial<CrashSnapshot> = {}): CrashSnapshot => ({
  now: 5_000,
  round: round(),
  bets: [],
  history: [],
  chain: {
    id: 1,
    commitment: 'c'.repeat(64),
    salt: 'salt',
    length: 100,
    createTime: '2025-01-01T00:00:00.000Z',
  },
  you: {
    mode: 'demo',
    currency: 'KES',
    balance: 10_000,
    minStake: 100,
    maxStake: 100_000,
    stakeLimit: { maxStake: 100_000, gameMaxStake: 100_000, bonus: null },
    bet: null,
  },
  ...over,
});

describe('the crash page state', () => {
  it('follows a round from the snapshot to the crash, applying each event once', () => {
    let state = reduce(INITIAL_LIVE, { type: 'snapshot', ...snapshot() }, 4_900);
    expect(state).toMatchObject({ ready: true, offset: 100, balance: 10_000, salt: 'salt' });
    state = withMyBet(state, myBet, 9_000);
    const publicBet = {
      id: 40,
      roundId: 7,
      player: 'Guest',
      stake: 1000,
      autoCashout: null,
      state: 'open' as const,
      cashedOutAt: null,
      payout: 0,
    };
    const other = { ...publicBet, id: 41, autoCashout: 150 };
    for (const bet of [publicBet, other, publicBet])
      state = reduce(state, { type: 'bet', now: 5_100, bet }, 5_050);
    expect(state.bets.map((bet) => bet.id)).toEqual([40, 41]);
    state = reduce(state, { type: 'started', now: 10_000, roundId: 7, startedAt: 10_000 }, 9_950);
    expect(state.round).toMatchObject({ state: 'running', startedAt: 10_000 });
    state = reduce(
      state,
      {
        type: 'cashout',
        now: 16_000,
        roundId: 7,
        betId: 41,
        player: 'Guest',
        cashedOutAt: 150,
        payout: 1500,
        auto: true,
      },
      15_950,
    );
    expect(state.bets[1]).toMatchObject({ state: 'settled', cashedOutAt: 150 });
    expect(state.mine).toMatchObject({ state: 'open' });
    const crashed = round({
      state: 'crashed',
      startedAt: 10_000,
      endedAt: 20_000,
      crashPoint: 182,
      gameHash: 'b'.repeat(64),
    });
    state = reduce(state, { type: 'crashed', now: 20_010, round: crashed, salt: 'salt' }, 19_990);
    expect(state.mine).toMatchObject({ state: 'settled', payout: 0, cashedOutAt: null });
    expect(state.bets[0]).toMatchObject({ state: 'settled', cashedOutAt: null });
    expect(state.history[0]).toMatchObject({ id: 7, crashPoint: 182, gameHash: 'b'.repeat(64) });
    // A repeat of the crash changes nothing; the next round clears the table and the old bet.
    expect(
      reduce(state, { type: 'crashed', now: 20_020, round: crashed, salt: 'salt' }, 20_000).history,
    ).toHaveLength(1);
    state = reduce(state, { type: 'betting', now: 23_000, round: round({ id: 8 }) }, 22_990);
    expect(state).toMatchObject({ bets: [], mine: null, round: { id: 8 } });
  });

  it('marks the player’s bet cashed out when the server cashes it out automatically', () => {
    let state = reduce(
      INITIAL_LIVE,
      { type: 'snapshot', ...snapshot({ round: round({ state: 'running', startedAt: 1 }) }) },
      0,
    );
    state = withMyBet(state, { ...myBet, autoCashout: 200 }, 9_000);
    state = reduce(
      state,
      {
        type: 'cashout',
        now: 1,
        roundId: 7,
        betId: 40,
        player: 'Guest',
        cashedOutAt: 200,
        payout: 2000,
        auto: true,
      },
      0,
    );
    expect(state.mine).toMatchObject({ state: 'settled', cashedOutAt: 200, payout: 2000, auto: true });
  });

  it('estimates the server clock from the least delayed message', () => {
    expect(clockOffset(undefined, 1_000, 900)).toBe(100);
    expect(clockOffset(100, 1_000, 950)).toBe(100);
    expect(clockOffset(100, 1_000, 850)).toBe(150);
  });

  it('reads automatic cash-out targets as the server takes them', () => {
    expect(parseTarget('')).toBeNull();
    expect(parseTarget('2')).toBe(200);
    expect(parseTarget('1,5')).toBe(150);
    expect(parseTarget(' 10.25x ')).toBe(1025);
    expect(parseTarget('1')).toBeUndefined();
    expect(parseTarget('10000.01')).toBeUndefined();
    expect(parseTarget('abc')).toBeUndefined();
    expect(formatPoint(235)).toBe('2.35×');
  });

  it('knows the contracts’ close code for a refused session', () => {
    expect(SESSION_REFUSED_CLOSE).toBe(CRASH_SOCKET_CLOSE.session);
  });
});
