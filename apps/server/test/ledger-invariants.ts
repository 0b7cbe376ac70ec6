import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Asset, Database } from '../src/db/schema.ts';

const ASSETS: readonly Asset[] = ['cash', 'withdrawable', 'coins', 'diamonds', 'tickets'];

/**
 * Invariants 1 to 5 of reliability-and-performance.md §1.7 over the whole ledger (shared by the wallet's and the
 * payment modules' tests): every asset sums to zero, every transaction balances,
 * every balance is the sum of its entries, and no player account is overdrawn or has more withdrawable
 * than cash.
 *
 * The three reads share one snapshot (REPEATABLE READ): a payment settling in the background between them
 * (a callback, a job of an earlier test) would otherwise show a balance and entries of different instants.
 */
export async function expectLedgerInvariants(db: Kysely<Database>): Promise<void> {
  const { accounts, unbalanced, sums } = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => ({
      accounts: await trx.selectFrom('ledger_account').selectAll().execute(),
      unbalanced: await sql<{ id: number }>`
        select transaction_id as id from journal_entry group by transaction_id, asset
        having sum(amount) <> 0`.execute(trx),
      sums: await sql<{ account_id: number; asset: Asset; total: string }>`
        select account_id, asset, sum(amount) as total from journal_entry group by account_id, asset`.execute(
        trx,
      ),
    }));
  for (const asset of ASSETS) {
    expect(
      accounts.reduce((sum, account) => sum + Number(account[asset]), 0),
      `${asset} conserved`,
    ).toBe(0);
  }
  expect(unbalanced.rows).toEqual([]);
  for (const account of accounts) {
    for (const asset of ASSETS) {
      const total =
        sums.rows.find((row) => Number(row.account_id) === account.id && row.asset === asset)?.total ?? 0;
      expect(Number(account[asset]), `${account.code} ${asset} = sum of its entries`).toBe(Number(total));
    }
    if (!account.overdraft) {
      expect(account.cash).toBeGreaterThanOrEqual(0);
      expect(account.withdrawable).toBeGreaterThanOrEqual(0);
      expect(account.withdrawable).toBeLessThanOrEqual(account.cash);
      expect(account.coins).toBeGreaterThanOrEqual(0);
      expect(account.diamonds).toBeGreaterThanOrEqual(0);
      expect(account.tickets).toBeGreaterThanOrEqual(0);
    }
  }
}
