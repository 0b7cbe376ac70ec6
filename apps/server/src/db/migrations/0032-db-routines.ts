import { sql, type Kysely } from 'kysely';

/**
 * `db_routine`: which text of each module-owned database function is installed (a hash of it), so that
 * db/routines.ts installs a function again only when its module changed it (issue 13 §5: the ledger's
 * functions live in the wallet module, not spread over migrations).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table db_routine (
      name text primary key,
      hash text not null,
      installed_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table db_routine`.execute(db);
}
