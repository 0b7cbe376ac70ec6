import { sql, type Kysely } from 'kysely';

/**
 * One crash driver for a fleet (issue 24 §1). `crash_driver` is the lease: one row naming the process that
 * drives the rounds until `lease_until`, by the database's clock; `term` counts the hand-overs. A unique
 * index makes a second live round (taking bets or running) impossible whatever any process does. Until
 * now one process drove the game, so a database has at most one live round to carry over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table crash_driver (
      id smallint primary key check (id = 1),
      holder text not null,
      term bigint not null,
      lease_until timestamptz not null
    )`.execute(db);
  await sql`create unique index crash_round_one_live on crash_round ((true)) where state in ('betting', 'running')`.execute(
    db,
  );
}
