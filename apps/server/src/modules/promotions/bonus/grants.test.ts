import { describe, expect, it } from 'vitest';
import { MEMBER_PATHS } from '@app/contracts/paths';
import { callApi } from '../../../../test/api-client.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { budgetOf, newMember } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { forfeitActiveBonus, listGrants, type BonusTerms } from '../../platform/wallet/bonus-pocket.ts';
import { getBalances } from '../../platform/wallet/wallet.service.ts';
import { grantProgrammeBonus } from './grants.ts';

/**
 * Bonus grants (issue 14 §2 slice 1): a grant credits non-withdrawable bonus cash from its programme's
 * budget with its terms copied, a second grant waits pending, a replayed grant grants nothing, a blocked
 * member is refused inside the grant's transaction, and self-exclusion forfeits everything in its own.
 */
const ctx = useTestApp();

function terms(overrides: Partial<BonusTerms> = {}): BonusTerms {
  return {
    wageringMultiple: 10,
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
    maxStake: 500,
    maxConversion: 5_000,
    contribution: { inhouse: 100, crash: 100, provider: 100 },
    ...overrides,
  };
}

async function grant(
  memberId: number,
  sourceRef: string,
  amount = 1_000,
  overrides: Partial<BonusTerms> = {},
) {
  return ctx.db.transaction().execute((trx) =>
    grantProgrammeBonus(trx, {
      programme: 'welcome-bonus',
      memberId,
      sourceRef,
      amount,
      terms: terms(overrides),
    }),
  );
}

async function budget(): Promise<number> {
  return (await budgetOf(ctx, 'welcome-bonus')).cash;
}

describe('a bonus grant', () => {
  it('credits bonus cash (not withdrawable) from the programme’s budget, with its terms copied', async () => {
    const member = await newMember(ctx);
    const before = await budget();
    const { grant: given, replayed } = await grant(member.id, 'welcome');
    expect(replayed).toBe(false);
    expect(given).toMatchObject({
      status: 'active',
      amount: 1_000,
      wageringRequired: 10_000,
      wageringProgress: 0,
      maxStake: 500,
      maxConversion: 5_000,
      budgetAccount: 'promo:welcome-bonus:budget',
      terms: { wageringMultiple: 10, contribution: { inhouse: 100, crash: 100, provider: 100 } },
    });
    expect(await getBalances(ctx.db, member.id)).toMatchObject({ cash: 1_000, withdrawable: 0 });
    expect(await budget()).toBe(before - 1_000);
    await expectLedgerInvariants(ctx.db);
  });

  it('grants nothing twice for the same source and reference', async () => {
    const member = await newMember(ctx);
    const first = await grant(member.id, 'welcome');
    const again = await grant(member.id, 'welcome');
    expect(again.replayed).toBe(true);
    expect(again.grant.id).toBe(first.grant.id);
    expect(await getBalances(ctx.db, member.id)).toMatchObject({ cash: 1_000, withdrawable: 0 });
    expect(await listGrants(ctx.db, member.id)).toHaveLength(1);
  });

  it('waits pending while another is active, and is activated (and credited) when that one ends', async () => {
    const member = await newMember(ctx);
    await grant(member.id, 'first', 1_000);
    const later = await grant(member.id, 'second', 300, { expiresAt: new Date(Date.now() + 86_400_000) });
    expect(later.grant.status).toBe('pending');
    expect(await getBalances(ctx.db, member.id)).toMatchObject({ cash: 1_000, withdrawable: 0 });
    const before = await budget();
    const forfeited = await ctx.db
      .transaction()
      .execute((trx) => forfeitActiveBonus(trx, member.id, 'player'));
    expect(forfeited).toMatchObject({ status: 'forfeited', forfeitReason: 'player' });
    // The forfeited bonus cash went back and the pending one was credited.
    expect(await budget()).toBe(before + 1_000 - 300);
    expect(await getBalances(ctx.db, member.id)).toMatchObject({ cash: 300, withdrawable: 0 });
    const grants = await listGrants(ctx.db, member.id);
    expect(grants.map((each) => each.status)).toEqual(['active', 'forfeited']);
    await expectLedgerInvariants(ctx.db);
  });

  it('is refused to a self-excluded member inside its transaction, granting nothing', async () => {
    const member = await newMember(ctx);
    const excluded = await callApi(ctx, MEMBER_PATHS.selfExclusion, {
      form: { content: 'Pause2026' },
      token: member.token,
    });
    expect(excluded.code).toBe(0);
    await expect(grant(member.id, 'late-job')).rejects.toMatchObject({ key: 'PROMOTION_MEMBER_BLOCKED' });
    expect(await listGrants(ctx.db, member.id)).toEqual([]);
    expect(await getBalances(ctx.db, member.id)).toMatchObject({ cash: 0 });
  });

  it('is forfeited, active and pending alike, by self-exclusion, the bonus cash back to its budget', async () => {
    const member = await newMember(ctx);
    await grant(member.id, 'first', 1_000);
    await grant(member.id, 'second', 400);
    const before = await budget();
    const excluded = await callApi(ctx, MEMBER_PATHS.selfExclusion, {
      form: { content: 'Pause2026' },
      token: member.token,
    });
    expect(excluded.code).toBe(0);
    const grants = await listGrants(ctx.db, member.id);
    expect(grants.map((each) => [each.status, each.forfeitReason])).toEqual([
      ['forfeited', 'self_exclusion'],
      ['forfeited', 'self_exclusion'],
    ]);
    expect(await budget()).toBe(before + 1_000);
    expect(await getBalances(ctx.db, member.id)).toMatchObject({ cash: 0, withdrawable: 0 });
    await expectLedgerInvariants(ctx.db);
  });

  it('refuses rows the database CHECKs forbid', async () => {
    const member = await newMember(ctx);
    const { grant: given } = await grant(member.id, 'checks');
    await expect(
      ctx.db
        .updateTable('bonus_grant')
        .set({ wagering_progress: given.wageringRequired + 1 })
        .where('id', '=', given.id)
        .execute(),
    ).rejects.toThrow();
    await expect(
      ctx.db
        .updateTable('bonus_grant')
        .set({ status: 'forfeited', ended_at: new Date() })
        .where('id', '=', given.id)
        .execute(),
    ).rejects.toThrow();
    await expect(
      ctx.db.updateTable('bonus_grant').set({ forfeit_reason: 'x' }).where('id', '=', given.id).execute(),
    ).rejects.toThrow();
  });
});
