import { sql, type Kysely } from 'kysely';

/**
 * M-Pesa at peak (issue 24 §3): STK pushes go through a token bucket per shortcode shared by every
 * instance (`mpesa_admission`), and a push that cannot go now waits in its order: state 5 (queued), with
 * the number it goes to, when it may go next and how many pushes it has had.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mpesa_admission (
      shortcode text primary key,
      tokens double precision not null,
      refilled_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    alter table deposit_order
      add column push_attempts integer not null default 0,
      add column next_push_at timestamptz`.execute(db);
  await sql`alter table deposit_order drop constraint deposit_order_state_check`.execute(db);
  await sql`alter table deposit_order add constraint deposit_order_state_check check (state between 0 and 5)`.execute(
    db,
  );
  await sql`create index deposit_order_queued on deposit_order (next_push_at) where state = 5`.execute(db);
}
