import type { Kysely, Transaction } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import { marketMinStake } from '@app/contracts/game-rules';
import { generateClientSeed, generateServerSeed, hashServerSeed } from '@app/fair/stream';
import { minesLayout, minesMaxReveals, minesMultiplier, MINES_TILES } from '@app/fair/mines';
import { payoutOf } from '@app/fair/payout';
import type {
  Fairness,
  GameBonusForfeitResult,
  InhouseSession,
  PlayResult,
  Round,
} from '@app/contracts/inhouse';
import type { Database } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { AppError } from '../../../http/app-error.ts';
import { localize } from '../../platform/config/localize.ts';
import { holdsRightToBet } from '../../platform/member/member.service.ts';
import { requireVerifiedFor } from '../../platform/kyc/kyc.service.ts';
import {
  findGame,
  getDemoBalance,
  moveDemoBalance,
  type GameRow,
  type GameSession,
} from '../catalogue/game-session.service.ts';
import { checkBonusStake, forfeitByPlayer, stakeLimitOf } from '../../platform/wallet/bonus-pocket.ts';
import * as wallet from '../../platform/wallet/wallet.service.ts';
import { INSTANT_GAMES, isInstantGame, parseOptions, playInstant, seedsOf } from './inhouse-games.ts';
import * as repository from './inhouse.repository.ts';
import type { RoundRow, SeedOwner } from './inhouse.repository.ts';

/**
 * In-house play (issue 5, docs/games.md "In-house play"). A round's outcome is a pure function of the seed
 * pair and its nonce (packages/fair), fixed before any money moves; it never looks at the house's bank or the
 * player's history. Real money moves only through the wallet, under keys derived from the round's id, and
 * each step of play is ONE database transaction (issue 13 §3), as crash and the provider's calls are:
 *
 * - an instant game's bet: the nonce, the outcome, the round, the stake debited (`game:inhouse:<round>:bet`)
 *   and the win credited (`game:inhouse:<round>:win`), each with its money fact, the round settled;
 * - a mines start: the nonce, the layout, the round open and its stake debited;
 * - a mines reveal: the tile; at a mine the round settled with nothing paid; the last safe tile cashes out;
 * - a mines cash-out: the round settled and its win credited.
 *
 * A stop at any point leaves a step done or not done, never half done. `repairInterruptedRounds` remains
 * for rounds played before this (when a bet was four transactions), and is harmless on newer ones.
 * Demo play moves the session's play money in the same transactions and never touches the wallet.
 */
type Db = Kysely<Database>;
export type InhouseDeps = {
  db: Db;
  /** The market: its legal minimum stake raises every game's own (country.ts `minStake`). */
  country: CountryProfile;
};

/** A visitor's demo starts with this much play money (1,000.00 in the currency's minor units). */
export const DEMO_START_BALANCE = 100_000;

/** A round younger than this may still be in the hands of its request; the job leaves it alone (not at start-up). */
export const REPAIR_AFTER_MS = 60_000;

const betKey = (roundId: number) => `game:inhouse:${roundId}:bet`;
const winKey = (roundId: number) => `game:inhouse:${roundId}:win`;

type Playing = { session: GameSession; game: GameRow; owner: SeedOwner };

/** The frame's session (checked by the route's gameSession security), for a bet: live, in-house, and (real play) allowed to bet. */
async function requirePlaying(
  deps: InhouseDeps,
  gameSession: GameSession,
  forBet: boolean,
): Promise<Playing> {
  const session = gameSession;
  if (forBet && session.expired) throw new AppError('GAME_SESSION_INVALID');
  const game = await findGame(deps.db, session.gameId);
  if (!game || game.source !== 'inhouse') throw new AppError('GAME_SESSION_INVALID');
  if (forBet && !game.enabled) throw new AppError('GAME_UNAVAILABLE');
  if (session.mode === 'launch' && session.memberId !== null) {
    if (forBet) {
      const { active, rightToBet } = await holdsRightToBet(deps, session.memberId, session.memberSessionId);
      if (!active) throw new AppError('UNAUTHORIZED');
      if (!rightToBet) throw new AppError('ONE_DEVICE');
      await requireVerifiedFor(deps.db, deps.country, session.memberId, 'play');
    }
    return { session, game, owner: { memberId: session.memberId } };
  }
  return { session, game, owner: { sessionId: session.id } };
}

function checkStake(deps: InhouseDeps, game: GameRow, stake: number): void {
  const min = marketMinStake(game.min_stake, deps.country);
  if (!Number.isSafeInteger(stake) || stake < min || stake > game.max_stake) {
    throw new AppError('GAME_STAKE_LIMIT');
  }
}

/**
 * A real-money stake (demo play has none of this): within the active bonus's maximum, and covered by the
 * balance. A cheap look first, so a short balance rarely spends a nonce; the debit itself is the guard.
 */
async function checkRealStake(deps: InhouseDeps, session: GameSession, stake: number): Promise<void> {
  if (session.mode !== 'launch') return;
  await checkBonusStake(deps.db, session.memberId as number, stake, deps.country);
  const { money } = await wallet.getBalance(deps.db, session.memberId as number);
  if (money < stake) throw new AppError('INSUFFICIENT_BALANCE');
}

/** The owner's active seed pair, made on first use. */
async function activeSeedPair(db: Db, owner: SeedOwner): Promise<repository.SeedPairRow> {
  const existing = await repository.findActiveSeedPair(db, owner);
  if (existing) return existing;
  const serverSeed = generateServerSeed();
  await repository.insertSeedPair(db, owner, {
    serverSeed,
    serverSeedHash: hashServerSeed(serverSeed),
    clientSeed: generateClientSeed(),
  });
  const made = await repository.findActiveSeedPair(db, owner);
  if (!made) throw new Error('the seed pair was not created');
  return made;
}

function fairnessOf(pair: repository.SeedPairRow): Fairness {
  return { serverSeedHash: pair.server_seed_hash, clientSeed: pair.client_seed, nonce: pair.next_nonce };
}

async function balanceOf(deps: InhouseDeps, playing: Playing): Promise<number> {
  const { session } = playing;
  // Read again: the session was resolved before this request's own round moved the money.
  if (session.mode === 'demo') return getDemoBalance(deps.db, session.id);
  return (await wallet.getBalance(deps.db, session.memberId as number)).money;
}

/** A round as the player sees it: an open mines round hides where the mines are. */
function toRound(row: RoundRow): Round {
  let outcome = row.outcome;
  if (row.game_code === 'mines' && row.state === 'open') {
    const { revealed } = row.outcome as MinesState;
    outcome = { revealed };
  }
  return {
    id: row.id,
    gameCode: row.game_code,
    state: row.state,
    stake: row.stake,
    payout: row.payout,
    multiplier: row.state === 'open' ? null : row.multiplier,
    nonce: row.nonce,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    options: row.options,
    outcome,
    createTime: row.created_at.toISOString(),
  };
}

async function loadRound(db: Db, id: number): Promise<RoundRow> {
  const row = await repository.findRound(db, id);
  if (!row) throw new Error(`round ${id} vanished`);
  return row;
}

/** The session as the game page shows it, the game's name in the player's `language`. */
export async function getSession(
  deps: InhouseDeps,
  gameSession: GameSession,
  language: string,
): Promise<InhouseSession> {
  const playing = await requirePlaying(deps, gameSession, false);
  const { session, game, owner } = playing;
  const pair = await activeSeedPair(deps.db, owner);
  const open =
    game.code === 'mines'
      ? await repository.findOpenRound(deps.db, {
          gameId: game.id,
          memberId: session.memberId,
          sessionId: session.id,
          mode: session.mode,
        })
      : undefined;
  return {
    game: {
      id: game.id,
      code: game.code,
      name: localize(game, language).name,
      minStake: marketMinStake(game.min_stake, deps.country),
      maxStake: game.max_stake,
      rtp: game.rtp,
    },
    stakeLimit: await stakeLimitOf(
      deps.db,
      session.mode === 'launch' ? session.memberId : null,
      game.max_stake,
    ),
    mode: session.mode,
    currency: session.currency,
    balance: await balanceOf(deps, playing),
    fairness: fairnessOf(pair),
    // Real play shows an open round only once its stake was taken (before that it is being cancelled).
    openRound: open && (open.mode === 'demo' || open.bet_transaction_id !== null) ? toRound(open) : null,
  };
}

/**
 * A round's start, ONE database transaction: the nonce, the outcome and the round; in real play also the
 * stake debited (with its money fact) and, for an instant round, the round settled and its win credited
 * (with its fact). Either all of it is committed or nothing is, so no half-played round can be left behind.
 * Not enough cash cancels the round in that same transaction (its nonce stays used, visibly) and answers
 * INSUFFICIENT_BALANCE. Demo play moves the session's play money instead.
 */
async function playRound(
  deps: InhouseDeps,
  playing: Playing,
  input: {
    stake: number;
    options: Record<string, unknown>;
    resolve: (pair: repository.SeedPairRow & { nonce: number }) => {
      outcome: unknown;
      multiplier: number | null;
      /** False for a round that goes on (mines). */
      final: boolean;
    };
  },
): Promise<number> {
  const { session, game, owner } = playing;
  await activeSeedPair(deps.db, owner);
  const started = retryingTransaction(deps.db, async (trx) => {
    await repository.lockSeedOwner(trx, owner, 'play');
    const pair = await repository.takeNonce(trx, owner);
    if (!pair) throw new Error('no active seed pair');
    const { outcome, multiplier, final } = input.resolve(pair);
    const payout = final && multiplier !== null ? payoutOf(input.stake, multiplier) : 0;
    const demo = session.mode === 'demo';
    if (demo) {
      const balance = await moveDemoBalance(trx, session.id, input.stake, payout);
      if (balance === undefined) throw new AppError('INSUFFICIENT_BALANCE');
    }
    const roundId = await repository.insertRound(trx, {
      gameId: game.id,
      memberId: session.memberId,
      sessionId: session.id,
      mode: session.mode,
      seedPairId: pair.id,
      nonce: pair.nonce,
      stake: input.stake,
      payout,
      multiplier,
      state: demo && final ? 'settled' : 'open',
      options: input.options,
      outcome,
      awaitsPlayer: !final,
    });
    if (demo) return { roundId };
    const memberId = session.memberId as number;
    const description = `${game.code} #${roundId}`;
    let betTransactionId: number;
    try {
      ({ transactionId: betTransactionId } = await wallet.debitMember(trx, {
        memberId,
        to: wallet.ACCOUNT.houseFor(memberId),
        key: betKey(roundId),
        kind: 'bet',
        amount: input.stake,
        description,
        fact: { kind: 'bet', gameId: game.id, ref: betKey(roundId) },
      }));
    } catch (error) {
      // The debit undid only itself (a savepoint): the round is kept, cancelled, its nonce used.
      if (error instanceof AppError && error.key === 'INSUFFICIENT_BALANCE') {
        await repository.updateRound(trx, roundId, 'open', { state: 'cancelled', payout: 0 });
        return { roundId, refused: error };
      }
      throw error;
    }
    if (!final) {
      await repository.updateRound(trx, roundId, 'open', { betTransactionId });
      return { roundId };
    }
    const winTransactionId =
      payout > 0
        ? await creditWin(trx, {
            id: roundId,
            member_id: memberId,
            game_id: game.id,
            game_code: game.code,
            payout,
            bet_transaction_id: betTransactionId,
          })
        : undefined;
    await repository.updateRound(trx, roundId, 'open', {
      state: 'settled',
      betTransactionId,
      ...(winTransactionId !== undefined && { winTransactionId }),
    });
    return { roundId };
  });
  // Two starts at once both passed the caller's check for an open round; the database lets one through.
  const { roundId, refused } = await started.catch((error: unknown) => {
    throw repository.isSecondOpenRound(error) ? new AppError('GAME_ROUND_OPEN') : error;
  });
  if (refused) throw refused;
  return roundId;
}

/** A round's win to its member's cash, with its money fact (the key makes a repeat harmless): its transaction id. */
async function creditWin(
  db: Db,
  round: Pick<RoundRow, 'id' | 'game_id' | 'game_code' | 'payout' | 'bet_transaction_id'> & {
    member_id: number;
  },
): Promise<number> {
  const { transactionId } = await wallet.creditMember(db, {
    memberId: round.member_id,
    from: wallet.ACCOUNT.houseFor(round.member_id),
    key: winKey(round.id),
    kind: 'win',
    cash: round.payout,
    withdrawable: round.payout,
    description: `${round.game_code} #${round.id}`,
    fact: { kind: 'win', gameId: round.game_id, ref: winKey(round.id) },
    // The win follows the real part of its stake (issue 14 §2).
    ...(round.bet_transaction_id !== null && { stakes: [round.bet_transaction_id] }),
  });
  return transactionId;
}

/** A settled round's missing win (a round from before each step was one transaction), credited once. */
async function payWin(deps: Pick<InhouseDeps, 'db'>, round: RoundRow): Promise<void> {
  if (round.payout <= 0 || round.mode !== 'launch' || round.member_id === null) return;
  const transactionId = await creditWin(deps.db, { ...round, member_id: round.member_id });
  await repository.updateRound(deps.db, round.id, 'settled', { winTransactionId: transactionId });
}

async function answer(deps: InhouseDeps, playing: Playing, roundId: number): Promise<PlayResult> {
  const pair = await activeSeedPair(deps.db, playing.owner);
  return {
    round: toRound(await loadRound(deps.db, roundId)),
    balance: await balanceOf(deps, playing),
    fairness: fairnessOf(pair),
  };
}

/**
 * The player forfeits their active bonus `id` from the game page where its stake limit is met (the in-house
 * games and crash, which share the game session): real play by a member still logged in; the wallet's
 * forfeit, as from the bonus page. Answers the stake limit and the balance after.
 */
export async function forfeitBonusInGame(
  deps: InhouseDeps,
  gameSession: GameSession,
  id: number,
): Promise<GameBonusForfeitResult> {
  const { memberId } = gameSession;
  if (gameSession.mode !== 'launch' || memberId === null || gameSession.expired)
    throw new AppError('GAME_SESSION_INVALID');
  const { active } = await holdsRightToBet(deps, memberId, gameSession.memberSessionId);
  if (!active) throw new AppError('UNAUTHORIZED');
  const game = await findGame(deps.db, gameSession.gameId);
  if (!game) throw new AppError('GAME_SESSION_INVALID');
  await forfeitByPlayer(deps.db, memberId, id);
  const { money } = await wallet.getBalance(deps.db, memberId);
  return { stakeLimit: await stakeLimitOf(deps.db, memberId, game.max_stake), balance: money };
}

/** One complete round of dice, plinko, wheel or the slot. */
export async function placeBet(
  deps: InhouseDeps,
  gameSession: GameSession,
  input: { stake: number; options: Record<string, unknown> },
): Promise<PlayResult> {
  const playing = await requirePlaying(deps, gameSession, true);
  const { game, session } = playing;
  if (!isInstantGame(game.code))
    throw new AppError('GAME_OPTIONS', 'This game is not played with a single bet');
  checkStake(deps, game, input.stake);
  const options = parseOptions(game.code, input.options);
  await checkRealStake(deps, session, input.stake);
  const roundId = await playRound(deps, playing, {
    stake: input.stake,
    options,
    resolve: (pair) => ({ ...playInstant(game.code, seedsOf(pair), options), final: true }),
  });
  return answer(deps, playing, roundId);
}

/** The state of a mines round in `outcome`: where the mines are, and the safe tiles revealed in order. */
type MinesState = { mines: number[]; revealed: number[]; hit?: number };

export async function startMines(
  deps: InhouseDeps,
  gameSession: GameSession,
  input: { stake: number; mines: number },
): Promise<PlayResult> {
  const playing = await requirePlaying(deps, gameSession, true);
  const { game, session } = playing;
  if (game.code !== 'mines') throw new AppError('GAME_OPTIONS', 'This is not the mines game');
  checkStake(deps, game, input.stake);
  const open = await repository.findOpenRound(deps.db, {
    gameId: game.id,
    memberId: session.memberId,
    sessionId: session.id,
    mode: session.mode,
  });
  if (open) throw new AppError('GAME_ROUND_OPEN');
  await checkRealStake(deps, session, input.stake);
  const roundId = await playRound(deps, playing, {
    stake: input.stake,
    options: { mines: input.mines },
    resolve: (pair) => {
      const floats = INSTANT_GAMES.mines.floats(seedsOf(pair), input.mines);
      const state: MinesState = {
        mines: minesLayout(floats, input.mines).sort((a, b) => a - b),
        revealed: [],
      };
      return { outcome: state, multiplier: null, final: false };
    },
  });
  return answer(deps, playing, roundId);
}

/** The caller's open mines round, locked; another player's round is answered like a missing one. */
async function lockOwnOpenRound(
  trx: Parameters<typeof repository.lockRound>[0],
  playing: Playing,
  roundId: number,
): Promise<RoundRow> {
  const round = await repository.lockRound(trx, roundId);
  const { session, game } = playing;
  const owns =
    round &&
    round.game_id === game.id &&
    (session.mode === 'launch'
      ? round.mode === 'launch' && round.member_id === session.memberId
      : round.session_id === session.id);
  if (!round || !owns) throw new AppError('NOT_FOUND');
  if (round.state !== 'open') throw new AppError('GAME_ROUND_CLOSED');
  // Real play: the stake must have been taken before any tile is played.
  if (round.mode === 'launch' && round.bet_transaction_id === null) throw new AppError('GAME_ROUND_CLOSED');
  return round;
}

export async function revealMine(
  deps: InhouseDeps,
  gameSession: GameSession,
  input: { roundId: number; tile: number },
): Promise<PlayResult> {
  const playing = await requirePlaying(deps, gameSession, true);
  await retryingTransaction(deps.db, async (trx) => {
    const round = await lockOwnOpenRound(trx, playing, input.roundId);
    const state = round.outcome as MinesState;
    if (!Number.isInteger(input.tile) || input.tile < 0 || input.tile >= MINES_TILES) {
      throw new AppError('GAME_OPTIONS', 'Choose a tile of the board');
    }
    if (state.revealed.includes(input.tile)) throw new AppError('GAME_OPTIONS', 'That tile is already open');
    if (state.mines.includes(input.tile)) {
      await repository.updateRound(trx, round.id, 'open', {
        state: 'settled',
        payout: 0,
        multiplier: 0,
        outcome: { ...state, hit: input.tile },
      });
      return;
    }
    const revealed = [...state.revealed, input.tile];
    // Every safe tile open (or the multiplier's cap reached): the round cannot go on, so it is cashed out
    // in this same transaction.
    if (revealed.length >= minesMaxReveals(state.mines.length)) {
      await settleMines(trx, playing, round, { ...state, revealed });
    } else {
      await repository.updateRound(trx, round.id, 'open', { outcome: { ...state, revealed } });
    }
  });
  return answer(deps, playing, input.roundId);
}

export async function cashOutMines(
  deps: InhouseDeps,
  gameSession: GameSession,
  input: { roundId: number },
): Promise<PlayResult> {
  const playing = await requirePlaying(deps, gameSession, true);
  await retryingTransaction(deps.db, async (trx) => {
    const round = await lockOwnOpenRound(trx, playing, input.roundId);
    const state = round.outcome as MinesState;
    if (state.revealed.length === 0) throw new AppError('GAME_OPTIONS', 'Open at least one tile first');
    await settleMines(trx, playing, round, state);
  });
  return answer(deps, playing, input.roundId);
}

/**
 * A mines cash-out, inside the caller's transaction (which holds the round locked): the round settled at
 * the multiplier of the safe tiles opened, and its win credited with its money fact (real money) or added
 * to the play money (demo).
 */
async function settleMines(
  trx: Transaction<Database>,
  playing: Playing,
  round: RoundRow,
  state: MinesState,
): Promise<void> {
  const multiplier = minesMultiplier(state.mines.length, state.revealed.length);
  const payout = payoutOf(round.stake, multiplier);
  let winTransactionId: number | undefined;
  if (round.mode === 'demo') {
    await moveDemoBalance(trx, playing.session.id, 0, payout);
  } else if (payout > 0 && round.member_id !== null) {
    winTransactionId = await creditWin(trx, { ...round, member_id: round.member_id, payout });
  }
  await repository.updateRound(trx, round.id, 'open', {
    state: 'settled',
    payout,
    multiplier,
    outcome: state,
    ...(winTransactionId !== undefined && { winTransactionId }),
  });
}

export async function listRounds(
  deps: InhouseDeps,
  gameSession: GameSession,
  query: { page: number; size: number },
): Promise<{ list: Round[]; page: number; size: number }> {
  const { session, game } = await requirePlaying(deps, gameSession, false);
  const rows = await repository.listRounds(deps.db, {
    gameId: game.id,
    memberId: session.memberId,
    sessionId: session.id,
    mode: session.mode,
    ...query,
  });
  return { list: rows.map(toRound), page: query.page, size: query.size };
}

/**
 * Seed rotation: the active pair ends and its server seed is revealed (every bet on it can now be
 * verified); a new pair starts with the player's client seed and a new committed server seed. Refused while
 * a mines round is open: its outcome depends on the seed being still secret.
 */
export async function rotateSeeds(
  deps: InhouseDeps,
  gameSession: GameSession,
  input: { clientSeed: string },
): Promise<{ previous: RevealedPair; fairness: Fairness }> {
  const { owner } = await requirePlaying(deps, gameSession, false);
  await activeSeedPair(deps.db, owner);
  const serverSeed = generateServerSeed();
  const previous = await deps.db.transaction().execute(async (trx) => {
    // Rotations of one owner take turns, and wait for its rounds in flight (repository.lockSeedOwner).
    await repository.lockSeedOwner(trx, owner, 'rotate');
    const ended = await repository.revealSeedPair(trx, owner);
    if (!ended) throw new Error('no active seed pair');
    // Checked after the pair is locked, so a mines round started meanwhile (its nonce taken under that
    // lock) is seen; in any game, since every in-house game of the owner shares the pair.
    if (await repository.hasRoundAwaitingPlayer(trx, owner)) throw new AppError('GAME_ROUND_OPEN');
    await repository.insertSeedPair(trx, owner, {
      serverSeed,
      serverSeedHash: hashServerSeed(serverSeed),
      clientSeed: input.clientSeed,
    });
    return ended;
  });
  const pair = await activeSeedPair(deps.db, owner);
  return { previous: toRevealed(previous), fairness: fairnessOf(pair) };
}

type RevealedPair = {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonces: number;
  revealTime: string;
};

function toRevealed(row: repository.SeedPairRow): RevealedPair {
  return {
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonces: row.next_nonce,
    revealTime: (row.revealed_at ?? new Date()).toISOString(),
  };
}

export async function listRevealedSeeds(
  deps: InhouseDeps,
  gameSession: GameSession,
): Promise<RevealedPair[]> {
  const { owner } = await requirePlaying(deps, gameSession, false);
  const rows = await repository.listRevealedSeedPairs(deps.db, owner, 50);
  return rows.map(toRevealed);
}

/**
 * At start-up (every age: `minAgeMs` 0) and by the job after (older than a minute): rounds a stop interrupted. An open round whose stake was never taken
 * is cancelled; an instant round whose stake was taken is settled with the outcome fixed at its start; a
 * settled round whose win was not credited is credited (the win's key makes this safe to repeat). An open
 * mines round whose stake was taken stays open for its player to finish: its outcome is already fixed.
 */
export async function repairInterruptedRounds(
  deps: Pick<InhouseDeps, 'db'>,
  { minAgeMs = REPAIR_AFTER_MS }: { minAgeMs?: number } = {},
): Promise<{ repaired: number }> {
  const rows = await repository.findInterruptedRounds(deps.db, new Date(Date.now() - minAgeMs), 500);
  let repaired = 0;
  for (const row of rows) {
    if (row.state === 'open') {
      const betTransaction =
        row.bet_transaction_id ?? (await wallet.findPostedTransaction(deps.db, betKey(row.id)));
      if (betTransaction === undefined) {
        if (await repository.updateRound(deps.db, row.id, 'open', { state: 'cancelled', payout: 0 }))
          repaired += 1;
        continue;
      }
      if (row.bet_transaction_id === null) {
        await repository.updateRound(deps.db, row.id, 'open', { betTransactionId: betTransaction });
      }
      if (row.game_code === 'mines') continue;
      await repository.updateRound(deps.db, row.id, 'open', { state: 'settled' });
    }
    await payWin(deps, await loadRound(deps.db, row.id));
    repaired += 1;
  }
  return { repaired };
}
