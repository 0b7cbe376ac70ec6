import { sql, type Kysely } from 'kysely';

/**
 * Breaks (issue 25 §3; docs/compliance.md "Breaks that hold"): a member on a time-out has status `break`
 * until its `member_break` row ends. Login is refused meanwhile, every session was ended when it began, and
 * a member not `active` gets no promotion and no message to every member. The first login after it has
 * ended makes the member active again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member drop constraint member_status_check`.execute(db);
  await sql`alter table member add constraint member_status_check
    check (status in ('active', 'excluded', 'break'))`.execute(db);
  await sql`
    create table member_break (
      id bigserial primary key,
      member_id bigint not null references member (id),
      kind text not null check (kind in ('time-out')),
      starts_at timestamptz not null default now(),
      ends_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index member_break_member on member_break (member_id, ends_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table member_break`.execute(db);
  await sql`update member set status = 'active' where status = 'break'`.execute(db);
  await sql`alter table member drop constraint member_status_check`.execute(db);
  await sql`alter table member add constraint member_status_check check (status in ('active', 'excluded'))`.execute(
    db,
  );
}
