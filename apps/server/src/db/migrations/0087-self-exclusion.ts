import { sql, type Kysely } from 'kysely';

/**
 * Self-exclusion for a chosen time, matched on identity (issue 25 §3; docs/compliance.md "Breaks that
 * hold"). A `self_exclusion` runs from `starts_at` to `ends_at` (null: permanent) and covers the identities
 * gathered when it began (`self_exclusion_identity`): the ID number's key, phone numbers (the login number
 * and the M-Pesa numbers used, as E.164 digits), device ids and social-login subjects. While it is in force
 * none of them registers, logs in, verifies or pays.
 *
 * Members closed before lengths existed were closed for good, and the identities of that moment were not
 * kept: each gets a permanent exclusion covering its account alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table self_exclusion (
      id bigserial primary key,
      member_id bigint not null references member (id),
      months integer check (months > 0),
      starts_at timestamptz not null default now(),
      ends_at timestamptz,
      created_at timestamptz not null default now(),
      check ((months is null) = (ends_at is null))
    )`.execute(db);
  await sql`create index self_exclusion_member on self_exclusion (member_id, starts_at desc)`.execute(db);
  await sql`
    create table self_exclusion_identity (
      exclusion_id bigint not null references self_exclusion (id),
      kind text not null check (kind in ('identity', 'phone', 'device', 'social')),
      value text not null,
      primary key (kind, value, exclusion_id)
    )`.execute(db);
  await sql`
    insert into self_exclusion (member_id, starts_at)
    select id, coalesce(excluded_at, updated_at) from member where status = 'excluded'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table self_exclusion_identity`.execute(db);
  await sql`drop table self_exclusion`.execute(db);
}
