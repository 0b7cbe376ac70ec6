import { sql, type Kysely } from 'kysely';

/**
 * The limits in force on the usage row (issue 25 §2, bench:limits): the money-fact trigger's check reads
 * them from the row its update already locks, instead of reading and looping over the member's
 * `player_limit` rows at every bet. `limits_change_at` is when they must be worked out again from
 * `player_limit` (a raise's cooling-off ending); `-infinity` (the default, so every row existing now)
 * means at the next use. The wallet's routine `player_limits_in_force` fills them.
 */
const LIMIT_COLUMNS = [
  'limit_deposit_day',
  'limit_deposit_week',
  'limit_deposit_month',
  'limit_stake_day',
  'limit_stake_week',
  'limit_stake_month',
  'limit_loss_day',
  'limit_loss_week',
  'limit_loss_month',
  'limit_session',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of LIMIT_COLUMNS) {
    await sql`alter table player_limit_usage add column ${sql.raw(column)} bigint`.execute(db);
  }
  await sql`alter table player_limit_usage
    add column limits_change_at timestamptz not null default '-infinity'`.execute(db);
  // The routine that read the limit rows at every bet, replaced by the columns above.
  await sql`drop function if exists player_limits_refuse(player_limit_usage, text, bigint)`.execute(db);
  await sql`delete from db_routine where name = 'player_limits_refuse'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table player_limit_usage drop column limits_change_at`.execute(db);
  for (const column of LIMIT_COLUMNS) {
    await sql`alter table player_limit_usage drop column ${sql.raw(column)}`.execute(db);
  }
}
