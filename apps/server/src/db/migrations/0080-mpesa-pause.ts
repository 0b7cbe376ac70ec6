import { sql, type Kysely } from 'kysely';

/**
 * M-Pesa's "payments paused" mode (issue 24 §3): one row while M-Pesa is paused, read by every instance.
 * An operator sets it for a maintenance window (`source` operator), or the server does when Daraja answers
 * with its maintenance shape (`source` daraja, probed every `probe_at` until Daraja answers again).
 * Withdrawals accepted while paused wait in state `queued`, their money reserved, not yet sent to Daraja.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mpesa_pause (
      service text primary key check (service = 'mpesa'),
      source text not null check (source in ('operator', 'daraja')),
      reason text not null default '',
      paused_by text,
      paused_at timestamptz not null default now(),
      probe_at timestamptz,
      probe_attempts integer not null default 0
    )`.execute(db);
  await sql`alter table withdrawal drop constraint withdrawal_state_check`.execute(db);
  await sql`
    alter table withdrawal add constraint withdrawal_state_check
      check (state in ('queued', 'reserved', 'submitted', 'paid', 'failed', 'unknown'))`.execute(db);
  await sql`create index withdrawal_queued on withdrawal (id) where state = 'queued'`.execute(db);
}
