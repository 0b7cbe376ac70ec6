import { randomUUID } from 'node:crypto';
import { spinReels, type RandomInt, type ReelGame, type ReelSymbol } from './fruit-reels.ts';
import type { WalletAnswer, WalletClient } from './hub88-wallet-client.ts';

/**
 * One round of the simulated provider against the operator's wallet, with the protocol's bad days on
 * switches (external-protocols.md §4.3 and §6): retried calls, duplicate transaction ids, a rollback
 * that overtakes its bet, and the rollback a supplier sends after a bet it believes failed.
 */

/** Hub88 units: the real value × 100 000. */
export const UNITS_PER_MAJOR = 100_000;

export type Hub88Switches = {
  /** Every call goes twice with the very same bytes (a retry after a lost answer). */
  retries: boolean;
  /** Each bet and win is sent again under its transaction_uuid with another amount (expect a duplicate error). */
  duplicates: boolean;
  /** Out of order: the round's rollback is sent before its bet, which then arrives late. */
  rollbackBeforeBet: boolean;
  /** Every bet's answer is dropped as if the connection broke, and the bet is rolled back, as Hub88 does. */
  rollbackAfterFailedBet: boolean;
  /** A test hook: every spin wins (three cherries) or loses. */
  forceOutcome: 'win' | 'lose' | null;
};

export const DEFAULT_SWITCHES: Hub88Switches = {
  retries: false,
  duplicates: false,
  rollbackBeforeBet: false,
  rollbackAfterFailedBet: false,
  forceOutcome: null,
};

export type PlayerSession = {
  id: string;
  game: ReelGame;
  mode: 'real' | 'demo';
  token: string | undefined;
  /** Hub88's user; learnt from the first balance answer when the launch did not say. */
  user: string | undefined;
  currency: string;
  /** The latest balance in Hub88 units: the operator's word in real play, kept here in demo. */
  balance: number | undefined;
  busy: boolean;
  lastUsedAt: number;
};

export type RoundOutcome =
  | { kind: 'played'; reels: ReelSymbol[]; multiplier: number; win: number; balance: number | undefined }
  | { kind: 'refused'; reason: 'not_enough_money' | 'error'; status: string; balance: number | undefined }
  | { kind: 'void'; reason: 'rolled_back_before_bet' | 'bet_failed'; balance: number | undefined };

export type RoundDeps = {
  wallet: WalletClient;
  switches: Hub88Switches;
  random: RandomInt;
};

/** How often a win or a rollback is re-sent before giving up: they must reach the operator. */
const SETTLE_ATTEMPTS = 3;

function pickReels(
  game: ReelGame,
  deps: Pick<RoundDeps, 'switches' | 'random'>,
): { reels: ReelSymbol[]; multiplier: number } {
  const forced = deps.switches.forceOutcome;
  if (forced === null) return spinReels(game, deps.random);
  const [first, second, third] = game.symbols.filter((symbol) => symbol.id !== game.pairSymbol);
  const pair = game.symbols.find((symbol) => symbol.id === game.pairSymbol);
  if (forced === 'win' && pair) return { reels: [pair, pair, pair], multiplier: pair.threeOfAKind };
  if (!first || !second || !third) throw new Error(`${game.code} has too few symbols to lose`);
  return { reels: [first, second, third], multiplier: 0 };
}

export async function balanceOf(deps: RoundDeps, session: PlayerSession): Promise<WalletAnswer | undefined> {
  if (session.mode === 'demo' || session.token === undefined) return undefined;
  const answer = await deps.wallet.post('user/balance', {
    ...(session.user === undefined ? {} : { user: session.user }),
    token: session.token,
    request_uuid: randomUUID(),
    game_code: session.game.code,
  });
  if (answer?.status === 'RS_OK') {
    session.user ??= answer.user;
    session.balance = answer.balance;
  }
  return answer;
}

/** A demo round: play money here, no wallet call at all (Hub88 demo mode). */
export function playDemoRound(
  deps: Pick<RoundDeps, 'switches' | 'random'>,
  session: PlayerSession,
  stake: number,
): RoundOutcome {
  const balance = session.balance ?? 0;
  if (balance < stake) return { kind: 'refused', reason: 'not_enough_money', status: 'DEMO', balance };
  const { reels, multiplier } = pickReels(session.game, deps);
  const win = stake * multiplier;
  session.balance = balance - stake + win;
  return { kind: 'played', reels, multiplier, win, balance: session.balance };
}

/** A real round: bet, then win (zero included: it closes the round), each with a fresh transaction_uuid. */
export async function playRealRound(
  deps: RoundDeps,
  session: PlayerSession,
  stake: number,
): Promise<RoundOutcome> {
  const { switches, wallet } = deps;
  if (session.user === undefined) await balanceOf(deps, session);
  if (session.user === undefined || session.token === undefined) {
    return { kind: 'refused', reason: 'error', status: 'NO_USER', balance: session.balance };
  }
  const times = switches.retries ? 2 : 1;
  const round = `${session.game.code}-${randomUUID()}`;
  const common = {
    user: session.user,
    token: session.token,
    supplier_user: `sim-${session.user}`,
    round,
    game_code: session.game.code,
  };
  const betUuid = randomUUID();
  const bet = {
    ...common,
    transaction_uuid: betUuid,
    supplier_transaction_id: `sim-bet-${betUuid}`,
    round_closed: false,
    reward_uuid: null,
    request_uuid: randomUUID(),
    is_free: false,
    is_aggregated: false,
    currency: session.currency,
    bet: 'spin',
    amount: stake,
    meta: { game: session.game.name },
  };
  const rollback = () => ({
    ...common,
    transaction_uuid: randomUUID(),
    supplier_transaction_id: `sim-rollback-${betUuid}`,
    round_closed: true,
    request_uuid: randomUUID(),
    reference_transaction_uuid: betUuid,
    meta: {},
  });
  const remember = (answer: WalletAnswer | undefined) => {
    if (answer?.balance !== undefined) session.balance = answer.balance;
    return answer;
  };

  if (switches.rollbackBeforeBet) {
    remember(await settle(wallet, 'transaction/rollback', rollback(), 'rollbackBeforeBet'));
    remember(await wallet.post('transaction/bet', bet, { times, purpose: 'rollbackBeforeBet' }));
    return { kind: 'void', reason: 'rolled_back_before_bet', balance: session.balance };
  }

  const betAnswer = remember(await wallet.post('transaction/bet', bet, { times }));
  if (switches.duplicates) {
    await wallet.post(
      'transaction/bet',
      { ...bet, amount: stake + UNITS_PER_MAJOR, request_uuid: randomUUID() },
      {
        purpose: 'duplicates',
      },
    );
  }
  // Hub88 suppliers roll a bet back after a network failure or any refusal but not-enough-money.
  const failed =
    switches.rollbackAfterFailedBet ||
    betAnswer === undefined ||
    !['RS_OK', 'RS_ERROR_NOT_ENOUGH_MONEY'].includes(betAnswer.status);
  if (failed) {
    remember(await settle(wallet, 'transaction/rollback', rollback(), 'rollbackAfterFailedBet'));
    return { kind: 'void', reason: 'bet_failed', balance: session.balance };
  }
  if (betAnswer.status !== 'RS_OK') {
    return {
      kind: 'refused',
      reason: 'not_enough_money',
      status: betAnswer.status,
      balance: session.balance,
    };
  }

  const { reels, multiplier } = pickReels(session.game, deps);
  const winUuid = randomUUID();
  const win = {
    ...bet,
    transaction_uuid: winUuid,
    supplier_transaction_id: `sim-win-${winUuid}`,
    round_closed: true,
    request_uuid: randomUUID(),
    reference_transaction_uuid: betUuid,
    amount: stake * multiplier,
  };
  remember(await settle(wallet, 'transaction/win', win, 'play', times));
  if (switches.duplicates) {
    await wallet.post(
      'transaction/win',
      { ...win, amount: win.amount + UNITS_PER_MAJOR, request_uuid: randomUUID() },
      {
        purpose: 'duplicates',
      },
    );
  }
  return { kind: 'played', reels, multiplier, win: win.amount, balance: session.balance };
}

/** A win or rollback is re-sent (same body) until the operator answers, a few times at most. */
async function settle(
  wallet: WalletClient,
  action: 'transaction/win' | 'transaction/rollback',
  body: Record<string, unknown>,
  purpose: string,
  times = 1,
): Promise<WalletAnswer | undefined> {
  for (let attempt = 1; attempt <= SETTLE_ATTEMPTS; attempt += 1) {
    const answer = await wallet.post(action, body, { times, purpose: attempt === 1 ? purpose : 'retries' });
    if (answer !== undefined) return answer;
  }
  return undefined;
}
