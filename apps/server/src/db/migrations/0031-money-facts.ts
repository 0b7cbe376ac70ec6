import { sql, type Kysely } from 'kysely';

/**
 * Money facts (issue 13 §3, docs/decisions.md "Money facts"): one `money_fact` row for every bet, win,
 * rollback, paid deposit and paid withdrawal, written by the wallet's posting in the SAME database
 * transaction as the journal transaction it describes, below its idempotency guard: it is the journal
 * transaction's (one fact per transaction, written only when that transaction is first inserted), and a
 * replayed key writes nothing. `xid` is the writing database
 * transaction's id; readers (`fact_cursor`, one row per consumer) take facts in (xid, transaction_id) order, only those older than every
 * transaction still in flight, so a fact whose transaction commits late is never skipped.
 *
 * `member_money_total` is the first consumer's count (the promotions' counters): what each member staked,
 * won, got back by rollbacks, deposited and had paid out, in minor units.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table money_fact (
      transaction_id bigint not null,
      xid xid8 not null default pg_current_xact_id(),
      kind text not null check (kind in ('bet', 'win', 'rollback', 'deposit', 'withdrawal')),
      member_id bigint not null,
      amount bigint not null check (amount > 0),
      game_id integer,
      source_ref text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  // One index, in the consumers' order: a fact costs a bet one row and one index entry. The journal
  // transaction is unique by its idempotency key and gets a fact only when it is first inserted, so the
  // fact needs neither a unique index of its own nor a foreign key (each a lookup in the hottest path).
  await sql`alter table money_fact add primary key (xid, transaction_id)`.execute(db);
  await sql`
    create table fact_cursor (
      consumer text primary key,
      last_xid xid8 not null default '0',
      last_transaction_id bigint not null default 0,
      consumed bigint not null default 0,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table member_money_total (
      member_id bigint primary key,
      bets integer not null default 0,
      staked bigint not null default 0,
      won bigint not null default 0,
      rolled_back bigint not null default 0,
      deposited bigint not null default 0,
      withdrawn bigint not null default 0,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table member_money_total`.execute(db);
  await sql`drop table fact_cursor`.execute(db);
  await sql`drop table money_fact`.execute(db);
}
