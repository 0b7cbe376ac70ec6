import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { RevenueDayGameTable, RevenueDayProgrammeTable, RevenueDayTable } from './revenue.tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type RevenueDayRow = Selectable<RevenueDayTable>;
export type RevenueDayGameRow = Omit<Selectable<RevenueDayGameTable>, 'day'>;
export type RevenueDayProgrammeRow = Omit<Selectable<RevenueDayProgrammeTable>, 'day'>;

/**
 * A day's sums, replacing whatever the day had: its row first (an upsert, whose row lock makes a second
 * writer of the same day wait for the first), then its games and programmes deleted and written again.
 */
export async function replaceDay(
  trx: Transaction<Database>,
  day: Omit<Insertable<RevenueDayTable>, 'rolled_up_at'>,
  games: Omit<Insertable<RevenueDayGameTable>, 'day'>[],
  programmes: Omit<Insertable<RevenueDayProgrammeTable>, 'day'>[],
): Promise<void> {
  const { day: key, ...figures } = day;
  await trx
    .insertInto('revenue_day')
    .values(day)
    .onConflict((conflict) => conflict.column('day').doUpdateSet({ ...figures, rolled_up_at: sql`now()` }))
    .execute();
  await trx.deleteFrom('revenue_day_game').where('day', '=', key).execute();
  await trx.deleteFrom('revenue_day_programme').where('day', '=', key).execute();
  if (games.length > 0) {
    await trx
      .insertInto('revenue_day_game')
      .values(games.map((game) => ({ ...game, day: key })))
      .execute();
  }
  if (programmes.length > 0) {
    await trx
      .insertInto('revenue_day_programme')
      .values(programmes.map((programme) => ({ ...programme, day: key })))
      .execute();
  }
}

/** The rolled-up days of [from, to] (YYYY-MM-DD sort as dates), oldest first. */
export async function findDays(db: Db, from: string, to: string): Promise<RevenueDayRow[]> {
  return db
    .selectFrom('revenue_day')
    .selectAll()
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
}

/** Which days of [from, to] are summed whole (an open day summed up to a mark is not). */
export async function findRolledUpDays(db: Db, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('revenue_day')
    .select('day')
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('summed_until', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.day));
}

/** The rolled-up days of [from, to] summed per game. */
export async function sumGames(db: Db, from: string, to: string): Promise<RevenueDayGameRow[]> {
  const sum = <Column extends keyof RevenueDayGameRow>(column: Column) =>
    sql<number>`sum(${sql.ref(column)})::int8`.as(column);
  return db
    .selectFrom('revenue_day_game')
    .select([
      'game_id',
      sum('bet_facts'),
      sum('bet_amount'),
      sum('bet_own_money'),
      sum('win_facts'),
      sum('win_amount'),
      sum('win_own_money'),
      sum('rollback_facts'),
      sum('rollback_amount'),
      sum('rollback_own_money'),
    ])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('game_id')
    .execute();
}

/** The rolled-up days of [from, to] summed per programme. */
export async function sumProgrammes(db: Db, from: string, to: string): Promise<RevenueDayProgrammeRow[]> {
  const sum = <Column extends keyof RevenueDayProgrammeRow>(column: Column) =>
    sql<number>`sum(${sql.ref(column)})::int8`.as(column);
  return db
    .selectFrom('revenue_day_programme')
    .select(['programme', sum('cash'), sum('coins'), sum('diamonds'), sum('tickets'), sum('payouts')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('programme')
    .execute();
}
