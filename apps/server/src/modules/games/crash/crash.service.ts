import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import { marketMinStake } from '@app/contracts/game-rules';
import {
  createCrashChain,
  crashMultiplierAt,
  crashPayout,
  crashPoint,
  crashTimeToReach,
  generateTerminalSeed,
  previousGameHash,
  CRASH_MIN_TARGET,
  type CrashChain as FairChain,
} from '@app/fair/crash';
import { payoutOf } from '@app/fair/payout';
import type {
  CrashBetInput,
  CrashChain,
  CrashHistory,
  CrashHistoryItem,
  CrashMyBet,
  CrashPlayResult,
  CrashPublicBet,
  CrashRound,
  CrashSnapshot,
} from '@app/contracts/crash';
import { maskMobile } from '@app/contracts/message-rules';
import type { Database } from '../../../db/schema.ts';
import { batchedCalls, type BatchedCalls } from '../../../db/batched-calls.ts';
import { retrying, retryingTransaction } from '../../../db/transactions.ts';
import { AppError } from '../../../http/app-error.ts';
import { findMobiles, rightToBetOf } from '../../platform/member/member.service.ts';
import { verificationRefusal } from '../../platform/kyc/kyc.service.ts';
import {
  findGame,
  findGameByCode,
  getDemoBalance,
  gameSessionOf,
  gameSessionTokenHash,
  moveDemoBalance,
  resolveGameSession,
  type GameRow,
  type GameSession,
  type GameSessionRow,
} from '../catalogue/game-session.service.ts';
import { bonusStakeRefusal, stakeCapOf, stakeLimitOf } from '../../platform/wallet/bonus-pocket.ts';
import * as wallet from '../../platform/wallet/wallet.service.ts';
import type { CrashHub, CrashPlayerKey } from './crash-hub.ts';
import * as repository from './crash.repository.ts';
import type { BetRow, ChainRow, CrashRoundRow } from './crash.repository.ts';

/**
 * Crash (issue 5(b), docs/games.md "Crash"): one shared round at a time for every player. Its crash point
 * comes from a hash chain committed before the first round (packages/fair/crash), so it is fixed before
 * any bet and never depends on who bet what or on the house's bank. The engine (crash.engine.ts) drives
 * the rounds; the rules and every money step are here, ordered so that a stop anywhere is repaired at the
 * next start (`recoverInterrupted`) with nothing lost or paid twice:
 *
 * - a bet is ONE database transaction: the round is checked to be taking bets (and held so, FOR SHARE, so
 *   it cannot start meanwhile), the bet row is inserted and the stake debited from the wallet
 *   (`game:inhouse:<bet>:bet`) or from the demo's play money. Either all of it happened or none. A
 *   real-money bet does it in ONE statement, the database function `crash_bet` (crash.sql.ts);
 * - a cash-out (by hand or automatic) is ONE transaction: the round is held running, the bet settled at
 *   its multiplier and the win credited (`game:inhouse:<bet>:win`, all withdrawable) or added to the play
 *   money;
 * - the crash makes the round crashed at its crash time; a cash-out received before that time still counts
 *   for a grace after it (crash.engine.ts `graceMs`: it may have been received by another process), then
 *   every bet still open loses;
 * - a round a stop left taking bets or running is finished by the next driver (crash.engine.ts) from its
 *   stored crash point and start time: automatic cash-outs the curve reached are paid, the rest lose. A
 *   round is cancelled, each open bet's stake given back exactly as taken (`game:inhouse:<bet>:refund`),
 *   only by `cancelLiveRound`, an operator's last resort.
 */
type Db = Kysely<Database>;

export const CRASH_GAME_CODE = 'crash';
/** How many past rounds the snapshot's history strip shows. */
export const SNAPSHOT_HISTORY = 20;

export type CrashDeps = {
  db: Db;
  /** The market: its legal minimum stake raises the game's own (country.ts `minStake`). */
  country: CountryProfile;
  /** The pages watching, on every process of the fleet (crash-fanout.ts). */
  hub: CrashHub;
  /**
   * The game's one clock (epoch ms), the same on every process: the database's (db/clock.ts). The times
   * of the rounds and the receipt time of every bet and cash-out are read from it.
   */
  now: () => number;
  /** Each bet's game session and what it must know before it acts, read together in batches (`bettorsReader`). */
  bettors: BatchedCalls<string, repository.Bettor | undefined>;
  /** Each cash-out's game session, the newest round and the player's bet in it, in batches (`cashersReader`). */
  cashers: BatchedCalls<string, repository.Casher | undefined>;
  /** Members' bets, written together in batches (`memberBetWriter`). */
  memberBets: BatchedCalls<repository.MemberBet, repository.PlacedMemberBet>;
};

/** A game session's stored row with the records a route reads with it (`findBettors`, `findCashers`). */
type SessionRecords<Records> = { session: GameSessionRow; records: Records };

/**
 * A reader of game sessions with records by their tokens' hashes: up to 100 a statement, two statements at
 * a time at most. The statement marks due sessions seen: a deadlock with another writer of sessions (a
 * logout closing several) undid it whole, and it simply runs again.
 */
function sessionsReader<Records>(
  db: Db,
  find: (db: Db, tokenHashes: string[]) => Promise<(SessionRecords<Records> | undefined)[]>,
): BatchedCalls<string, SessionRecords<Records> | undefined> {
  return batchedCalls(
    async (tokenHashes) =>
      (await retrying(() => find(db, tokenHashes))).map((found) => ({ ok: true as const, value: found })),
    { maxBatch: 100, maxConcurrent: 2 },
  );
}

export const bettorsReader = (db: Db) => sessionsReader(db, repository.findBettors);
export const cashersReader = (db: Db) => sessionsReader(db, repository.findCashers);

/** The game session of `token`, as the rules speak of it, with the records `reader` reads with it. */
async function readSession<Records>(
  reader: BatchedCalls<string, SessionRecords<Records> | undefined>,
  token: string,
): Promise<{ session: GameSession; records: Records } | undefined> {
  const found = await reader.call(gameSessionTokenHash(token));
  return found && { session: gameSessionOf(found.session), records: found.records };
}

/**
 * The bet route's reading of its credentials (game-session-auth.ts `gameSessionWith`): the game session of
 * `token` with everything its bet must know, in one statement shared by the bets that arrive together.
 */
export function readBettor(deps: CrashDeps, token: string) {
  return readSession(deps.bettors, token);
}

/**
 * The writer of members' bets: at a peak the bets that arrive while earlier ones are being written go
 * together, up to 32 a statement (each one subtransaction; a session keeps 64 in shared memory), two
 * statements at a time at most, leaving the rest of the pool to the cash-outs and every other call
 * (docs/decisions.md "Crash bets and game sessions in batches").
 */
export function memberBetWriter(db: Db): BatchedCalls<repository.MemberBet, repository.PlacedMemberBet> {
  return batchedCalls((bets) => repository.placeMemberBets(db, bets), { maxBatch: 32, maxConcurrent: 2 });
}

/** A bet's ledger key; `crash_bet` fills in the id of a real-money bet (`betKey('%s')`). */
const betKey = (betId: number | '%s') => `game:inhouse:${betId}:bet`;
const winKey = (betId: number) => `game:inhouse:${betId}:win`;
const refundKey = (betId: number) => `game:inhouse:${betId}:refund`;

export type CrashPlayer = { session: GameSession; game: GameRow; key: CrashPlayerKey };

function keyOf(session: GameSession): CrashPlayerKey {
  return { mode: session.mode, memberId: session.memberId, sessionId: session.id };
}

/** The crash game's own row, or GAME_SESSION_INVALID for a session of another game. */
function requireCrashGame(game: GameRow | undefined): GameRow {
  if (!game || game.code !== CRASH_GAME_CODE || game.source !== 'inhouse')
    throw new AppError('GAME_SESSION_INVALID');
  return game;
}

/** The crash page's session (checked by the route's gameSession security), for reading. */
async function requirePlayer(deps: CrashDeps, session: GameSession): Promise<CrashPlayer> {
  const game = requireCrashGame(await findGame(deps.db, session.gameId));
  return { session, game, key: keyOf(session) };
}

/**
 * The player of a bet, with the masked name the table shows: the session must be live, the game enabled,
 * and a member active, holding the right to bet, verified if the market asks it before play, and the stake
 * within the game's limits and the active bonus's maximum. Every record these checks need came in ONE
 * statement with the session (`readBettor`); the refusals keep the order of the checks made one after the other.
 */
function requireBettor(
  deps: CrashDeps,
  { session, records }: { session: GameSession; records: repository.BetRecords },
  stake: number,
): CrashPlayer & { name: string } {
  if (session.expired) throw new AppError('GAME_SESSION_INVALID');
  const launch = session.mode === 'launch';
  const game = requireCrashGame(records.game);
  if (!game.enabled) throw new AppError('GAME_UNAVAILABLE');
  if (launch) {
    const betting = rightToBetOf(records.member, session.memberSessionId);
    if (!betting.active) throw new AppError('UNAUTHORIZED');
    if (!betting.rightToBet) throw new AppError('ONE_DEVICE');
    const verification = verificationRefusal(deps.country, 'play', records.kycStatus);
    if (verification) throw verification;
  }
  const min = marketMinStake(game.min_stake, deps.country);
  if (!Number.isSafeInteger(stake) || stake < min || stake > game.max_stake) {
    throw new AppError('GAME_STAKE_LIMIT');
  }
  if (launch) {
    const bonusRefusal = bonusStakeRefusal(stakeCapOf(records.bonusCap), stake, deps.country);
    if (bonusRefusal) throw bonusRefusal;
  }
  const name = launch && session.memberId !== null ? maskMobile(records.mobile ?? '') : 'Guest';
  return { session, game, key: keyOf(session), name };
}

/** The page that says hello on the WebSocket: a live session of the crash game, or undefined. */
export async function resolveWatcher(deps: CrashDeps, token: string): Promise<CrashPlayer | undefined> {
  try {
    const session = await resolveGameSession(deps.db, token);
    if (!session) return undefined;
    const player = await requirePlayer(deps, session);
    return player.session.expired ? undefined : player;
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Views

function toChain(row: ChainRow): CrashChain {
  return {
    id: row.id,
    commitment: row.commitment,
    salt: row.salt,
    length: row.length,
    createTime: row.created_at.toISOString(),
  };
}

/** A round as everyone sees it: its hash and crash point only once it is over. */
export function toPublicRound(row: CrashRoundRow): CrashRound {
  const over = row.state === 'crashed' || row.state === 'cancelled';
  return {
    id: row.id,
    chainId: row.chain_id,
    game: row.chain_index,
    state: row.state,
    bettingEndsAt: row.betting_ends_at.getTime(),
    startedAt: row.started_at?.getTime() ?? null,
    endedAt: row.ended_at?.getTime() ?? null,
    crashPoint: over ? row.crash_point : null,
    gameHash: over ? row.game_hash : null,
    // SHA-256 of this game's hash is the previous game's, already revealed: it tells nothing about this one.
    previousHash: previousGameHash(row.game_hash),
  };
}

function toHistoryItem(row: CrashRoundRow): CrashHistoryItem {
  return {
    id: row.id,
    chainId: row.chain_id,
    game: row.chain_index,
    state: row.state === 'cancelled' ? 'cancelled' : 'crashed',
    crashPoint: row.crash_point,
    gameHash: row.game_hash,
    endedAt: (row.ended_at ?? row.betting_ends_at).getTime(),
  };
}

type BetOutcome = { cashedOutAt: number; auto: boolean };

function outcomeOf(row: BetRow): BetOutcome | undefined {
  const outcome = row.outcome as Partial<BetOutcome> | null;
  return outcome && typeof outcome.cashedOutAt === 'number'
    ? { cashedOutAt: outcome.cashedOutAt, auto: outcome.auto === true }
    : undefined;
}

export function autoCashoutOf(row: BetRow): number | null {
  const target = row.options.autoCashout;
  return typeof target === 'number' ? target : null;
}

function betState(row: BetRow): CrashPublicBet['state'] {
  return row.state === 'open' ? 'open' : row.state === 'settled' ? 'settled' : 'refunded';
}

function toPublicBet(row: BetRow, player: string): CrashPublicBet {
  return {
    id: row.id,
    roundId: row.crash_round_id,
    player,
    stake: row.stake,
    autoCashout: autoCashoutOf(row),
    state: betState(row),
    cashedOutAt: outcomeOf(row)?.cashedOutAt ?? null,
    payout: row.payout,
  };
}

function toMyBet(row: BetRow): CrashMyBet {
  const outcome = outcomeOf(row);
  return {
    id: row.id,
    roundId: row.crash_round_id,
    stake: row.stake,
    autoCashout: autoCashoutOf(row),
    state: betState(row),
    cashedOutAt: outcome?.cashedOutAt ?? null,
    payout: row.payout,
    auto: outcome?.auto ?? false,
    createTime: row.created_at.toISOString(),
  };
}

/** Members as 0712****78, demo players as 'Guest': enough to follow the table, not to find anyone. */
async function playerNames(deps: CrashDeps, rows: BetRow[]): Promise<Map<number, string>> {
  const memberIds = rows.flatMap((row) =>
    row.mode === 'launch' && row.member_id !== null ? [row.member_id] : [],
  );
  const mobiles = memberIds.length ? await findMobiles(deps, memberIds) : new Map<number, string>();
  return new Map(
    rows.map((row) => [
      row.id,
      row.mode === 'demo' || row.member_id === null ? 'Guest' : maskMobile(mobiles.get(row.member_id) ?? ''),
    ]),
  );
}

async function balanceOf(deps: CrashDeps, player: CrashPlayerKey): Promise<number> {
  if (player.mode === 'demo') return getDemoBalance(deps.db, player.sessionId);
  return (await wallet.getBalance(deps.db, player.memberId as number)).money;
}

// ---------------------------------------------------------------------------------------------------------
// Reading

export async function getSnapshot(deps: CrashDeps, player: CrashPlayer): Promise<CrashSnapshot> {
  const [latest, finished, chain] = await Promise.all([
    repository.findLatestRound(deps.db),
    repository.listFinishedRounds(deps.db, SNAPSHOT_HISTORY),
    repository.findLatestChain(deps.db),
  ]);
  const rows = latest
    ? (await repository.listRoundBets(deps.db, latest.id)).filter((row) => row.state !== 'cancelled')
    : [];
  const names = await playerNames(deps, rows);
  const mine = latest ? await repository.findPlayerBet(deps.db, latest.id, player.key) : undefined;
  return {
    round: latest ? toPublicRound(latest) : null,
    bets: rows.map((row) => toPublicBet(row, names.get(row.id) ?? 'Guest')),
    history: finished.map(toHistoryItem),
    chain: chain ? toChain(chain) : null,
    you: {
      mode: player.session.mode,
      currency: player.session.currency,
      balance: await balanceOf(deps, player.key),
      minStake: marketMinStake(player.game.min_stake, deps.country),
      maxStake: player.game.max_stake,
      stakeLimit: await stakeLimitOf(
        deps.db,
        player.session.mode === 'launch' ? player.session.memberId : null,
        player.game.max_stake,
      ),
      bet: mine && mine.state !== 'cancelled' ? toMyBet(mine) : null,
    },
    now: deps.now(),
  };
}

export async function getState(deps: CrashDeps, gameSession: GameSession): Promise<CrashSnapshot> {
  return getSnapshot(deps, await requirePlayer(deps, gameSession));
}

/** The last rounds over with their crash points and hashes, and the chains' commitments and salts. */
export async function getHistory(deps: CrashDeps, size: number): Promise<CrashHistory> {
  const [rows, latestChain] = await Promise.all([
    repository.listFinishedRounds(deps.db, size),
    repository.findLatestChain(deps.db),
  ]);
  const ids = new Set(rows.map((row) => row.chain_id));
  if (latestChain) ids.add(latestChain.id);
  const chains = await repository.findChains(deps.db, [...ids]);
  return { list: rows.map(toHistoryItem), chains: chains.map(toChain) };
}

// ---------------------------------------------------------------------------------------------------------
// Bets and cash-outs

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/**
 * A bet on the round taking bets, received at `receivedAt`. The stake leaves the wallet (or the play
 * money) in the same transaction that inserts the bet, while the round is held in its betting state.
 *
 * A real-money bet is two round trips after the session's lookup (issue 24: at a round's opening thousands
 * of bets arrive at once, and a bet's latency was its dozen statements one after the other, each waiting
 * for a connection): the records its checks need in one read (`requireBettor`), then the round, the bet,
 * the debit and the balance in one statement (`crash_bet`, crash.sql.ts). A demo bet moves play money.
 */
export async function placeBet(
  deps: CrashDeps,
  bettor: { session: GameSession; records: repository.BetRecords },
  input: CrashBetInput,
  receivedAt: number,
): Promise<CrashPlayResult> {
  const player = requireBettor(deps, bettor, input.stake);

  // No look at the balance or at an earlier bet first: the debit on the locked balance refuses a stake the
  // player does not have, and the unique index a second bet in the round, both inside the transaction.
  let placed: { bet: BetRow; round: CrashRoundRow; balance: number };
  try {
    placed =
      player.session.mode === 'launch'
        ? await placeMemberBet(deps, player, input, receivedAt)
        : await placeDemoBet(deps, player, input, receivedAt);
  } catch (error) {
    // A second bet of the player in the round (or two at once): the unique index lets one in.
    if (isUniqueViolation(error)) throw new AppError('CRASH_ALREADY_BET');
    throw error;
  }
  const { bet, round, balance } = placed;
  deps.hub.broadcast({ type: 'bet', now: deps.now(), bet: toPublicBet(bet, player.name) });
  return { bet: toMyBet(bet), round: toPublicRound(round), balance };
}

/** A real-money bet (`crash_bet`, in a batch of others), again after a deadlock (it changed nothing). */
async function placeMemberBet(
  deps: CrashDeps,
  player: CrashPlayer,
  input: CrashBetInput,
  receivedAt: number,
): Promise<{ bet: BetRow; round: CrashRoundRow; balance: number }> {
  const memberId = player.session.memberId as number;
  // The wallet's own debit, as `debitMemberCash` would post it; crash_bet fills in the bet's and round's ids.
  const ledger = wallet.ledgerDebitCall({
    memberId,
    to: wallet.ACCOUNT.houseFor(memberId),
    key: betKey('%s'),
    kind: 'bet',
    amount: input.stake,
    description: 'crash #%s bet %s',
  });
  try {
    const placed = await retrying(() =>
      deps.memberBets.call({
        roundId: input.roundId ?? null,
        receivedAt,
        gameId: player.game.id,
        memberId,
        sessionId: player.session.id,
        stake: input.stake,
        autoCashout: input.autoCashout ?? null,
        ledger,
      }),
    );
    return { bet: placed.bet, round: placed.round, balance: placed.cash };
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'CR001') throw new AppError('CRASH_BETTING_CLOSED');
    if (isUniqueViolation(error)) throw error;
    throw wallet.translateLedgerError(error);
  }
}

/** A demo bet: the bet and its play money in one transaction, the round held taking bets meanwhile. */
async function placeDemoBet(
  deps: CrashDeps,
  player: CrashPlayer,
  input: CrashBetInput,
  receivedAt: number,
): Promise<{ bet: BetRow; round: CrashRoundRow; balance: number }> {
  const { session } = player;
  return retryingTransaction(deps.db, async (trx) => {
    // The round taking bets, locked (shared) until the bet commits: the driver cannot start it meanwhile.
    const round = await repository.lockBettingRound(trx);
    if (!round || receivedAt >= round.betting_ends_at.getTime()) throw new AppError('CRASH_BETTING_CLOSED');
    // A bet for a round whose betting closed while it waited is not moved to the next one.
    if (input.roundId !== undefined && input.roundId !== round.id) throw new AppError('CRASH_BETTING_CLOSED');
    const bet = await repository.insertBet(trx, {
      gameId: player.game.id,
      memberId: session.memberId,
      sessionId: session.id,
      mode: session.mode,
      crashRoundId: round.id,
      stake: input.stake,
      autoCashout: input.autoCashout ?? null,
    });
    const balance = await moveDemoBalance(trx, session.id, input.stake, 0);
    if (balance === undefined) throw new AppError('INSUFFICIENT_BALANCE');
    return { bet, round, balance };
  });
}

/** When a round running since `startedAt` with crash point `crashPointHundredths` crashes (epoch ms). */
export function crashTimeOf(startedAt: number, crashPointHundredths: number): number {
  return startedAt + crashTimeToReach(crashPointHundredths);
}

export type CashOutDecision =
  { ok: true; cashedOutAt: number; auto: boolean } | { ok: false; reason: 'too-early' | 'too-late' };

/**
 * The multiplier a cash-out received at `receivedAt` gets: the curve's at that moment, if that is before
 * the crash time (the curve is then below the crash point); at or after the crash time it loses, whatever
 * the page showed. Below 1.01× (the curve's first 166 ms) it is refused: a cash-out at 1.00× would be a
 * free refund. A bet whose automatic target the curve already passed was cashed out at that target.
 */
export function decideCashOut(
  round: { startedAt: number; crashPoint: number },
  receivedAt: number,
  autoCashout: number | null,
): CashOutDecision {
  if (receivedAt >= crashTimeOf(round.startedAt, round.crashPoint)) return { ok: false, reason: 'too-late' };
  const shown = crashMultiplierAt(receivedAt - round.startedAt);
  if (autoCashout !== null && autoCashout <= shown && autoCashout <= round.crashPoint) {
    return { ok: true, cashedOutAt: autoCashout, auto: true };
  }
  if (shown < CRASH_MIN_TARGET) return { ok: false, reason: 'too-early' };
  return { ok: true, cashedOutAt: shown, auto: false };
}

/** A settled bet, with the member's cash after a real-money win when the statement read it. */
type Settled = { bet: BetRow; cash?: number } | 'round-over' | 'not-open';

type BetChange = { payout: number; multiplier: number; outcome: unknown; settledAt: Date };

/**
 * Settles an open bet at `cashedOutAt` (hundredths) while the round is running or crashed (the caller judged
 * the receipt time against the crash time): the bet, and its win credited (real money, with the member's
 * cash after it) or added to the play money (demo). 'round-over' when the round was cancelled; 'not-open'
 * when the bet was settled already (the automatic cash-out and a click racing, or the loss after the crash).
 */
async function settleCashOut(
  deps: CrashDeps,
  bet: BetRow,
  round: CrashRoundRow,
  cashOut: { cashedOutAt: number; auto: boolean; receivedAt?: number },
): Promise<Settled> {
  // crashPayout (packages/fair) is what a player's verification computes: the target × 100, as the curve
  // reached it before the crash.
  const multiplier = crashPayout(round.crash_point, cashOut.cashedOutAt);
  const change = {
    payout: payoutOf(bet.stake, multiplier),
    multiplier,
    outcome: cashOut,
    settledAt: new Date(deps.now()),
  };
  const { payout } = change;
  const settled =
    bet.mode === 'demo'
      ? await settleDemoCashOut(deps, bet, round, change)
      : await settleMemberCashOut(deps, bet, round, change);
  if (typeof settled === 'string') return settled;

  const names = await playerNames(deps, [settled.bet]);
  deps.hub.broadcast({
    type: 'cashout',
    now: deps.now(),
    roundId: round.id,
    betId: settled.bet.id,
    player: names.get(settled.bet.id) ?? 'Guest',
    cashedOutAt: cashOut.cashedOutAt,
    payout,
    auto: cashOut.auto,
  });
  return settled;
}

/** A real-money cash-out in one statement (`crash_cashout`), again after a deadlock (it changed nothing). */
async function settleMemberCashOut(
  deps: CrashDeps,
  bet: BetRow,
  round: CrashRoundRow,
  change: BetChange,
): Promise<Settled> {
  const memberId = bet.member_id as number;
  // The wallet's own credit, as `creditMember` would post it; the win follows the real part of its stake
  // (issue 14 §2).
  const ledger =
    change.payout > 0
      ? wallet.ledgerCreditCall({
          memberId,
          from: wallet.ACCOUNT.houseFor(memberId),
          key: winKey(bet.id),
          kind: 'win',
          amount: change.payout,
          description: `crash #${round.id} win ${bet.id}`,
          fact: { kind: 'win', gameId: bet.game_id, ref: winKey(bet.id) },
          ...(bet.bet_transaction_id !== null && { stakes: [bet.bet_transaction_id] }),
        })
      : undefined;
  const done = await retrying(() =>
    repository.cashOutMemberBet(deps.db, { roundId: round.id, betId: bet.id, ...change, ledger }),
  );
  if (done.outcome !== 'done') return done.outcome;
  const row: BetRow = {
    ...bet,
    state: 'settled',
    payout: change.payout,
    multiplier: change.multiplier,
    outcome: change.outcome,
    win_transaction_id: done.winTransactionId,
  };
  return { bet: row, cash: done.cash };
}

/** A demo cash-out: the bet and its play money in one transaction that holds the round. */
async function settleDemoCashOut(
  deps: CrashDeps,
  bet: BetRow,
  round: CrashRoundRow,
  change: BetChange,
): Promise<Settled> {
  return retryingTransaction(deps.db, async (trx): Promise<Settled> => {
    if (!(await repository.lockRoundIn(trx, round.id, ['running', 'crashed']))) return 'round-over';
    const row = await repository.settleOpenBet(trx, bet.id, change);
    if (!row) return 'not-open';
    if (change.payout > 0) await moveDemoBalance(trx, row.session_id as number, 0, change.payout);
    return { bet: row };
  });
}

/** The engine's automatic cash-out of a bet whose target the curve has reached. */
export async function autoCashOut(
  deps: CrashDeps,
  bet: BetRow,
  round: CrashRoundRow,
  target: number,
): Promise<void> {
  const settled = await settleCashOut(deps, bet, round, { cashedOutAt: target, auto: true });
  if (typeof settled === 'string') return;
  const player: CrashPlayerKey = {
    mode: settled.bet.mode,
    memberId: settled.bet.member_id,
    sessionId: settled.bet.session_id as number,
  };
  // The player made no call: their pages learn the new balance here.
  const balance = settled.cash ?? (await balanceOf(deps, player));
  deps.hub.sendTo(player, { type: 'balance', now: deps.now(), balance });
}

/**
 * The caller cashes out their bet at the multiplier of the moment the call was received, by the game's
 * clock, on whichever process received it. One received before the crash time is judged by that time, not
 * by the database's pace: the bets of a crashed round lose only a grace after it (crash.engine.ts).
 */
/**
 * The cash-out route's reading of its credentials (game-session-auth.ts `gameSessionWith`): the game session
 * of `token` with its game, the newest round and the player's bet in it, in one statement shared by the
 * cash-outs that arrive together.
 */
export function readCasher(deps: CrashDeps, token: string) {
  return readSession(deps.cashers, token);
}

export async function cashOut(
  deps: CrashDeps,
  { session, records }: { session: GameSession; records: repository.CashOutRecords },
  input: { roundId?: number | undefined },
  receivedAt: number,
): Promise<CrashPlayResult> {
  // A cash-out needs no right to bet: the stake is already in play and the money is the player's.
  const player: CrashPlayer = { session, game: requireCrashGame(records.game), key: keyOf(session) };
  // The newest round was read with the session; a page naming an older one reads that one.
  const { latestRound } = records;
  const newest = !input.roundId || input.roundId === latestRound?.id;
  const round = newest ? latestRound : await repository.findRound(deps.db, input.roundId as number);
  const bet = newest
    ? records.latestBet
    : round && (await repository.findPlayerBet(deps.db, round.id, player.key));
  if (!round || !bet || bet.state === 'cancelled') throw new AppError('CRASH_NO_BET');

  const answer = async (row: BetRow, roundRow: CrashRoundRow, cash?: number): Promise<CrashPlayResult> => ({
    bet: toMyBet(row),
    round: toPublicRound(roundRow),
    balance: cash ?? (await balanceOf(deps, player.key)),
  });
  // Already cashed out (a second click, or the automatic cash-out came first): the same answer again.
  if (bet.state === 'settled' && bet.payout > 0) return answer(bet, round);
  if (bet.state === 'refunded') throw new AppError('GAME_ROUND_CLOSED');
  if (bet.state === 'settled') throw new AppError('CRASH_TOO_LATE');
  if (round.state === 'cancelled') throw new AppError('GAME_ROUND_CLOSED');
  if (round.state === 'betting' || !round.started_at) throw new AppError('CRASH_TOO_EARLY');

  const startedAt = round.started_at.getTime();
  const decision = decideCashOut(
    { startedAt, crashPoint: round.crash_point },
    receivedAt,
    autoCashoutOf(bet),
  );
  if (!decision.ok) throw new AppError(decision.reason === 'too-late' ? 'CRASH_TOO_LATE' : 'CRASH_TOO_EARLY');

  // The receipt time is kept with the outcome: the multiplier paid is the curve's at that time, which a
  // dispute (or bench:crash) checks against the round's start.
  const settled = await settleCashOut(deps, bet, round, {
    cashedOutAt: decision.cashedOutAt,
    auto: decision.auto,
    receivedAt,
  });
  if (settled === 'round-over') throw new AppError('GAME_ROUND_CLOSED');
  if (settled === 'not-open') {
    const now = await repository.findBet(deps.db, bet.id);
    if (now && now.state === 'settled' && now.payout > 0) return answer(now, round);
    throw new AppError('CRASH_TOO_LATE');
  }
  return answer(settled.bet, round, settled.cash);
}

// ---------------------------------------------------------------------------------------------------------
// The engine's steps

export type LoadedChain = { row: ChainRow; chain: FairChain };

/**
 * A new chain: a random terminal seed, its `length` games hashed once (about 30 µs a hash), the commitment
 * and a random salt stored and published before its first game. A production operator would rather take
 * as salt a public value nobody knows yet when the chain is committed (a future Bitcoin block's hash, as
 * Stake and bustabit do, reference §5), so that not even the operator could have picked a favourable seed.
 */
export async function createChain(deps: CrashDeps, length: number): Promise<LoadedChain> {
  const seed = generateTerminalSeed();
  const chain = createCrashChain(seed, length);
  const row = await repository.insertChain(deps.db, {
    seed,
    length,
    commitment: chain.commitment,
    salt: randomBytes(16).toString('hex'),
  });
  return { row, chain };
}

/**
 * The chain in play, its checkpoints rebuilt from the stored seed (and checked against the stored
 * commitment), or a new one when there is none or the last is used up.
 */
export async function loadOrCreateChain(deps: CrashDeps, length: number): Promise<LoadedChain> {
  const latest = await repository.findLatestChain(deps.db);
  if (latest && (await repository.findLastChainIndex(deps.db, latest.id)) < latest.length) {
    const chain = createCrashChain(latest.seed, latest.length);
    if (chain.commitment !== latest.commitment) {
      throw new Error(`crash chain ${latest.id}: its seed does not give its commitment`);
    }
    return { row: latest, chain };
  }
  return createChain(deps, length);
}

/**
 * Which process drives the rounds now (a live lease), for the operators' fleet view: its holder is the
 * instance's run id (composition/fleet-instance.ts).
 */
export function findCrashDriver(db: Kysely<Database>): Promise<repository.CrashDriver | undefined> {
  return repository.findDriver(db);
}

/** Whether the crash game exists and is switched on (the engine idles otherwise). */
export async function isCrashEnabled(deps: CrashDeps): Promise<boolean> {
  const game = await findGameByCode(deps.db, CRASH_GAME_CODE);
  return Boolean(game && game.enabled && game.source === 'inhouse');
}

/** The next game of the chain, taking bets until `bettingMs` from now; undefined when the chain is used up. */
export async function openRound(
  deps: CrashDeps,
  loaded: LoadedChain,
  bettingMs: number,
): Promise<CrashRoundRow | undefined> {
  const game = (await repository.findLastChainIndex(deps.db, loaded.row.id)) + 1;
  if (game > loaded.row.length) return undefined;
  const gameHash = loaded.chain.hashOf(game);
  const round = await repository.insertRound(deps.db, {
    chainId: loaded.row.id,
    chainIndex: game,
    gameHash,
    crashPoint: crashPoint(gameHash, loaded.row.salt),
    bettingEndsAt: new Date(deps.now() + bettingMs),
  });
  deps.hub.broadcast({ type: 'betting', now: deps.now(), round: toPublicRound(round) });
  return round;
}

/**
 * Betting is over: the round runs from now. The update waits for every bet still being written (they hold
 * the round FOR SHARE), so the bets read after it are all the round will ever have.
 */
export async function startRound(
  deps: CrashDeps,
  round: CrashRoundRow,
): Promise<{ round: CrashRoundRow; bets: BetRow[] } | undefined> {
  const running = await repository.moveRound(deps.db, round.id, 'betting', {
    state: 'running',
    startedAt: new Date(deps.now()),
  });
  if (!running?.started_at) return undefined;
  const bets = (await repository.listRoundBets(deps.db, round.id)).filter((bet) => bet.state === 'open');
  deps.hub.broadcast({
    type: 'started',
    now: deps.now(),
    roundId: round.id,
    startedAt: running.started_at.getTime(),
  });
  return { round: running, bets };
}

/**
 * The crash, at the crash time: the round is crashed (ended at its crash time, whenever this runs); then
 * the hash and the salt are published, so anyone can recompute the crash point. Its open bets lose a
 * grace later (`loseOpenBetsOf`).
 */
export async function crashRound(deps: CrashDeps, round: CrashRoundRow): Promise<CrashRoundRow | undefined> {
  const startedAt = (round.started_at as Date).getTime();
  const endedAt = new Date(crashTimeOf(startedAt, round.crash_point));
  const crashed = await repository.moveRound(deps.db, round.id, 'running', { state: 'crashed', endedAt });
  if (crashed) {
    const [chain] = await repository.findChains(deps.db, [crashed.chain_id]);
    deps.hub.broadcast({
      type: 'crashed',
      now: deps.now(),
      round: toPublicRound(crashed),
      salt: chain?.salt ?? '',
    });
  }
  return crashed;
}

/** Every bet of a crashed round still open after the grace lost (payout 0). */
export async function loseOpenBetsOf(deps: CrashDeps, round: CrashRoundRow): Promise<number> {
  return repository.loseOpenBets(deps.db, round.id, new Date(deps.now()));
}

/** The round taking bets or running, and its bets still open: what a new driver finishes first. */
export async function findLiveRound(
  deps: CrashDeps,
): Promise<{ round: CrashRoundRow; bets: BetRow[] } | undefined> {
  const round = await repository.findLiveRound(deps.db);
  if (!round) return undefined;
  const bets = (await repository.listRoundBets(deps.db, round.id)).filter((bet) => bet.state === 'open');
  return { round, bets };
}

/** Gives an open bet of a cancelled round its stake back, exactly as it was taken; false if it was not open. */
async function refundBet(deps: CrashDeps, bet: BetRow): Promise<boolean> {
  const settledAt = new Date(deps.now());
  return retryingTransaction(deps.db, async (trx) => {
    const taken =
      bet.mode === 'demo'
        ? undefined
        : (bet.bet_transaction_id ?? (await wallet.findPostedTransaction(trx, betKey(bet.id))));
    // A real-money bet whose stake was never taken is only cancelled (it cannot happen while a bet and
    // its debit share a transaction, but a refund must never pay what was not taken).
    const state = bet.mode === 'launch' && taken === undefined ? 'cancelled' : 'refunded';
    if (!(await repository.closeOpenBet(trx, bet.id, state, settledAt))) return false;
    if (bet.mode === 'demo') {
      await moveDemoBalance(trx, bet.session_id as number, 0, bet.stake);
      return true;
    }
    if (taken === undefined) return true;
    const memberId = bet.member_id as number;
    // The withdrawable part the bet trimmed comes back too, so the player is exactly as before the bet.
    const debit = await wallet.getTransactionDetail(trx, memberId, taken);
    const refund = await wallet.creditMember(trx, {
      memberId,
      from: wallet.ACCOUNT.houseFor(memberId),
      key: refundKey(bet.id),
      kind: 'refund',
      cash: bet.stake,
      withdrawable: -debit.withdrawAmount,
      description: `crash #${bet.crash_round_id} refund ${bet.id}`,
      fact: { kind: 'rollback', gameId: bet.game_id, ref: refundKey(bet.id) },
    });
    await repository.setRefundTransaction(trx, bet.id, refund.transactionId);
    return true;
  });
}

/** Credits a settled win whose credit a stop interrupted (its key makes a repeat harmless). */
async function payUnpaidWin(deps: CrashDeps, bet: BetRow): Promise<void> {
  const memberId = bet.member_id as number;
  const { transactionId } = await wallet.creditMember(deps.db, {
    memberId,
    from: wallet.ACCOUNT.houseFor(memberId),
    key: winKey(bet.id),
    kind: 'win',
    cash: bet.payout,
    withdrawable: bet.payout,
    description: `crash #${bet.crash_round_id} win ${bet.id}`,
    fact: { kind: 'win', gameId: bet.game_id, ref: winKey(bet.id) },
    ...(bet.bet_transaction_id !== null && { stakes: [bet.bet_transaction_id] }),
  });
  await repository.setWinTransaction(deps.db, bet.id, transactionId);
}

const RECOVERY_BATCH = 500;

/**
 * An operator's last resort, never the engine's: the live round is cancelled and each of its open bets
 * gets its stake back (`settleLeftovers`). A round that can be finished is finished instead (issue 24).
 */
export async function cancelLiveRound(deps: CrashDeps): Promise<{ refunded: number }> {
  const live = await repository.findLiveRound(deps.db);
  if (live) {
    await repository.moveRound(deps.db, live.id, live.state, {
      state: 'cancelled',
      endedAt: new Date(deps.now()),
    });
  }
  const { refunded } = await settleLeftovers(deps, 0);
  return { refunded };
}

/**
 * What a stop left of rounds that are over, at each driver's start: a bet still open in a round that
 * crashed more than `graceMs` ago loses, as the crash would have settled it; one in a cancelled round gets
 * its stake back; a settled win not yet credited is credited. Safe to run again at any point.
 */
export async function settleLeftovers(
  deps: CrashDeps,
  graceMs: number,
): Promise<{ refunded: number; lost: number; paid: number }> {
  let refunded = 0;
  let lost = 0;
  for (;;) {
    const open = await repository.findOpenBetsOfFinishedRounds(
      deps.db,
      RECOVERY_BATCH,
      new Date(deps.now() - graceMs),
    );
    let moved = 0;
    for (const bet of open) {
      if (bet.round_state === 'cancelled') {
        if (await refundBet(deps, bet)) {
          refunded += 1;
          moved += 1;
        }
      } else {
        // Its round crashed: it lost, as the crash would have settled it.
        const settled = await repository.settleOpenBet(deps.db, bet.id, {
          payout: 0,
          multiplier: 0,
          outcome: null,
          settledAt: new Date(deps.now()),
        });
        if (settled) {
          lost += 1;
          moved += 1;
        }
      }
    }
    if (open.length < RECOVERY_BATCH || moved === 0) break;
  }
  let paid = 0;
  for (;;) {
    const unpaid = await repository.findUnpaidWins(deps.db, RECOVERY_BATCH);
    for (const bet of unpaid) {
      await payUnpaidWin(deps, bet);
      paid += 1;
    }
    if (unpaid.length < RECOVERY_BATCH) break;
  }
  return { refunded, lost, paid };
}
