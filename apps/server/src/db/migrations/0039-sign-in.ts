import { sql, type Kysely } from 'kysely';

/**
 * Daily sign-in claims (issue 14, docs/promotions.md "Daily sign-in"): one row per member and site day (the
 * primary key makes the claim exactly-once), with the cycle day it counted as and what it paid (the terms
 * granted stay with the claim whatever an operator sets later).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sign_in_claim (
      member_id bigint not null references member (id),
      site_day text not null,
      cycle_day smallint not null check (cycle_day between 1 and 7),
      asset text not null check (asset in ('coins', 'cash')),
      amount bigint not null check (amount >= 0),
      transaction_id bigint,
      created_at timestamptz not null default now(),
      primary key (member_id, site_day)
    )`.execute(db);
}
