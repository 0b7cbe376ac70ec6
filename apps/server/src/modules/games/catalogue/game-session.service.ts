import type { Kysely, Transaction } from 'kysely';
import type { Database, GameMode } from '../../../db/schema.ts';
import { batchedCalls } from '../../../db/batched-calls.ts';
import { retrying } from '../../../db/transactions.ts';
import { hashToken, newSessionToken } from '../../platform/member/credentials.ts';
import * as repository from './game-session.repository.ts';
import type { GameRow, GameSessionRow } from './game-session.repository.ts';

/**
 * Game sessions: a game opened in the frame. The session token (256 random bits, stored as SHA-256) is
 * what the in-house game page sends with each bet, and what a provider's wallet calls carry (Hub88's
 * `token`). Sessions seen recently are the online-user counts of the catalogue.
 */
type Db = Kysely<Database>;

/** A launch stays valid this long; a provider's wins and rollbacks are honoured after it (Hub88). */
export const GAME_SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** A session seen within this window counts as a player online in its game. */
export const ONLINE_WINDOW_MS = 2 * 60 * 1000;
/**
 * A session is marked seen at most this often: one write a minute, not one per bet. Half the online
 * window, so a session used within the last minute always counts as online. (It was 30 s, which made a
 * player betting on every crash round write their session with nearly every bet: at a round's peak, a
 * non-HOT update and four index entries a bet, `last_seen_at` being indexed for the online counts; issue 24.)
 */
const TOUCH_AFTER_MS = ONLINE_WINDOW_MS / 2;

export type { GameRow, GameSessionRow };
/** Queries other modules embed in a statement of their own (the provider wallet's `findCallRecords`, the crash bet's `findBettors`). */
export {
  gameByCodeQuery,
  gameByIdQuery,
  gameSessionByTokenHashQuery,
  gameSessionMemberQuery,
} from './game-session.repository.ts';

/**
 * The sessions of a batch of tokens' hashes (`tokenHashes`, the array's parameter), each marked seen by
 * `markSeen`'s rule, as the `with` clause of a module's own statement that reads them together with its
 * records (the crash bet's `findBettors`): the relations `wanted` (hash, ordinal) and `found` (token_hash
 * and the session's row) follow. A found row becomes the session the rules speak of with `gameSessionOf`.
 */
export function gameSessionsFoundQuery(tokenHashes: unknown) {
  return repository.gameSessionsFoundQuery(tokenHashes, TOUCH_AFTER_MS);
}

export type GameSession = {
  id: number;
  memberId: number | null;
  /** The login session that launched it (real play): it bets only while that session holds the right to bet. */
  memberSessionId: number | null;
  gameId: number;
  mode: GameMode;
  currency: string;
  /** Play money of a demo session; null in real play. */
  demoBalance: number | null;
  /** Past its lifetime or closed: no new bets, but a provider's wins and rollbacks still settle. */
  expired: boolean;
};

export function findGame(db: Db, id: number): Promise<GameRow | undefined> {
  return repository.findGameById(db, id);
}

export function findGameByCode(db: Db, code: string): Promise<GameRow | undefined> {
  return repository.findGameByCode(db, code);
}

/** Opens a session of `game` and returns its token (shown once; only its hash is kept). */
export async function openGameSession(
  db: Db,
  input: {
    memberId: number | null;
    /** The caller's login session, for real play (one device at a time). */
    memberSessionId?: number | null;
    gameId: number;
    mode: GameMode;
    currency: string;
    /** Demo sessions start with this much play money. */
    demoBalance?: number;
  },
): Promise<{ token: string; sessionId: number }> {
  if (input.mode === 'launch' && input.memberId === null)
    throw new Error('a real-money session needs a member');
  const token = newSessionToken();
  const sessionId = await repository.insertGameSession(db, {
    tokenHash: hashToken(token),
    memberId: input.memberId,
    memberSessionId: input.memberSessionId ?? null,
    gameId: input.gameId,
    mode: input.mode,
    currency: input.currency,
    demoBalance: input.mode === 'demo' ? (input.demoBalance ?? 0) : null,
    expiresAt: new Date(Date.now() + GAME_SESSION_LIFETIME_MS),
  });
  return { token, sessionId };
}

/** The session a token stands for (expired ones too, flagged), or undefined for an unknown token. */
export async function resolveGameSession(db: Db, token: string): Promise<GameSession | undefined> {
  if (!token) return undefined;
  // Marked seen (markSeen's rule) in the same statement as it is read.
  const [row] = await repository.findAndTouchGameSessions(db, [gameSessionTokenHash(token)], TOUCH_AFTER_MS);
  return row && gameSessionOf(row);
}

/**
 * `resolveGameSession` for every call of the game pages (game-session-auth.ts): the sessions of calls that
 * arrive while two lookups are running are read, and marked seen, together in one statement, up to 100 at
 * once (db/batched-calls.ts). A crash round's 5,000 bets in five seconds each begin with this lookup.
 */
export function gameSessionResolver(db: Db): (token: string) => Promise<GameSession | undefined> {
  const lookups = batchedCalls(
    async (hashes: string[]) =>
      // The rows a batch marks seen are locked together: a deadlock with another writer of sessions (a
      // logout closing several) undid the statement, which then simply runs again.
      (await retrying(() => repository.findAndTouchGameSessions(db, hashes, TOUCH_AFTER_MS))).map((row) => ({
        ok: true as const,
        value: row && gameSessionOf(row),
      })),
    { maxBatch: 100, maxConcurrent: 2 },
  );
  return async (token) => (token ? lookups.call(gameSessionTokenHash(token)) : undefined);
}

/** What a token is stored as (its SHA-256), for a caller that reads the session with other records. */
export function gameSessionTokenHash(token: string): string {
  return hashToken(token);
}

/** A session's stored row as the session the rules speak of: expired once past its lifetime or closed. */
export function gameSessionOf(row: GameSessionRow): GameSession {
  return {
    id: row.id,
    memberId: row.member_id,
    memberSessionId: row.member_session_id,
    gameId: row.game_id,
    mode: row.mode,
    currency: row.currency,
    demoBalance: row.demo_balance,
    expired: row.closed_at !== null || row.expires_at.getTime() <= Date.now(),
  };
}

/**
 * Marks a live session seen (the online counts), at most once per TOUCH_AFTER_MS: every use of a token
 * calls this, and nearly always it writes nothing.
 */
export async function markSeen(db: Db, row: GameSessionRow, session: GameSession): Promise<void> {
  if (!session.expired && Date.now() - row.last_seen_at.getTime() > TOUCH_AFTER_MS) {
    await repository.touchGameSession(db, row.id);
  }
}

export async function closeGameSession(db: Db, sessionId: number): Promise<void> {
  await repository.closeGameSession(db, sessionId);
}

/** Players online per game id: members with a real-money session seen in the last two minutes. */
export function countOnlinePlayers(db: Db): Promise<Map<number, number>> {
  return repository.countOnlineByGame(db, new Date(Date.now() - ONLINE_WINDOW_MS));
}

/**
 * Play money of a demo session (never real money, never in the ledger): takes `stake` and adds `payout` in
 * one conditional update, so it never goes below zero. Undefined when there is not enough. Callers pass
 * their transaction so the play money moves with their round.
 */
export function moveDemoBalance(
  db: Kysely<Database> | Transaction<Database>,
  sessionId: number,
  stake: number,
  payout: number,
): Promise<number | undefined> {
  return repository.moveDemoBalance(db, sessionId, stake, payout);
}

export function getDemoBalance(db: Db, sessionId: number): Promise<number> {
  return repository.findDemoBalance(db, sessionId);
}
