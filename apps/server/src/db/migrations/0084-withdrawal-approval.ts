import { sql, type Kysely } from 'kysely';

/**
 * Withdrawals held for staff approval (issue 26 §3): above the market's automatic amount a withdrawal is
 * created in state `approval`, its money reserved like any other, and waits for `approvals_required`
 * different staff members (1 or 2). The primary key of `withdrawal_approval` is the once-per-person rule:
 * the same staff member cannot count twice. The last approval moves the withdrawal to `queued`, which the
 * payout queue sends; a rejection fails it with `rejection_reason` (shown to the member) and returns the
 * money through the failed payout's return step.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table withdrawal drop constraint withdrawal_state_check`.execute(db);
  await sql`
    alter table withdrawal add constraint withdrawal_state_check
      check (state in ('approval', 'queued', 'reserved', 'submitted', 'paid', 'failed', 'unknown'))`.execute(
    db,
  );
  await sql`
    alter table withdrawal
      add column approvals_required smallint not null default 0 check (approvals_required between 0 and 2),
      add column rejection_reason text`.execute(db);
  await sql`create index withdrawal_awaiting_approval on withdrawal (id) where state = 'approval'`.execute(
    db,
  );
  await sql`
    create table withdrawal_approval (
      withdrawal_id bigint not null references withdrawal (id),
      staff_id integer not null references staff (id),
      approved_at timestamptz not null default now(),
      primary key (withdrawal_id, staff_id)
    )`.execute(db);
}
