import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '@app/contracts/paths';
import { callApi } from '../../../../test/api-client.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { newMember } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import * as walletTickets from '../../../db/migrations/0051-wallet-tickets.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import {
  ACCOUNT,
  creditMember,
  getBalances,
  openPromotionBudget,
  promotionCostsByDay,
  spendMemberAsset,
} from './wallet.service.ts';

/**
 * Tickets, the wallet's fifth asset (migration 0051): the VIP benefit's free tickets, spent by the draws
 * (issue 16) through `spendMemberAsset`. The tests run in order: the first replays the migration on a ledger
 * that holds no tickets yet.
 */
const ctx = useTestApp();
let keys = 0;
const key = (source: string) => `${source}:${(keys += 1)}`;

const giveTickets = (memberId: number, tickets: number) =>
  creditMember(ctx.db, {
    memberId,
    from: ACCOUNT.promotionBonus,
    key: key('tickets'),
    kind: 'bonus',
    tickets,
  });

const spend = (memberId: number, amount: number, to: string = ACCOUNT.promotionBonus) =>
  spendMemberAsset(ctx.db, {
    memberId,
    to,
    key: key('draw'),
    asset: 'tickets',
    amount,
    insufficient: 'INSUFFICIENT_BALANCE',
  });

describe('migration 0051', () => {
  it('keeps every existing account as it was, with no tickets, and the ledger valid', async () => {
    const { id } = await newMember(ctx);
    await creditMember(ctx.db, {
      memberId: id,
      from: ACCOUNT.promotionBonus,
      key: key('before'),
      kind: 'bonus',
      cash: 1_000,
      withdrawable: 400,
      coins: 70,
      diamonds: 3,
    });
    const before = await ctx.db
      .selectFrom('ledger_account')
      .select(['id', 'code', 'cash', 'withdrawable', 'coins', 'diamonds'])
      .orderBy('id')
      .execute();
    // The ledger as it was before the migration, then the migration on it.
    await walletTickets.down(ctx.db as Kysely<unknown>);
    await walletTickets.up(ctx.db as Kysely<unknown>);
    const after = await ctx.db
      .selectFrom('ledger_account')
      .select(['id', 'code', 'cash', 'withdrawable', 'coins', 'diamonds', 'tickets'])
      .orderBy('id')
      .execute();
    expect(after).toEqual(before.map((account) => ({ ...account, tickets: 0 })));
    await expectLedgerInvariants(ctx.db);
    expect(await getBalances(ctx.db, id)).toEqual({
      cash: 1_000,
      withdrawable: 400,
      coins: 70,
      diamonds: 3,
      tickets: 0,
    });
    // The new CHECKs: no player below zero tickets, no asset the ledger does not know.
    await expect(
      sql`update ledger_account set tickets = -1 where member_id = ${id}`.execute(ctx.db),
    ).rejects.toMatchObject({ code: '23514' });
    const transaction = await ctx.db.selectFrom('journal_transaction').select('id').executeTakeFirstOrThrow();
    const account = after.find((row) => row.code === ACCOUNT.player(id));
    await expect(
      sql`insert into journal_entry (transaction_id, account_id, asset, amount)
        values (${transaction.id}, ${account?.id}, 'spins', 1)`.execute(ctx.db),
    ).rejects.toMatchObject({ code: '23514' });
  });
});

describe('tickets', () => {
  it('are credited and spent like diamonds; a spend beyond the balance is refused and changes nothing', async () => {
    const { id } = await newMember(ctx);
    await giveTickets(id, 3);
    expect(await getBalances(ctx.db, id)).toMatchObject({ cash: 0, coins: 0, diamonds: 0, tickets: 3 });
    await expect(spend(id, 4)).rejects.toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
    expect((await getBalances(ctx.db, id)).tickets).toBe(3);
    const spent = await spend(id, 2);
    expect(spent.replayed).toBe(false);
    expect((await getBalances(ctx.db, id)).tickets).toBe(1);
    await expect(spend(id, 2)).rejects.toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
    await expectLedgerInvariants(ctx.db);
  });

  it('20 parallel spends never overdraw: exactly as many as the tickets cover succeed', async () => {
    const { id } = await newMember(ctx);
    await giveTickets(id, 5);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => spend(id, 1)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
    }
    expect((await getBalances(ctx.db, id)).tickets).toBe(0);
    await expectLedgerInvariants(ctx.db);
  });

  it('shows in the member’s history as tickets', async () => {
    const { id, token } = await newMember(ctx);
    const given = await giveTickets(id, 2);
    const spent = await spend(id, 1);
    for (const [posted, tickets] of [
      [given, 2],
      [spent, -1],
    ] as const) {
      const detail = await callApi(ctx, ACCOUNT_PATHS.transactionDetail, {
        method: 'GET',
        query: `?id=${posted.transactionId}`,
        token,
      });
      expect(detail.data).toMatchObject({
        id: posted.transactionId,
        amount: 0,
        coins: 0,
        diamonds: 0,
        tickets,
      });
    }
  });

  it('spends in a caller’s transaction, undone with it', async () => {
    const { id } = await newMember(ctx);
    await giveTickets(id, 2);
    await expect(
      retryingTransaction(ctx.db, async (trx) => {
        await spendMemberAsset(trx, {
          memberId: id,
          to: ACCOUNT.promotionBonus,
          key: key('draw'),
          asset: 'tickets',
          amount: 2,
          insufficient: 'INSUFFICIENT_BALANCE',
        });
        throw new Error('the draw failed after the spend');
      }),
    ).rejects.toThrow('the draw failed');
    expect((await getBalances(ctx.db, id)).tickets).toBe(2);
  });

  it('count in the cost of the programme whose budget gave them, net of those spent back into it', async () => {
    const { id } = await newMember(ctx);
    const budget = await openPromotionBudget(ctx.db, 'tickets-test');
    await creditMember(ctx.db, { memberId: id, from: budget, key: key('given'), kind: 'bonus', tickets: 4 });
    await spend(id, 1, budget);
    const now = new Date();
    const rows = await promotionCostsByDay(ctx.db, {
      from: new Date(now.getTime() - 3_600_000),
      to: new Date(now.getTime() + 3_600_000),
      timeZone: 'UTC',
    });
    // Summed over the days the window spans (the two movements may straddle a midnight).
    const mine = rows.filter((row) => row.programme === 'tickets-test');
    const sum = (field: 'cash' | 'coins' | 'diamonds' | 'tickets' | 'payouts') =>
      mine.reduce((total, row) => total + row[field], 0);
    expect([sum('cash'), sum('coins'), sum('diamonds'), sum('tickets'), sum('payouts')]).toEqual([
      0, 0, 0, 3, 2,
    ]);
  });
});
