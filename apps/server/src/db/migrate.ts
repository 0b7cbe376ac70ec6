import type { Kysely } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import { MIGRATIONS } from './migrations/index.ts';
import { installRoutines } from './routines.ts';
import { LEDGER_ROUTINES } from '../modules/platform/wallet/ledger.sql.ts';
// The one upward import of the platform: a module's *.sql.ts is schema (the text of its database functions,
// importing nothing of the module), gathered here with the migrations so one call brings the database up.
// eslint-disable-next-line import-x/no-restricted-paths
import { PROVIDER_ROUTINES } from '../modules/games/provider/provider.sql.ts';

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** The database functions modules own (db/routines.ts), installed after the migrations when changed. */
const ROUTINES = [...LEDGER_ROUTINES, ...PROVIDER_ROUTINES];

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
