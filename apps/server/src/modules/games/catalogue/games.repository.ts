import { sql, type Kysely } from 'kysely';
import type { Database, GameMode, GameRoundState, GameSource, Translations } from '../../../db/schema.ts';

/** The catalogue, the players' own rounds and the big wins: every SQL of the game centre's catalogue. */
type Db = Kysely<Database>;

export type CatalogueGameRow = {
  id: number;
  code: string;
  name: string;
  supplier_id: string;
  source: GameSource;
  provider: string | null;
  cover: string;
  large_cover: string;
  has_demo: boolean;
  label: number;
  min_stake: number;
  max_stake: number;
  rtp: number;
  enabled: boolean;
  translations: Translations;
};

const CATALOGUE_COLUMNS = [
  'game.id',
  'game.code',
  'game.name',
  'game.supplier_id',
  'game.source',
  'game.provider',
  'game.cover',
  'game.large_cover',
  'game.has_demo',
  'game.label',
  'game.min_stake',
  'game.max_stake',
  'game.rtp',
  'game.enabled',
  'game.translations',
] as const;

/** The games a lobby may show: enabled, and not of a supplier this build must hide. */
export async function findLobbyGames(
  db: Db,
  hiddenSuppliers: readonly string[],
): Promise<CatalogueGameRow[]> {
  let query = db.selectFrom('game').select(CATALOGUE_COLUMNS).where('game.enabled', '=', true);
  if (hiddenSuppliers.length > 0) query = query.where('game.supplier_id', 'not in', [...hiddenSuppliers]);
  return query.orderBy('game.sort').orderBy('game.id').execute();
}

/** One game whatever its state (the launch tells a disabled game from a missing one). */
export async function findCatalogueGame(db: Db, id: number): Promise<CatalogueGameRow | undefined> {
  return db.selectFrom('game').select(CATALOGUE_COLUMNS).where('game.id', '=', id).executeTakeFirst();
}

export type CategoryRow = {
  id: number;
  name: string;
  cover: string;
  translations: Translations;
};

export async function findEnabledCategories(db: Db): Promise<CategoryRow[]> {
  return db
    .selectFrom('game_category')
    .select(['id', 'name', 'cover', 'translations'])
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export type CategoryGameRow = { category_id: number; game_id: number; sticky: boolean };

/** Games per category in lobby order: sticky ones first, then by the category's own sort. */
export async function findCategoryGames(db: Db): Promise<CategoryGameRow[]> {
  return db
    .selectFrom('game_category_game')
    .select(['category_id', 'game_id', 'sticky'])
    .orderBy('category_id')
    .orderBy('sticky', 'desc')
    .orderBy('sort')
    .orderBy('game_id')
    .execute();
}

/**
 * The games a member opened or played most recently, newest first: their sessions (a launch that never
 * got to a bet still counts as played) and their rounds.
 */
export async function findRecentGameIds(db: Db, memberId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom(
      db
        .selectFrom('game_session')
        .select(['game_id', 'created_at as at'])
        .where('member_id', '=', memberId)
        .unionAll(
          db
            .selectFrom('game_round')
            .select(['game_id', 'created_at as at'])
            .where('member_id', '=', memberId),
        )
        .as('played'),
    )
    .select(['played.game_id', (eb) => eb.fn.max('played.at').as('last_at')])
    .groupBy('played.game_id')
    .orderBy('last_at', 'desc')
    .orderBy('played.game_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.game_id);
}

export type BigWinRow = {
  id: number;
  member_id: number;
  game_id: number;
  name: string;
  cover: string;
  translations: Translations;
  stake: number;
  payout: number;
  multiplier: number | null;
  at: Date;
};

/** Settled real-money rounds that paid at least `minWin`, newest first, of games the lobby may show. */
export async function findBigWinsPage(
  db: Db,
  query: { minWin: number; hiddenSuppliers: readonly string[]; offset: number; limit: number },
): Promise<{ rows: BigWinRow[]; total: number }> {
  let base = db
    .selectFrom('game_round')
    .innerJoin('game', 'game.id', 'game_round.game_id')
    .where('game_round.mode', '=', 'launch')
    .where('game_round.state', '=', 'settled')
    .where('game_round.member_id', 'is not', null)
    .where('game_round.payout', '>=', query.minWin);
  if (query.hiddenSuppliers.length > 0)
    base = base.where('game.supplier_id', 'not in', [...query.hiddenSuppliers]);
  const [rows, total] = await Promise.all([
    base
      .select([
        'game_round.id',
        'game_round.member_id',
        'game_round.game_id',
        'game.name',
        'game.cover',
        'game.translations',
        'game_round.stake',
        'game_round.payout',
        'game_round.multiplier',
        sql<Date>`coalesce(game_round.settled_at, game_round.created_at)`.as('at'),
      ])
      .orderBy('at', 'desc')
      .orderBy('game_round.id', 'desc')
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    // The where clause keeps member_id set; the column type cannot say so.
    rows: rows.map((row) => ({ ...row, member_id: row.member_id as number })),
    total: Number(total.count),
  };
}

export type MemberRoundRow = {
  id: number;
  game_id: number;
  name: string;
  translations: Translations;
  mode: GameMode;
  stake: number;
  payout: number;
  multiplier: number | null;
  state: GameRoundState;
  created_at: Date;
  settled_at: Date | null;
};

/** One member's rounds (only theirs: the member id is part of every query), all or only those that paid. */
export async function findMemberRoundsPage(
  db: Db,
  query: {
    memberId: number;
    winsOnly: boolean;
    gameId: number | undefined;
    order: 'asc' | 'desc';
    offset: number;
    limit: number;
  },
): Promise<{ rows: MemberRoundRow[]; total: number }> {
  // A cancelled round never took its stake: it is not a bet the player made. The member's other rounds by id
  // are an index (migration 0103), so a page and the count read it rather than every round of the member.
  let rounds = db
    .selectFrom('game_round')
    .where('game_round.member_id', '=', query.memberId)
    .where('game_round.state', '<>', 'cancelled');
  if (query.winsOnly) rounds = rounds.where('game_round.payout', '>', 0);
  if (query.gameId !== undefined) rounds = rounds.where('game_round.game_id', '=', query.gameId);
  const [rows, total] = await Promise.all([
    rounds
      .innerJoin('game', 'game.id', 'game_round.game_id')
      .select([
        'game_round.id',
        'game_round.game_id',
        'game.name',
        'game.translations',
        'game_round.mode',
        'game_round.stake',
        'game_round.payout',
        'game_round.multiplier',
        'game_round.state',
        'game_round.created_at',
        'game_round.settled_at',
      ])
      // Ids grow with time, so the id order is the time order and breaks ties of one timestamp.
      .orderBy('game_round.id', query.order)
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    rounds.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** Every game ever in the catalogue, enabled or not, in id order (the regulator's game register). */
export async function findAllGames(db: Db) {
  return db
    .selectFrom('game')
    .select(['id', 'code', 'name', 'source', 'provider', 'supplier_id', 'rtp'])
    .orderBy('id')
    .execute();
}
