import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { MIGRATIONS } from './migrations/index.ts';
import { installRoutines } from './routines.ts';
import { LEDGER_ROUTINES } from '../modules/platform/wallet/ledger.sql.ts';
import { PLAYER_LIMIT_ROUTINES } from '../modules/platform/wallet/player-limits.sql.ts';
// The one upward import of the platform: a module's *.sql.ts is schema (the text of its database functions,
// importing nothing of the module), gathered here with the migrations so one call brings the database up.
// eslint-disable-next-line import-x/no-restricted-paths
import { PROVIDER_ROUTINES } from '../modules/games/provider/provider.sql.ts';
// eslint-disable-next-line import-x/no-restricted-paths
import { CRASH_ROUTINES } from '../modules/games/crash/crash.sql.ts';
// The promotion programmes' migrations come with their plugs (docs/architecture.md "Adding a programme"),
// so a programme needs no line in migrations/index.ts: the list of programmes is the one list.
// eslint-disable-next-line import-x/no-restricted-paths
import { PROMOTION_PLUGS } from '../modules/promotions/plugs.ts';

/**
 * Every migration by the name the database records: the house's own (migrations/index.ts) and each
 * programme's. Kysely runs them in the order of their names wherever they are declared, so a migration moved
 * from the index into its programme's plug keeps its name and its place, and a database that ran it sees
 * no change. Two migrations of one name would leave one unrun: that stops the server here.
 */
export const ALL_MIGRATIONS: Readonly<Record<string, Migration>> = mergeMigrations([
  MIGRATIONS,
  ...PROMOTION_PLUGS.map((plug) => plug.migrations ?? {}),
]);

function mergeMigrations(lists: readonly Readonly<Record<string, Migration>>[]): Record<string, Migration> {
  const merged: Record<string, Migration> = {};
  for (const list of lists) {
    for (const [name, migration] of Object.entries(list)) {
      if (name in merged) throw new Error(`Migration ${name} is declared twice`);
      merged[name] = migration;
    }
  }
  return merged;
}

const provider: MigrationProvider = { getMigrations: async () => ALL_MIGRATIONS };

/** The database functions modules own (db/routines.ts), installed after the migrations when changed. */
const ROUTINES = [...LEDGER_ROUTINES, ...PLAYER_LIMIT_ROUTINES, ...PROVIDER_ROUTINES, ...CRASH_ROUTINES];

/**
 * Brings the schema up to the newest migration, then the module-owned database functions to their current
 * text; fails loudly if one fails. Returns the migrations applied.
 */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  const migrator = new Migrator({ db: db as Kysely<unknown>, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error ?? failed?.migrationName));
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, { cause });
  }
  await installRoutines(db as Kysely<unknown>, ROUTINES);
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
