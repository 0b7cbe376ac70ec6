import { sql, type Kysely } from 'kysely';

/**
 * The back office's reports (issue 26 §6; docs/back-office.md "Reports"): the ledger's money summed once per
 * calendar day of the market, so a 90-day report reads 90 rows instead of millions of journal entries.
 *
 * `revenue_day`: a settled day's money facts per kind (count, amount, own money), its taxes, the promotion
 * budgets' cash cost, registrations and first deposits. `revenue_day_game`: its bets, wins and refunds per
 * game. `revenue_day_programme`: what each programme's budget paid out. Written only by the revenue module's
 * daily job from the ledger's own reads, the whole day at once (a day rolled up again is replaced, not added
 * to); the day in progress is never stored, a report computes it live.
 *
 * Three indexes for the day's reads, none on the hot path of a bet: `journal_transaction_created_brin` (the
 * day's tax legs and budget payouts are found from its transactions, where the tax account's index would walk
 * every tax leg ever booked; BRIN, because ids and times grow together, costs a few bytes per thousand pages),
 * `money_fact_first_deposit_idx` (a deposit is a member's first when no earlier deposit fact exists: one probe
 * per deposit, deposits only) and `member_created_idx` (the day's registrations).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const kinds = ['bet', 'win', 'rollback', 'deposit', 'withdrawal'];
  const factColumns = (only: string[]) =>
    sql.raw(
      only
        .map(
          (kind) =>
            `${kind}_facts bigint not null default 0, ${kind}_amount bigint not null default 0, ` +
            `${kind}_own_money bigint not null default 0`,
        )
        .join(', '),
    );
  await sql`
    create table revenue_day (
      day text primary key check (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      currency text not null,
      ${factColumns(kinds)},
      bonus_cost bigint not null default 0,
      excise_transactions bigint not null default 0,
      excise_amount bigint not null default 0,
      excise_tax bigint not null default 0,
      withdrawal_tax_transactions bigint not null default 0,
      withdrawal_tax_amount bigint not null default 0,
      withdrawal_tax bigint not null default 0,
      registrations bigint not null default 0,
      first_deposits bigint not null default 0,
      first_deposit_amount bigint not null default 0,
      rolled_up_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table revenue_day_game (
      day text not null references revenue_day (day) on delete cascade,
      game_id integer not null,
      ${factColumns(['bet', 'win', 'rollback'])},
      primary key (day, game_id)
    )`.execute(db);
  await sql`
    create table revenue_day_programme (
      day text not null references revenue_day (day) on delete cascade,
      programme text not null,
      cash bigint not null,
      coins bigint not null,
      diamonds bigint not null,
      tickets bigint not null,
      payouts bigint not null,
      primary key (day, programme)
    )`.execute(db);
  await sql`create index journal_transaction_created_brin on journal_transaction using brin (created_at)`.execute(
    db,
  );
  await sql`
    create index money_fact_first_deposit_idx on money_fact (member_id, transaction_id) where kind = 'deposit'
  `.execute(db);
  await sql`create index member_created_idx on member (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index member_created_idx`.execute(db);
  await sql`drop index money_fact_first_deposit_idx`.execute(db);
  await sql`drop index journal_transaction_created_brin`.execute(db);
  await sql`drop table revenue_day_programme`.execute(db);
  await sql`drop table revenue_day_game`.execute(db);
  await sql`drop table revenue_day`.execute(db);
}
