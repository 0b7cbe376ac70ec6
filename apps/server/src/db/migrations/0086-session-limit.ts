import { sql, type Kysely } from 'kysely';

/**
 * The session time limit (issue 25 §2; docs/compliance.md "Limits that hold"): a `player_limit` named
 * `session` whose amount is minutes, and on the usage row the member's current play session, kept by
 * `player_limits_apply` at every bet: when it began and the last bet in it (a pause without bets ends it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table player_limit drop constraint player_limit_name_check`.execute(db);
  await sql`alter table player_limit add constraint player_limit_name_check
    check (name ~ '^((deposit|loss|stake):(day|week|month)|session)$')`.execute(db);
  await sql`alter table player_limit_usage add column session_started_at timestamptz`.execute(db);
  await sql`alter table player_limit_usage add column session_last_bet_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table player_limit_usage drop column session_last_bet_at`.execute(db);
  await sql`alter table player_limit_usage drop column session_started_at`.execute(db);
  await sql`delete from player_limit where name = 'session'`.execute(db);
  await sql`alter table player_limit drop constraint player_limit_name_check`.execute(db);
  await sql`alter table player_limit add constraint player_limit_name_check
    check (name ~ '^(deposit|loss|stake):(day|week|month)$')`.execute(db);
}
