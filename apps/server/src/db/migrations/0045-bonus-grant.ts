import { sql, type Kysely } from 'kysely';

/**
 * Bonus grants (issue 14 §2, docs/promotions.md "Bonus coins and bonus cash"): one row per bonus given to
 * a member, owned by the wallet as its bonus pocket (a grant's every change of state moves money in the
 * same transaction). The terms are a snapshot taken when it was granted (an operator's later edit changes
 * nothing already granted): wagering required, the maximum stake while active, the maximum conversion, the
 * contribution of each game kind (`terms`), the expiry.
 *
 * - `UNIQUE (member_id, source, source_ref)`: a replayed deposit or a re-run job grants nothing twice.
 * - One active grant per member (partial unique index), which is also the one index a bet's trigger
 *   probes: a member without an active grant costs a bet one probe of an index holding only active grants.
 * - CHECKs: 0 ≤ progress ≤ required; a forfeit reason exactly when forfeited; ended states have `ended_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bonus_grant (
      id bigserial primary key,
      member_id bigint not null references member (id),
      source text not null,
      source_ref text not null,
      budget_account text not null,
      amount bigint not null check (amount > 0),
      wagering_required bigint not null check (wagering_required >= 0),
      wagering_progress bigint not null default 0,
      max_stake bigint check (max_stake > 0),
      max_conversion bigint not null check (max_conversion >= 0),
      terms jsonb not null,
      status text not null check (status in ('pending', 'active', 'completed', 'expired', 'forfeited', 'cancelled')),
      forfeit_reason text,
      converted bigint check (converted >= 0),
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      activated_at timestamptz,
      ended_at timestamptz,
      constraint bonus_grant_progress check (wagering_progress >= 0 and wagering_progress <= wagering_required),
      constraint bonus_grant_forfeit_reason check ((status = 'forfeited') = (forfeit_reason is not null)),
      constraint bonus_grant_active_since check (status = 'pending' or activated_at is not null or status in ('forfeited', 'cancelled')),
      constraint bonus_grant_ended check ((status in ('pending', 'active')) = (ended_at is null)),
      unique (member_id, source, source_ref)
    )`.execute(db);
  await sql`create unique index bonus_grant_one_active on bonus_grant (member_id) where status = 'active'`.execute(
    db,
  );
  await sql`create index bonus_grant_pending on bonus_grant (member_id, expires_at) where status = 'pending'`.execute(
    db,
  );
  await sql`create index bonus_grant_expiry on bonus_grant (expires_at) where status = 'active'`.execute(db);
  await sql`create index bonus_grant_member on bonus_grant (member_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table bonus_grant`.execute(db);
}
