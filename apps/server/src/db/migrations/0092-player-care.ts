import { sql, type Kysely } from 'kysely';

/**
 * The back office's player actions and records (issue 26 §2): an operator may disable an account (with the
 * reason; login and every session are refused until an operator enables it again), and writes notes and
 * tags on a player, each with who and when. Notes are only ever added.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member add column disabled_at timestamptz`.execute(db);
  await sql`alter table member add column disabled_reason text`.execute(db);
  await sql`
    create table member_note (
      id bigserial primary key,
      member_id bigint not null references member (id),
      text text not null,
      staff_id bigint,
      staff_login text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index member_note_member on member_note (member_id, id desc)`.execute(db);
  await sql`
    create table member_tag (
      member_id bigint not null references member (id),
      tag text not null,
      staff_id bigint,
      staff_login text not null,
      created_at timestamptz not null default now(),
      primary key (member_id, tag)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table member_tag`.execute(db);
  await sql`drop table member_note`.execute(db);
  await sql`alter table member drop column disabled_reason`.execute(db);
  await sql`alter table member drop column disabled_at`.execute(db);
}
