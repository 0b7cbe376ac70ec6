import { sql, type Kysely } from 'kysely';

/**
 * Weekly cash back (issue 15 §3, docs/promotions.md "Weekly cash back").
 *
 * - `cash_back_loss`: each member's own-money stakes (net of rolled-back stakes) and wins in one week (its
 *   Monday, market time), counted from the money facts by the consumer `cash-back-loss` in the
 *   transaction that moves its cursor, so a fact counts once. Own money is the withdrawable part the
 *   fact's journal entries moved: bonus-funded stakes and their wins count nothing.
 * - `cash_back_week`: one row per week the job has settled (the entitlements below were computed).
 * - `cash_back_entitlement`: one row per (week, member) with a cash back, written once by the job (primary
 *   key, `on conflict do nothing`), with the loss, level, rate and cap it was computed with; `claimed_at`
 *   and the payment's journal transaction are set by the claim in the transaction that pays it, only when
 *   still null, so a week is paid at most once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table cash_back_loss (
      week text not null,
      member_id bigint not null,
      staked bigint not null default 0,
      won bigint not null default 0,
      primary key (week, member_id)
    )`.execute(db);
  await sql`
    create table cash_back_week (
      week text primary key,
      members integer not null,
      total bigint not null,
      settled_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table cash_back_entitlement (
      week text not null,
      member_id bigint not null,
      loss bigint not null check (loss > 0),
      level smallint not null,
      rate numeric(5, 2) not null check (rate >= 0 and rate <= 100),
      cap bigint not null check (cap >= 0),
      amount bigint not null check (amount > 0 and amount <= cap),
      created_at timestamptz not null default now(),
      claimed_at timestamptz,
      transaction_id bigint,
      primary key (week, member_id),
      check ((claimed_at is null) = (transaction_id is null))
    )`.execute(db);
  await sql`create index cash_back_entitlement_member on cash_back_entitlement (member_id, week desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table cash_back_entitlement`.execute(db);
  await sql`drop table cash_back_week`.execute(db);
  await sql`drop table cash_back_loss`.execute(db);
}
