import type {
  CrashChain,
  CrashHistoryItem,
  CrashMyBet,
  CrashPublicBet,
  CrashRound,
  CrashServerMessage,
} from '@app/contracts/crash';

/**
 * What the page knows of the game, from the WebSocket's snapshot and events and the answers to its own
 * calls. Pure: `reduce` takes a message and gives the next state; events are applied by id, so one seen
 * twice (the snapshot and an event sent just before it) changes nothing the second time. The page never
 * decides an outcome: a bet is lost when the server says the round crashed, not when the curve passes a
 * number on this screen.
 */
export const HISTORY_SIZE = 20;

export type CrashLive = {
  /** Server clock − this page's clock (ms), from the smallest delay seen (see `clockOffset`). */
  offset: number | undefined;
  round: CrashRound | null;
  /** The current round's bets by id. */
  bets: CrashPublicBet[];
  history: CrashHistoryItem[];
  chain: CrashChain | null;
  /** The salt of the chain of the round that crashed last (the crashed message carries it). */
  salt: string | null;
  balance: number;
  /** The player's bet in the current round (or in the round just over, until the next one opens). */
  mine: CrashMyBet | null;
  /** True once the snapshot came. */
  ready: boolean;
};

export const INITIAL_LIVE: CrashLive = {
  offset: undefined,
  round: null,
  bets: [],
  history: [],
  chain: null,
  salt: null,
  balance: 0,
  mine: null,
  ready: false,
};

/**
 * A server time sample `now` received at `local`: the server wrote it before the page got it, so
 * now − local is the true offset minus the delay. The largest sample is the one with the least delay.
 */
export function clockOffset(previous: number | undefined, serverNow: number, localNow: number): number {
  const sample = serverNow - localNow;
  return previous === undefined ? sample : Math.max(previous, sample);
}

function upsertBet(bets: CrashPublicBet[], bet: CrashPublicBet): CrashPublicBet[] {
  const index = bets.findIndex((known) => known.id === bet.id);
  if (index === -1) return [...bets, bet];
  const next = bets.slice();
  next[index] = bet;
  return next;
}

function historyItem(round: CrashRound): CrashHistoryItem | undefined {
  if (
    (round.state !== 'crashed' && round.state !== 'cancelled') ||
    round.crashPoint === null ||
    !round.gameHash
  ) {
    return undefined;
  }
  return {
    id: round.id,
    chainId: round.chainId,
    game: round.game,
    state: round.state,
    crashPoint: round.crashPoint,
    gameHash: round.gameHash,
    endedAt: round.endedAt ?? round.bettingEndsAt,
  };
}

export function reduce(state: CrashLive, message: CrashServerMessage, localNow: number): CrashLive {
  const offset = 'now' in message ? clockOffset(state.offset, message.now, localNow) : state.offset;
  switch (message.type) {
    case 'snapshot':
      return {
        offset: clockOffset(undefined, message.now, localNow),
        round: message.round,
        bets: message.bets,
        history: message.history,
        chain: message.chain,
        salt: message.chain?.salt ?? null,
        balance: message.you.balance,
        mine: message.you.bet,
        ready: true,
      };
    case 'betting':
      if (state.round && message.round.id < state.round.id) return { ...state, offset };
      return {
        ...state,
        offset,
        round: message.round,
        bets: message.round.id === state.round?.id ? state.bets : [],
        mine: state.mine && state.mine.roundId === message.round.id ? state.mine : null,
      };
    case 'started':
      if (state.round?.id !== message.roundId || state.round.state !== 'betting') return { ...state, offset };
      return { ...state, offset, round: { ...state.round, state: 'running', startedAt: message.startedAt } };
    case 'bet':
      if (state.round?.id !== message.bet.roundId) return { ...state, offset };
      return { ...state, offset, bets: upsertBet(state.bets, message.bet) };
    case 'cashout': {
      if (state.round?.id !== message.roundId) return { ...state, offset };
      const bets = state.bets.map((bet) =>
        bet.id === message.betId
          ? { ...bet, state: 'settled' as const, cashedOutAt: message.cashedOutAt, payout: message.payout }
          : bet,
      );
      const mine =
        state.mine && state.mine.id === message.betId && state.mine.state === 'open'
          ? {
              ...state.mine,
              state: 'settled' as const,
              cashedOutAt: message.cashedOutAt,
              payout: message.payout,
              auto: message.auto,
            }
          : state.mine;
      return { ...state, offset, bets, mine };
    }
    case 'crashed': {
      const round = message.round;
      if (state.round && round.id < state.round.id) return { ...state, offset };
      const item = historyItem(round);
      const history = item
        ? [item, ...state.history.filter((known) => known.id !== round.id)].slice(0, HISTORY_SIZE)
        : state.history;
      // Every bet still open lost (the server settled them in the same step).
      const bets =
        state.round?.id === round.id
          ? state.bets.map((bet) => (bet.state === 'open' ? { ...bet, state: 'settled' as const } : bet))
          : [];
      const mine =
        state.mine && state.mine.roundId === round.id && state.mine.state === 'open'
          ? { ...state.mine, state: 'settled' as const, payout: 0, cashedOutAt: null }
          : state.mine;
      return { ...state, offset, round, bets, history, salt: message.salt, mine };
    }
    case 'balance':
      return { ...state, offset, balance: message.balance };
    default:
      return state;
  }
}

/** The player's own bet as the answer to a bet or cash-out call gave it. */
export function withMyBet(state: CrashLive, bet: CrashMyBet, balance: number): CrashLive {
  const sameRound = state.round?.id === bet.roundId;
  return {
    ...state,
    balance,
    mine: bet,
    bets: sameRound
      ? state.bets.map((known) =>
          known.id === bet.id
            ? { ...known, state: bet.state, cashedOutAt: bet.cashedOutAt, payout: bet.payout }
            : known,
        )
      : state.bets,
  };
}

/** Hundredths → "2.35×". */
export function formatPoint(hundredths: number): string {
  return `${(hundredths / 100).toFixed(2)}×`;
}

/** "2.5", "2,50", "2.50x" → 250 hundredths; '' → null (none); anything else → undefined (invalid). */
export function parseTarget(text: string): number | null | undefined {
  const cleaned = text.trim().replace(/[x×]$/i, '').trim();
  if (cleaned === '') return null;
  if (!/^\d{1,5}(?:[.,]\d{1,2})?$/.test(cleaned)) return undefined;
  const value = Math.round(Number(cleaned.replace(',', '.')) * 100);
  return value >= 101 && value <= 1_000_000 ? value : undefined;
}
