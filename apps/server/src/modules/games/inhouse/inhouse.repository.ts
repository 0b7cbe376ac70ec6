import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, GameMode, GameRoundState } from '../../../db/schema.ts';
import * as rounds from '../catalogue/game-rounds.service.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Whose seed pair: a member's (real play, shared by every in-house game) or a demo session's. */
export type SeedOwner = { memberId: number } | { sessionId: number };

export type SeedPairRow = {
  id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
  revealed_at: Date | null;
};

const SEED_COLUMNS = [
  'id',
  'server_seed',
  'server_seed_hash',
  'client_seed',
  'next_nonce',
  'revealed_at',
] as const;

function ownedBy(owner: SeedOwner) {
  return 'memberId' in owner
    ? { column: 'member_id' as const, value: owner.memberId }
    : { column: 'session_id' as const, value: owner.sessionId };
}

/** The owner's pairs: its active one (`active`) or those it ended. */
function seedPairsOf(db: Db, owner: SeedOwner, active: boolean) {
  const { column, value } = ownedBy(owner);
  return db
    .selectFrom('fair_seed_pair')
    .select(SEED_COLUMNS)
    .where(column, '=', value)
    .where('active', '=', active);
}

export async function findActiveSeedPair(db: Db, owner: SeedOwner): Promise<SeedPairRow | undefined> {
  return seedPairsOf(db, owner, true).executeTakeFirst();
}

/** Inserts the owner's active pair unless one exists (two first bets at once make one pair). */
export async function insertSeedPair(
  db: Db,
  owner: SeedOwner,
  seeds: { serverSeed: string; serverSeedHash: string; clientSeed: string },
): Promise<void> {
  await db
    .insertInto('fair_seed_pair')
    .values({
      member_id: 'memberId' in owner ? owner.memberId : null,
      session_id: 'sessionId' in owner ? owner.sessionId : null,
      server_seed: seeds.serverSeed,
      server_seed_hash: seeds.serverSeedHash,
      client_seed: seeds.clientSeed,
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/**
 * The owner's seed lock until the caller's transaction ends: a rotation takes it alone, rounds taking a
 * nonce share it. So a rotation waits for rounds in flight and rounds wait for a rotation in flight, and
 * each then sees the pair the other left (without it, a round or a second rotation woke up on a pair just
 * ended and found no active pair: a 500).
 */
export async function lockSeedOwner(
  trx: Transaction<Database>,
  owner: SeedOwner,
  use: 'rotate' | 'play',
): Promise<void> {
  const { column, value } = ownedBy(owner);
  const key = `${column}:${value}`;
  await (
    use === 'rotate'
      ? sql`select pg_advisory_xact_lock(hashtext('fair-seed'), hashtext(${key}))`
      : sql`select pg_advisory_xact_lock_shared(hashtext('fair-seed'), hashtext(${key}))`
  ).execute(trx);
}

/** Takes the next nonce of the owner's active pair (locking it until the caller's transaction ends). */
export async function takeNonce(
  trx: Transaction<Database>,
  owner: SeedOwner,
): Promise<(SeedPairRow & { nonce: number }) | undefined> {
  const { column, value } = ownedBy(owner);
  const row = await trx
    .updateTable('fair_seed_pair')
    .set((eb) => ({ next_nonce: eb('next_nonce', '+', 1) }))
    .where(column, '=', value)
    .where('active', '=', true)
    .returning(SEED_COLUMNS)
    .executeTakeFirst();
  return row && { ...row, nonce: row.next_nonce - 1 };
}

/** Ends the active pair, revealing its server seed; the caller inserts the next one in the same transaction. */
export async function revealSeedPair(
  trx: Transaction<Database>,
  owner: SeedOwner,
): Promise<SeedPairRow | undefined> {
  const { column, value } = ownedBy(owner);
  return trx
    .updateTable('fair_seed_pair')
    .set({ active: false, revealed_at: new Date() })
    .where(column, '=', value)
    .where('active', '=', true)
    .returning(SEED_COLUMNS)
    .executeTakeFirst();
}

export async function listRevealedSeedPairs(db: Db, owner: SeedOwner, limit: number): Promise<SeedPairRow[]> {
  return seedPairsOf(db, owner, false).orderBy('id', 'desc').limit(limit).execute();
}

/** A round with its game's code and its seed pair's public half, as `selectRounds` reads it. */
export type RoundRow = Awaited<ReturnType<ReturnType<typeof selectRounds>['executeTakeFirstOrThrow']>>;

function selectRounds(db: Db) {
  return db
    .selectFrom('game_round as r')
    .innerJoin('game as g', 'g.id', 'r.game_id')
    .leftJoin('fair_seed_pair as s', 's.id', 'r.seed_pair_id')
    .select([
      'r.id',
      'r.game_id',
      'r.member_id',
      'r.session_id',
      'r.mode',
      'r.seed_pair_id',
      'r.nonce',
      'r.stake',
      'r.payout',
      'r.multiplier',
      'r.state',
      'r.options',
      'r.outcome',
      'r.bet_transaction_id',
      'r.win_transaction_id',
      'r.created_at',
      's.server_seed_hash',
      's.client_seed',
      'g.code as game_code',
    ]);
}

export async function insertRound(
  trx: Transaction<Database>,
  input: {
    gameId: number;
    memberId: number | null;
    sessionId: number;
    mode: GameMode;
    seedPairId: number;
    nonce: number;
    stake: number;
    payout: number;
    multiplier: number | null;
    state: GameRoundState;
    options: Record<string, unknown>;
    outcome: unknown;
    /** A round that goes on with the player's moves: one open per player and game (migration 0023). */
    awaitsPlayer: boolean;
  },
): Promise<number> {
  const row = await rounds.insertRound(trx, {
    game_id: input.gameId,
    member_id: input.memberId,
    session_id: input.sessionId,
    mode: input.mode,
    seed_pair_id: input.seedPairId,
    nonce: input.nonce,
    stake: input.stake,
    payout: input.payout,
    multiplier: input.multiplier,
    state: input.state,
    options: input.options,
    outcome: JSON.stringify(input.outcome),
    settled_at: input.state === 'open' ? null : new Date(),
    awaits_player: input.awaitsPlayer,
  });
  return row.id;
}

/** Whether `error` is the database refusing a second open round of a player (the partial unique indexes). */
export function isSecondOpenRound(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && typeof constraint === 'string' && constraint.startsWith('game_round_one_open_');
}

export async function findRound(db: Db, id: number): Promise<RoundRow | undefined> {
  return selectRounds(db).where('r.id', '=', id).executeTakeFirst();
}

/** Locks a round for a change of state (mines reveals and cash-outs, recovery). */
export async function lockRound(trx: Transaction<Database>, id: number): Promise<RoundRow | undefined> {
  await trx.selectFrom('game_round').select('id').where('id', '=', id).forUpdate().execute();
  return findRound(trx, id);
}

/** Moves a round on from the state the caller saw; false when another request moved it first. */
export async function updateRound(
  db: Db,
  id: number,
  from: GameRoundState,
  change: Omit<rounds.RoundChange, 'settledAt'>,
): Promise<boolean> {
  return (await rounds.updateRound(db, id, from, change)) !== undefined;
}

/** The open round of a game: a member's (real play, across their sessions) or a demo session's. */
export async function findOpenRound(
  db: Db,
  input: { gameId: number; memberId: number | null; sessionId: number; mode: GameMode },
): Promise<RoundRow | undefined> {
  let query = selectRounds(db).where('r.game_id', '=', input.gameId).where('r.state', '=', 'open');
  query =
    input.mode === 'launch' && input.memberId !== null
      ? query.where('r.member_id', '=', input.memberId).where('r.mode', '=', 'launch')
      : query.where('r.session_id', '=', input.sessionId);
  return query.orderBy('r.id', 'desc').executeTakeFirst();
}

/** Whether the owner has a round open that waits for their moves (mines) in any game: its layout rests on the seed. */
export async function hasRoundAwaitingPlayer(db: Db, owner: SeedOwner): Promise<boolean> {
  const { column, value } = ownedBy(owner);
  const row = await db
    .selectFrom('game_round')
    .select('id')
    .where(column, '=', value)
    .where('mode', '=', 'memberId' in owner ? 'launch' : 'demo')
    .where('state', '=', 'open')
    .where('awaits_player', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

export async function listRounds(
  db: Db,
  input: {
    gameId: number;
    memberId: number | null;
    sessionId: number;
    mode: GameMode;
    page: number;
    size: number;
  },
): Promise<RoundRow[]> {
  let query = selectRounds(db).where('r.game_id', '=', input.gameId).where('r.state', '<>', 'cancelled');
  query =
    input.mode === 'launch' && input.memberId !== null
      ? query.where('r.member_id', '=', input.memberId).where('r.mode', '=', 'launch')
      : query.where('r.session_id', '=', input.sessionId);
  return query
    .orderBy('r.id', 'desc')
    .limit(input.size)
    .offset((input.page - 1) * input.size)
    .execute();
}

/**
 * Real-money rounds a stop may have interrupted: open ones (was the stake taken?) and settled ones whose
 * win was not yet credited. Crash bets are the crash game's to settle.
 */
export async function findInterruptedRounds(db: Db, olderThan: Date, limit: number): Promise<RoundRow[]> {
  return selectRounds(db)
    .where('r.mode', '=', 'launch')
    .where('r.created_at', '<', olderThan)
    .where('r.crash_round_id', 'is', null)
    .where('r.provider_round', 'is', null)
    .where((eb) =>
      eb.or([
        eb('r.state', '=', 'open'),
        eb.and([
          eb('r.state', '=', 'settled'),
          eb('r.payout', '>', 0),
          eb('r.win_transaction_id', 'is', null),
        ]),
      ]),
    )
    .orderBy('r.id')
    .limit(limit)
    .execute();
}
