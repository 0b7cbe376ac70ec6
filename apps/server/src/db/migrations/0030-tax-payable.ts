import { sql, type Kysely } from 'kysely';

/**
 * The tax-payable accounts (issue 12 §5): what is owed to the tax authority, booked when the money moves.
 * `tax:deposit-excise` receives the excise of each deposit's credit; `tax:withdrawal` the tax withheld from
 * each paid withdrawal (from the withdrawal hold, at settlement). `clearing:tax` (migration 0010) keeps
 * the tax on winnings withheld before; nothing is posted to it any more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db
    .insertInto('ledger_account' as never)
    .values([
      { code: 'tax:deposit-excise', kind: 'clearing', overdraft: true },
      { code: 'tax:withdrawal', kind: 'clearing', overdraft: true },
    ] as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from ledger_account where code in ('tax:deposit-excise', 'tax:withdrawal')`.execute(db);
}
