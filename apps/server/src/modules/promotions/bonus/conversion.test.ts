import { describe, expect, it } from 'vitest';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { budgetOf, newMember, placeBet } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { forfeitActiveBonus, listGrants, type BonusTerms } from '../../platform/wallet/bonus-pocket.ts';
import { ACCOUNT, creditMember, getBalances } from '../../platform/wallet/wallet.service.ts';
import { expireDueGrants } from './bonus-jobs.ts';
import { grantProgrammeBonus } from './grants.ts';

/**
 * Conversion exactly once and expiry (issue 14 §2 slice 5): the bet that completes the wagering converts
 * the bonus cash up to the maximum at the end of its own transaction, the excess back to the budget; bets
 * crossing the threshold together convert once (run on PostgreSQL in CI); expiry racing a forfeit ends the
 * grant once; the next pending grant is activated.
 */
const ctx = useTestApp();

function terms(overrides: Partial<BonusTerms> = {}): BonusTerms {
  return {
    wageringMultiple: 1,
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
    maxStake: null,
    maxConversion: 800,
    contribution: {},
    ...overrides,
  };
}

async function grant(memberId: number, ref: string, amount: number, overrides: Partial<BonusTerms> = {}) {
  const { grant: given } = await ctx.db.transaction().execute((trx) =>
    grantProgrammeBonus(trx, {
      programme: 'welcome-bonus',
      memberId,
      sourceRef: ref,
      amount,
      terms: terms(overrides),
    }),
  );
  return given;
}

async function grantRow(id: number) {
  return ctx.db.selectFrom('bonus_grant').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function budget(): Promise<number> {
  return (await budgetOf(ctx, 'welcome-bonus')).cash;
}

describe('conversion', () => {
  it('converts at the bet that completes the wagering, after its entries, up to the maximum; the excess back', async () => {
    const { id: memberId } = await newMember(ctx);
    const given = await grant(memberId, 'convert', 1_000, { maxConversion: 300 });
    const first = await placeBet(ctx, memberId, 600);
    // A win on an all-bonus stake is bonus cash.
    await creditMember(ctx.db, {
      memberId,
      from: ACCOUNT.houseFor(memberId),
      key: `bonus-test-win:${given.id}`,
      kind: 'win',
      cash: 1_000,
      withdrawable: 1_000,
      stakes: [first.transactionId],
      fact: { kind: 'win', ref: `bonus-test-win:${given.id}` },
    });
    expect(await getBalances(ctx.db, memberId)).toMatchObject({ cash: 1_400, withdrawable: 0 });
    const before = await budget();
    await placeBet(ctx, memberId, 400);
    // 1 000 wagered: completed; of the 1 000 bonus cash left, 300 withdrawable, 700 back to the budget.
    expect(await grantRow(given.id)).toMatchObject({ status: 'completed', converted: 300 });
    expect(await getBalances(ctx.db, memberId)).toMatchObject({ cash: 300, withdrawable: 300 });
    expect(await budget()).toBe(before + 700);
    // Later bets count for nothing: no active grant.
    await placeBet(ctx, memberId, 100);
    expect(Number((await grantRow(given.id)).wagering_progress)).toBe(1_000);
    await expectLedgerInvariants(ctx.db);
  });

  it('converts once when parallel bets cross the threshold together', async () => {
    const { id: memberId } = await newMember(ctx, { cash: 2_000 });
    const given = await grant(memberId, 'parallel', 1_000);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => placeBet(ctx, memberId, 150)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    const row = await grantRow(given.id);
    expect(row).toMatchObject({ status: 'completed', converted: 800 });
    expect(Number(row.wagering_progress)).toBe(1_000);
    const conversions = await ctx.db
      .selectFrom('journal_transaction')
      .select('id')
      .where('idempotency_key', 'like', `bonus:convert:${given.id}`)
      .execute();
    expect(conversions).toHaveLength(1);
    // Real money first: 1 500 of the 2 000 staked; the 1 000 bonus cash: 800 converted, 200 back.
    expect(await getBalances(ctx.db, memberId)).toMatchObject({ cash: 1_300, withdrawable: 1_300 });
    await expectLedgerInvariants(ctx.db);
  });

  it('activates the next pending grant when one completes', async () => {
    const { id: memberId } = await newMember(ctx, { cash: 1_000 });
    const first = await grant(memberId, 'one', 100, { maxConversion: 100 });
    const second = await grant(memberId, 'two', 200);
    expect(second.status).toBe('pending');
    await placeBet(ctx, memberId, 100);
    expect(await grantRow(first.id)).toMatchObject({ status: 'completed', converted: 100 });
    expect(await grantRow(second.id)).toMatchObject({ status: 'active' });
    // 900 real left + 100 converted; then the second grant's 200 credited.
    expect(await getBalances(ctx.db, memberId)).toMatchObject({ cash: 1_200, withdrawable: 1_000 });
    await expectLedgerInvariants(ctx.db);
  });
});

describe('expiry', () => {
  it('expires a grant past its date once, its bonus cash back, the next pending activated', async () => {
    const { id: memberId } = await newMember(ctx, { cash: 500 });
    const soon = await grant(memberId, 'soon', 300, { expiresAt: new Date(Date.now() + 1_000) });
    const later = await grant(memberId, 'later', 200);
    await ctx.db
      .updateTable('bonus_grant')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('id', '=', soon.id)
      .execute();
    const before = await budget();
    expect(await expireDueGrants(ctx.db)).toBeGreaterThanOrEqual(1);
    expect(await grantRow(soon.id)).toMatchObject({ status: 'expired' });
    expect(await grantRow(later.id)).toMatchObject({ status: 'active' });
    expect(await budget()).toBe(before + 300 - 200);
    expect(await getBalances(ctx.db, memberId)).toMatchObject({ cash: 700, withdrawable: 500 });
    // A second run changes nothing.
    await expireDueGrants(ctx.db);
    expect(await getBalances(ctx.db, memberId)).toMatchObject({ cash: 700, withdrawable: 500 });
    await expectLedgerInvariants(ctx.db);
  });

  it('racing a forfeit, ends the grant once and takes its bonus cash back once', async () => {
    const { id: memberId } = await newMember(ctx, { cash: 100 });
    const given = await grant(memberId, 'race', 400);
    await ctx.db
      .updateTable('bonus_grant')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('id', '=', given.id)
      .execute();
    const before = await budget();
    await Promise.all([
      expireDueGrants(ctx.db),
      ctx.db.transaction().execute((trx) => forfeitActiveBonus(trx, memberId, 'player')),
    ]);
    const row = await grantRow(given.id);
    expect(['expired', 'forfeited']).toContain(row.status);
    expect(await budget()).toBe(before + 400);
    expect(await getBalances(ctx.db, memberId)).toMatchObject({ cash: 100, withdrawable: 100 });
    const takeBacks = await ctx.db
      .selectFrom('journal_transaction')
      .select('idempotency_key')
      .where('idempotency_key', 'in', [`bonus:expire:${given.id}`, `bonus:forfeit:${given.id}`])
      .execute();
    expect(takeBacks).toHaveLength(1);
    expect(await listGrants(ctx.db, memberId)).toHaveLength(1);
    await expectLedgerInvariants(ctx.db);
  });
});

describe('wagering through a refund', () => {
  it('takes a refunded stake’s progress back, as a crash round’s refund does, and a replayed refund nothing', async () => {
    const { id: memberId } = await newMember(ctx, { cash: 200 });
    const given = await grant(memberId, 'refund', 1_000, { wageringMultiple: 5 });
    const taken = await placeBet(ctx, memberId, 300);
    expect(Number((await grantRow(given.id)).wagering_progress)).toBe(300);
    // The crash engine's refund: the stake back as taken (200 of it withdrawable), a rollback fact.
    const refund = () =>
      creditMember(ctx.db, {
        memberId,
        from: ACCOUNT.houseFor(memberId),
        key: `bonus-test-refund:${taken.transactionId}`,
        kind: 'refund',
        cash: 300,
        withdrawable: 200,
        fact: { kind: 'rollback', ref: `bonus-test-refund:${taken.transactionId}` },
      });
    await refund();
    await refund();
    expect(Number((await grantRow(given.id)).wagering_progress)).toBe(0);
    expect(await getBalances(ctx.db, memberId)).toMatchObject({ cash: 1_200, withdrawable: 200 });
    await expectLedgerInvariants(ctx.db);
  });
});
