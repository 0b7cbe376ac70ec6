import { sql, type Kysely } from 'kysely';

/**
 * The B2C float as M-Pesa's Account Balance last reported it (issue 24 §3): the utility account payouts
 * are paid from, in minor units, and whether it was below the operators' alert threshold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mpesa_float (
      shortcode text primary key,
      utility_available bigint not null,
      below_alert boolean not null,
      reported_at timestamptz not null default now()
    )`.execute(db);
}
