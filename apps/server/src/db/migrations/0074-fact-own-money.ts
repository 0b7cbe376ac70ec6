import { sql, type Kysely } from 'kysely';

/**
 * A money fact carries its own-money part (issue 23 §3): the withdrawable cash its journal transaction moved
 * on the member's account, as a positive size like `amount` (a bet's real stake, a win's real share, a
 * rollback's real part back). VIP points and weekly cash back count own money only; they read it here
 * instead of each recomputing it from the journal. The ledger's functions and the wallet write it with the
 * fact from now on; the facts already written get it from their entries.
 *
 * `member_money_total` goes: written by a consumer every two seconds, it was read by no programme.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table money_fact add column own_money bigint not null default 0`.execute(db);
  await fillOwnMoney(db);
  await sql`drop table member_money_total`.execute(db);
  await sql`delete from fact_cursor where consumer = 'member-money-totals'`.execute(db);
}

/** Each fact's own money from its journal entries: the withdrawable cash moved on the member's account. */
export async function fillOwnMoney(db: Kysely<unknown>): Promise<void> {
  await sql`
    update money_fact f set own_money = moved.amount
    from (
      select f2.transaction_id, abs(sum(e.amount)) as amount
      from money_fact f2
      join ledger_account a on a.code = 'player:' || f2.member_id
      join journal_entry e
        on e.transaction_id = f2.transaction_id and e.account_id = a.id and e.asset = 'withdrawable'
      group by f2.transaction_id
    ) as moved
    where moved.transaction_id = f.transaction_id and moved.amount <> f.own_money`.execute(db);
}
