import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { prepared } from '../../../db/prepared-statements.ts';
import type { Database, Translations } from '../../../db/schema.ts';
import type { GameSessionTable } from './games.tables.ts';
import type { GameSession } from './game-session.service.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type GameRow = {
  id: number;
  code: string;
  name: string;
  supplier_id: string;
  source: 'inhouse' | 'provider';
  provider: string | null;
  has_demo: boolean;
  min_stake: number;
  max_stake: number;
  rtp: number;
  enabled: boolean;
  /** Names per language (config/localize.ts); the row's own fields are English. */
  translations: Translations;
};

const GAME_COLUMNS = [
  'id',
  'code',
  'name',
  'supplier_id',
  'source',
  'provider',
  'has_demo',
  'min_stake',
  'max_stake',
  'rtp',
  'enabled',
  'translations',
] as const;

export async function findGameById(db: Db, id: number): Promise<GameRow | undefined> {
  return gameByIdQuery(db, id).executeTakeFirst();
}

/** The (unexecuted) query for a game by its id, for a module's own statement (the crash bet's one read). */
export function gameByIdQuery(db: Db, id: number) {
  return db.selectFrom('game').select(GAME_COLUMNS).where('id', '=', id);
}

export async function findGameByCode(db: Db, code: string): Promise<GameRow | undefined> {
  return gameByCodeQuery(db, code).executeTakeFirst();
}

/**
 * The (unexecuted) query for a game by its code, for a module that reads it inside a statement of its own
 * (the provider wallet's one round trip per call, `findCallRecords`).
 */
export function gameByCodeQuery(db: Db, code: string) {
  return db.selectFrom('game').select(GAME_COLUMNS).where('code', '=', code);
}

export async function insertGameSession(
  db: Db,
  input: Omit<GameSession, 'id' | 'expired'> & { tokenHash: string; expiresAt: Date },
): Promise<number> {
  const row = await db
    .insertInto('game_session')
    .values({
      token_hash: input.tokenHash,
      member_id: input.memberId,
      member_session_id: input.memberSessionId,
      game_id: input.gameId,
      mode: input.mode,
      currency: input.currency,
      demo_balance: input.demoBalance,
      expires_at: input.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type GameSessionRow = Pick<Selectable<GameSessionTable>, (typeof SESSION_COLUMNS)[number]>;

const SESSION_COLUMNS = [
  'id',
  'member_id',
  'member_session_id',
  'game_id',
  'mode',
  'currency',
  'demo_balance',
  'last_seen_at',
  'expires_at',
  'closed_at',
] as const;

/**
 * The sessions of tokens' hashes, in the order given (undefined for an unknown one), each marked seen
 * (`last_seen_at` now) in the same statement when it is live and was last seen more than `touchAfterMs`
 * ago: one round trip where a read and then a write were two on every game call of a session idle for a
 * while (a crash bet after the betting window opened, issue 24), and one for a whole batch of calls
 * (game-session.service.ts `gameSessionResolver`). The rows to mark are locked in id order, so two batches
 * never deadlock; the row answered is the one after the mark.
 */
export async function findAndTouchGameSessions(
  db: Db,
  tokenHashes: string[],
  touchAfterMs: number,
): Promise<(GameSessionRow | undefined)[]> {
  const statement = sql<GameSessionRow & { ordinal: number; token_hash: string }>`
    ${gameSessionsFoundQuery(tokenHashes, touchAfterMs)}
    select wanted.ordinal, found.* from wanted join found on found.token_hash = wanted.hash`;
  const { rows } = await db.executeQuery(prepared(statement.compile(db)));
  const sessions: (GameSessionRow | undefined)[] = tokenHashes.map(() => undefined);
  for (const { ordinal, token_hash: _hash, ...session } of rows) sessions[ordinal - 1] = session;
  return sessions;
}

/**
 * `findAndTouchGameSessions`' reading as the start of a statement (its `with` clause), for a module that reads
 * the sessions of a batch together with records of its own in one statement (the crash bet's
 * `findBettors`): the relations `wanted` (hash, ordinal: the hashes given, numbered from 1) and `found`
 * (token_hash and the session's columns, after the mark) follow. `tokenHashes` is the array's parameter.
 */
export function gameSessionsFoundQuery(tokenHashes: unknown, touchAfterMs: number) {
  const columns = sql.join(SESSION_COLUMNS.map((column) => sql.ref(column)));
  return sql`
    with wanted as (
      -- The array through a sub-select: planned once, not per batch (db/prepared-statements.ts).
      select hash, ordinal::integer
      from unnest((select ${tokenHashes}::text[])) with ordinality as wanted(hash, ordinal)
    ), due as (
      select id from game_session
      where token_hash in (select hash from wanted) and closed_at is null and expires_at > now()
        and last_seen_at < now() - ${touchAfterMs} * interval '1 millisecond'
      order by id
      for update
    ), touched as (
      update game_session set last_seen_at = now()
      where id in (select id from due)
      returning token_hash, ${columns}
    ), found as (
      select token_hash, ${columns} from touched
      union all
      select token_hash, ${columns} from game_session
      where token_hash in (select hash from wanted) and id not in (select id from touched)
    )`;
}

/** The (unexecuted) query for the session of a token's hash, for a module's own statement (as `gameByCodeQuery`). */
export function gameSessionByTokenHashQuery(db: Db, tokenHash: string) {
  return db.selectFrom('game_session').select(SESSION_COLUMNS).where('token_hash', '=', tokenHash);
}

/** The (unexecuted) query for the member of a token's session (one row, null for a demo session). */
export function gameSessionMemberQuery(db: Db, tokenHash: string) {
  return db.selectFrom('game_session').select('member_id').where('token_hash', '=', tokenHash);
}

export async function touchGameSession(db: Db, id: number): Promise<void> {
  await db.updateTable('game_session').set({ last_seen_at: new Date() }).where('id', '=', id).execute();
}

export async function closeGameSession(db: Db, id: number): Promise<void> {
  await db
    .updateTable('game_session')
    .set({ closed_at: new Date() })
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .execute();
}

/** Members with a live session per game, seen within the window: the online-user counts. */
export async function countOnlineByGame(db: Db, since: Date): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('game_session')
    .select(['game_id', (eb) => eb.fn.count<string>('member_id').distinct().as('members')])
    .where('last_seen_at', '>=', since)
    .where('closed_at', 'is', null)
    .where('mode', '=', 'launch')
    .groupBy('game_id')
    .execute();
  return new Map(rows.map((row) => [row.game_id, Number(row.members)]));
}

/**
 * Play money of a demo session: takes `stake` and adds `payout` in one conditional update, so the balance
 * never goes below zero. Undefined when there is not enough.
 */
export async function moveDemoBalance(
  db: Db,
  sessionId: number,
  stake: number,
  payout: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable('game_session')
    .set({ demo_balance: sql<number>`demo_balance - ${stake} + ${payout}` })
    .where('id', '=', sessionId)
    .where('demo_balance', '>=', stake)
    .returning('demo_balance')
    .executeTakeFirst();
  return row?.demo_balance ?? undefined;
}

export async function findDemoBalance(db: Db, sessionId: number): Promise<number> {
  const row = await db
    .selectFrom('game_session')
    .select('demo_balance')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.demo_balance ?? 0;
}
