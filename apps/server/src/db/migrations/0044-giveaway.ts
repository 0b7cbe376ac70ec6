import { sql, type Kysely } from 'kysely';

/**
 * Giveaways (issue 14, docs/promotions.md "Giveaway"): how many gifts each has given (taken with a
 * conditional update, so never beyond its budget) and one gift per giveaway and member (primary key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table giveaway_stock (
      giveaway_id integer primary key,
      given integer not null default 0 check (given >= 0)
    )`.execute(db);
  await sql`
    create table giveaway_gift (
      giveaway_id integer not null,
      member_id integer not null references member (id),
      coins integer not null,
      diamonds integer not null,
      cash integer not null,
      created_at timestamptz not null default now(),
      primary key (giveaway_id, member_id)
    )`.execute(db);
}
