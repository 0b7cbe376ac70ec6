import { sql, type Kysely } from 'kysely';

/**
 * The regulator's feed (issue 25 §4, docs/compliance.md "The regulator's feed").
 *
 * `regulator_export`: one row per run of a day's export (a re-run is a new row, the files of each run are
 * kept apart in the file store), with its status, its files (name, rows, bytes, checksum, parts) and the
 * checksum of them all. `regulator_live_batch`: the near-real-time feed's outbox, one row per batch of money
 * facts the feed's consumer read, written in the consumer's own transaction and stored in the file store
 * afterwards (`stored_at`), so a crash between the two neither loses nor repeats a batch.
 *
 * `money_fact_created_brin`: the export reads one day of facts; a BRIN index finds its pages at the cost of a
 * few bytes per thousand pages, where a b-tree would add an index entry to every bet (the hot path).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table regulator_export (
      id bigserial primary key,
      day text not null check (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      market text not null,
      format text not null,
      status text not null check (status in ('running', 'done', 'failed')),
      rows bigint not null default 0,
      checksum text,
      files jsonb not null default '[]',
      error text,
      started_at timestamptz not null default now(),
      produced_at timestamptz
    )`.execute(db);
  await sql`create index regulator_export_day_idx on regulator_export (market, day, id)`.execute(db);
  await sql`
    create table regulator_live_batch (
      id bigserial primary key,
      market text not null,
      format text not null,
      first_transaction_id bigint not null,
      last_transaction_id bigint not null,
      rows integer not null,
      content text not null,
      checksum text not null,
      created_at timestamptz not null default now(),
      stored_at timestamptz
    )`.execute(db);
  await sql`create index regulator_live_batch_unstored_idx on regulator_live_batch (id) where stored_at is null`.execute(
    db,
  );
  await sql`create index money_fact_created_brin on money_fact using brin (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index money_fact_created_brin`.execute(db);
  await sql`drop table regulator_live_batch`.execute(db);
  await sql`drop table regulator_export`.execute(db);
}
