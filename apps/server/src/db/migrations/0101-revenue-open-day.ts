import { sql, type Kysely } from 'kysely';

/**
 * The open day summed up to a mark (issue 26 §6, a 90-day report in under a second): the daily job also sums
 * today from its midnight to SETTLE_MINUTES ago, and records that mark, so a report reads the day's sums and
 * adds only the ledger after the mark instead of summing the whole day live. Null: the whole day is summed
 * (every row before this column was).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table revenue_day add column summed_until timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table revenue_day drop column summed_until`.execute(db);
}
