import { sql, type Kysely } from 'kysely';

/**
 * Responsible-gambling limits (issue 25 §2; docs/compliance.md "Limits that hold"), owned by the wallet:
 *
 * - `player_limit`: one row per limit a member has (name `deposit:day` … `stake:month`): the amount in
 *   force and a raise or removal waiting for its cooling-off (`pending_at`; `pending_amount` null removes
 *   it). What is in force at a time t is `pending_amount` once `pending_at <= t`, else `amount`.
 * - `player_limit_usage`: what counts against the limits in the current day, week and month of the
 *   member's market (its time zone), one row per member with a limit, kept by the wallet's routine
 *   `player_limits_apply` (ledger.sql.ts) from the money-fact trigger below, in the money's transaction.
 * - `player_limit_change`: every change asked, by whom and why (the player's own, an operator's lowering).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table player_limit (
      member_id bigint not null,
      name text not null check (name ~ '^(deposit|loss|stake):(day|week|month)$'),
      amount bigint check (amount > 0),
      pending_amount bigint check (pending_amount > 0),
      pending_at timestamptz,
      updated_at timestamptz not null default now(),
      primary key (member_id, name)
    )`.execute(db);
  await sql`
    create table player_limit_usage (
      member_id bigint primary key,
      time_zone text not null,
      day_start date not null,
      week_start date not null,
      month_start date not null,
      deposits_day bigint not null default 0,
      deposits_week bigint not null default 0,
      deposits_month bigint not null default 0,
      stakes_day bigint not null default 0,
      stakes_week bigint not null default 0,
      stakes_month bigint not null default 0,
      losses_day bigint not null default 0,
      losses_week bigint not null default 0,
      losses_month bigint not null default 0
    )`.execute(db);
  await sql`
    create table player_limit_change (
      id bigserial primary key,
      member_id bigint not null,
      name text not null,
      from_amount bigint,
      to_amount bigint,
      applies_at timestamptz not null,
      requested_by text not null,
      reason text not null default '',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index player_limit_change_member on player_limit_change (member_id, id)`.execute(db);
  // As bonus wagering (0046): the trigger passes the fact on; the logic is the wallet's routine.
  await sql`
    create function money_fact_player_limits() returns trigger
    language plpgsql as $$
    begin
      perform player_limits_apply(new.member_id, new.kind, new.amount);
      return null;
    end;
    $$`.execute(db);
  await sql`
    create trigger money_fact_player_limits after insert on money_fact
    for each row execute function money_fact_player_limits()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger money_fact_player_limits on money_fact`.execute(db);
  await sql`drop function money_fact_player_limits()`.execute(db);
  await sql`drop table player_limit_change`.execute(db);
  await sql`drop table player_limit_usage`.execute(db);
  await sql`drop table player_limit`.execute(db);
}
