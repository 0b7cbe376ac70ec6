import { sql, type Kysely } from 'kysely';

/**
 * Tickets, the wallet's fifth asset (issue 15 §2, issue 16): the free tickets a VIP benefit gives, a
 * balance the draws spend. A column of `ledger_account` like diamonds (0 on every existing account, so
 * each stays the sum of its entries), the no-overdraft CHECK extended to it, and `journal_entry`'s asset
 * CHECK widened. The ledger functions that list assets (`ledger_post`) are the wallet's
 * (ledger.sql.ts), installed again after the migrations because their text changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_account add column tickets bigint not null default 0`.execute(db);
  await sql`alter table ledger_account drop constraint ledger_account_no_overdraft`.execute(db);
  await sql`
    alter table ledger_account add constraint ledger_account_no_overdraft check (
      overdraft or (cash >= 0 and withdrawable >= 0 and coins >= 0 and diamonds >= 0 and tickets >= 0
        and withdrawable <= cash)
    )`.execute(db);
  await sql`alter table journal_entry drop constraint journal_entry_asset_check`.execute(db);
  await sql`
    alter table journal_entry add constraint journal_entry_asset_check
      check (asset in ('cash', 'withdrawable', 'coins', 'diamonds', 'tickets'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table journal_entry drop constraint journal_entry_asset_check`.execute(db);
  await sql`
    alter table journal_entry add constraint journal_entry_asset_check
      check (asset in ('cash', 'withdrawable', 'coins', 'diamonds'))`.execute(db);
  await sql`alter table ledger_account drop constraint ledger_account_no_overdraft`.execute(db);
  await sql`
    alter table ledger_account add constraint ledger_account_no_overdraft check (
      overdraft or (cash >= 0 and withdrawable >= 0 and coins >= 0 and diamonds >= 0 and withdrawable <= cash)
    )`.execute(db);
  await sql`alter table ledger_account drop column tickets`.execute(db);
}
