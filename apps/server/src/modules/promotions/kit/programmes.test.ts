import { calendarDayOf } from '@app/contracts/market-calendar';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { MEMBER_PATHS } from '@app/contracts/paths';
import { callApi } from '../../../../test/api-client.ts';
import { newMember } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { AppError } from '../../../http/app-error.ts';
import { getBalances } from '../../platform/wallet/wallet.service.ts';
import {
  configureProgramme,
  defineProgramme,
  loadProgramme,
  payReward,
  programmeCosts,
  requireProgramme,
} from './programmes.ts';

/**
 * The platform every programme stands on (issue 14 §9, docs/promotions.md): settings with defaults and a
 * market's law above the operator's switch, rewards paid from the programme's own budget to members in good
 * standing only, and each programme's cost per day from its budget account.
 */
const ctx = useTestApp();
const kenya = COUNTRY_PROFILES.KE;
const brazil = COUNTRY_PROFILES.BR;
const actor = { staffId: null, login: 'programmes-test', requestId: null };

const welcome = defineProgramme({
  code: 'welcome-bonus',
  settings: z.object({ coins: z.number().int().positive() }),
  defaults: { enabled: true, settings: { coins: 500 } },
});

describe('a programme’s settings', () => {
  it('runs on its defaults until an operator sets them, then on theirs, audited', async () => {
    const before = await loadProgramme(ctx.db, welcome, kenya);
    expect(before).toMatchObject({
      enabled: true,
      settings: { coins: 500 },
      budgetAccount: 'promo:welcome-bonus:budget',
    });
    const after = await configureProgramme(ctx.db, actor, welcome, kenya, {
      enabled: true,
      settings: { coins: 750 },
    });
    expect(after.settings).toEqual({ coins: 750 });
    expect((await loadProgramme(ctx.db, welcome, kenya)).settings).toEqual({ coins: 750 });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('target', '=', 'programme:welcome-bonus')
      .execute();
    expect(audit).toContainEqual({ action: 'promotion.configure', target: 'programme:welcome-bonus' });
  });

  it('refuses settings its schema does not allow, and changes nothing', async () => {
    await expect(
      configureProgramme(ctx.db, actor, welcome, kenya, { enabled: false, settings: { coins: -1 } }),
    ).rejects.toMatchObject({ key: 'PROGRAMME_SETTINGS_INVALID' });
    expect(await loadProgramme(ctx.db, welcome, kenya)).toMatchObject({
      enabled: true,
      settings: { coins: 750 },
    });
  });

  it('stays off where the market’s law forbids it, whatever the operator sets', async () => {
    const inBrazil = await loadProgramme(ctx.db, welcome, brazil);
    expect(inBrazil).toMatchObject({ enabled: false, operatorEnabled: true, allowedInMarket: false });
    await expect(requireProgramme(ctx.db, welcome, brazil)).rejects.toMatchObject({
      key: 'ACTIVITY_INVALID',
    });
    await expect(requireProgramme(ctx.db, welcome, kenya)).resolves.toMatchObject({ enabled: true });
  });
});

describe('a reward', () => {
  it('comes from the programme’s budget once per key, and shows in its cost of the day', async () => {
    const member = await newMember(ctx);
    const memberId = member.id;
    const pay = () =>
      ctx.db.transaction().execute((trx) =>
        payReward(trx, {
          programme: 'welcome-bonus',
          memberId,
          key: `test:${memberId}`,
          coins: 750,
          cash: 1_00,
        }),
      );
    // Deltas: the real welcome bonus of this app (switched on above) may also pay at registration.
    const today = calendarDayOf(new Date(), kenya.timeZone);
    const costOfToday = async () =>
      (await programmeCosts(ctx.db, kenya, { from: today, to: today })).find(
        (row) => row.programme === 'welcome-bonus',
      ) ?? { coins: 0, cash: 0, payouts: 0 };
    const balancesBefore = await getBalances(ctx.db, memberId);
    const costBefore = await costOfToday();
    const first = await pay();
    const again = await pay();
    expect(again).toEqual({ ...first, replayed: true });
    const balances = await getBalances(ctx.db, memberId);
    // Cash from a programme is a prize, withdrawable at once.
    expect(balances).toMatchObject({
      coins: balancesBefore.coins + 750,
      cash: balancesBefore.cash + 1_00,
      withdrawable: balancesBefore.withdrawable + 1_00,
    });
    const cost = await costOfToday();
    expect(cost.coins - costBefore.coins).toBe(750);
    expect(cost.cash - costBefore.cash).toBe(1_00);
    expect(cost.payouts - costBefore.payouts).toBe(1);
  });

  it('is refused to a self-excluded member, and the caller’s transaction pays nothing', async () => {
    const member = await newMember(ctx);
    const memberId = member.id;
    const excluded = await callApi(ctx, MEMBER_PATHS.selfExclusion, {
      form: { content: 'Pause2026' },
      token: member.token,
    });
    expect(excluded.code).toBe(0);
    const refusal = await ctx.db
      .transaction()
      .execute((trx) =>
        payReward(trx, { programme: 'welcome-bonus', memberId, key: `test:${memberId}`, coins: 10 }),
      )
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe(ERRORS.PROMOTION_MEMBER_BLOCKED.code);
    expect((await getBalances(ctx.db, memberId)).coins).toBe(0);
  });
});
