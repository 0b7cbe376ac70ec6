import { sql, type Kysely } from 'kysely';

/**
 * Manual adjustments as maker-checker requests (issue 26 §3; docs/api.md "Operators: manual adjustments"):
 * a staff member asks for a credit or debit of a player's cash, coins, diamonds or free tickets with a
 * reason; another staff member approves (executed by the wallet once, the journal transaction keyed by
 * `key`) or rejects it. The table holds the rules the service also checks: the checker is never the maker
 * (CHECK), a decided request has its checker and time, an executed one its journal transaction, and `key`
 * (the maker's idempotency key) names one request only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table manual_adjustment (
      id serial primary key,
      key text not null unique,
      member_id bigint not null references member (id),
      asset text not null check (asset in ('cash', 'coins', 'diamonds', 'tickets')),
      direction text not null check (direction in ('credit', 'debit')),
      amount bigint not null check (amount > 0),
      withdrawable boolean not null default false check (not withdrawable or (asset = 'cash' and direction = 'credit')),
      reason text not null,
      state text not null default 'pending' check (state in ('pending', 'executed', 'rejected')),
      requested_by integer not null references staff (id),
      requested_at timestamptz not null default now(),
      decided_by integer references staff (id),
      decided_at timestamptz,
      note text,
      transaction_id bigint,
      constraint manual_adjustment_four_eyes check (decided_by is null or decided_by <> requested_by),
      check ((state = 'pending') = (decided_by is null and decided_at is null)),
      check ((state = 'executed') = (transaction_id is not null))
    )`.execute(db);
  await sql`create index manual_adjustment_pending on manual_adjustment (id) where state = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table manual_adjustment`.execute(db);
}
