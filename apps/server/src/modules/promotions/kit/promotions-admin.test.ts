import { calendarDayOf } from '@app/contracts/market-calendar';
import { describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { ADMIN_PATHS, API_BASE, DAILY_PATHS } from '@app/contracts/paths';
import type { ProgrammeCostRow, ProgrammeForm, ProgrammeView } from '@app/contracts/promotions';
import { PROGRAMME_COST_DAYS, type ProgrammeBudget } from '@app/contracts/back-office-programmes';
import { addDays } from '@app/contracts/market-calendar';
import { callApi } from '../../../../test/api-client.ts';
import { staffSession } from '../../../../test/staff-session.ts';
import { newMember } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { PROMOTION_PLUGS } from '../plugs.ts';

/**
 * The operator's promotion programmes through the real app (issue 14 §9): every programme the app runs is
 * listed with its switch, settings and budget; a change is checked by the programme, audited, and changes
 * what players get; each programme's cost per day comes from its budget account. Permissions first.
 */
const ctx = useTestApp();
const kenya = COUNTRY_PROFILES.KE;

async function operator(
  method: 'GET' | 'PUT',
  path: string,
  headers: Record<string, string>,
  payload?: object,
) {
  const response = await ctx.app.inject({ method, url: `${API_BASE}${path}`, headers, payload });
  return { status: response.statusCode, ...(response.json() as { code: number; data: unknown }) };
}

describe('the operator’s promotion programmes', () => {
  it('lists every programme the app runs, with its budget account, to staff who may read them', async () => {
    const viewer = await staffSession(ctx, ['viewer']);
    const listed = await operator('GET', ADMIN_PATHS.promotionProgrammes, viewer.headers);
    expect(listed.code).toBe(0);
    const programmes = listed.data as ProgrammeView[];
    const codes = programmes.map((programme) => programme.code);
    for (const code of ['sign-in', 'coin-spin', 'diamond-task', 'diamond-spin', 'cash-rain', 'giveaway']) {
      expect(codes).toContain(code);
    }
    expect(codes).toEqual(PROMOTION_PLUGS.flatMap((plug) => plug.programmes.map((each) => each.code)));
    for (const programme of programmes) {
      expect(programme.budgetAccount).toBe(`promo:${programme.code}:budget`);
      // The bonus grants start off (they change a new member's balance and stake limit until switched on).
      const offByDefault = ['welcome-bonus', 'first-deposit-bonus'].includes(programme.code);
      expect(programme).toMatchObject({ allowedInMarket: true, enabled: !offByDefault });
    }
    const support = await staffSession(ctx, ['support']);
    expect((await operator('GET', ADMIN_PATHS.promotionProgrammes, support.headers)).status).toBe(403);
    expect((await operator('GET', ADMIN_PATHS.promotionProgrammes, {})).status).toBe(401);
  });

  it("gives each programme's settings form: its JSON Schema, the unit of every number, its defaults", async () => {
    const viewer = await staffSession(ctx, ['viewer']);
    const formOf = (code: string, headers: Record<string, string> = viewer.headers) =>
      operator('GET', ADMIN_PATHS.promotionProgrammeForm.replace(':code', code), headers);
    const listed = (await operator('GET', ADMIN_PATHS.promotionProgrammes, viewer.headers))
      .data as ProgrammeView[];
    for (const { code, settings } of listed) {
      const answer = await formOf(code);
      expect(answer.code, code).toBe(0);
      const form = answer.data as ProgrammeForm;
      expect(form.code).toBe(code);
      expect(form.schema).toMatchObject({ type: 'object' });
      // The defaults a form starts from have the settings' shape.
      expect(Object.keys(form.defaults).sort()).toEqual(Object.keys(settings).sort());
    }
    const cashBack = (await formOf('cash-back')).data as ProgrammeForm;
    expect(cashBack.units).toMatchObject({
      cap: 'money',
      'rates[]': 'percent',
      claimOpensHour: 'hour-of-day',
    });
    expect(cashBack.schema).toMatchObject({
      properties: { claimOpensHour: { type: 'integer', minimum: 0, maximum: 23 } },
    });
    expect((await formOf('no-such-programme')).status).toBe(400);
    const support = await staffSession(ctx, ['support']);
    expect((await formOf('cash-back', support.headers)).status).toBe(403);
    expect((await formOf('cash-back', {})).status).toBe(401);
  });

  it('lets only staff who may write change a programme, checks the settings, and audits the change', async () => {
    const path = ADMIN_PATHS.promotionProgramme.replace(':code', 'sign-in');
    const viewer = await staffSession(ctx, ['viewer']);
    const refused = await operator('PUT', path, viewer.headers, { enabled: false, settings: {} });
    expect(refused.status).toBe(403);

    const admin = await staffSession(ctx, ['admin']);
    const invalid = await operator('PUT', path, admin.headers, {
      enabled: true,
      settings: { amounts: [-1] },
    });
    expect(invalid.code).toBe(ERRORS.PROGRAMME_SETTINGS_INVALID.code);
    const unknown = await operator(
      'PUT',
      ADMIN_PATHS.promotionProgramme.replace(':code', 'bingo'),
      admin.headers,
      {
        enabled: true,
        settings: {},
      },
    );
    expect(unknown.status).toBe(400);

    const before = (await operator('GET', ADMIN_PATHS.promotionProgrammes, admin.headers))
      .data as ProgrammeView[];
    const signIn = before.find((programme) => programme.code === 'sign-in')!;
    const off = await operator('PUT', path, admin.headers, { enabled: false, settings: signIn.settings });
    expect(off.code).toBe(0);
    expect(off.data).toMatchObject({ code: 'sign-in', enabled: false, operatorEnabled: false });

    // Off for players at once: a member's claim is refused as an invalid activity.
    const member = await newMember(ctx);
    const claim = await callApi(ctx, DAILY_PATHS.signIn, { token: member.token });
    expect(claim.code).toBe(ERRORS.ACTIVITY_INVALID.code);

    const on = await operator('PUT', path, admin.headers, { enabled: true, settings: signIn.settings });
    expect(on.data).toMatchObject({ enabled: true });
    expect((await callApi(ctx, DAILY_PATHS.signIn, { token: member.token })).code).toBe(0);

    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id'])
      .where('target', '=', 'programme:sign-in')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['promotion.configure', 'promotion.configure']);
    expect(audit.every((entry) => entry.staff_id === admin.staff.id)).toBe(true);
  });

  it('reports what each programme paid per day of the market, from its budget account', async () => {
    const member = await newMember(ctx);
    expect((await callApi(ctx, DAILY_PATHS.signIn, { token: member.token })).code).toBe(0);
    const today = calendarDayOf(new Date(), kenya.timeZone);
    const viewer = await staffSession(ctx, ['viewer']);
    const report = await operator(
      'GET',
      `${ADMIN_PATHS.promotionCosts}?from=${today}&to=${today}`,
      viewer.headers,
    );
    expect(report.code).toBe(0);
    const signIn = (report.data as ProgrammeCostRow[]).find((row) => row.programme === 'sign-in');
    // Two members claimed day 1 today in this file, each paid from the sign-in budget.
    const budget = await ctx.db
      .selectFrom('ledger_account')
      .select(['coins', 'cash'])
      .where('code', '=', 'promo:sign-in:budget')
      .executeTakeFirstOrThrow();
    expect(signIn).toMatchObject({
      day: today,
      coins: 0 - Number(budget.coins),
      cash: 0 - Number(budget.cash),
    });
    expect(signIn!.coins).toBeGreaterThan(0);
    expect(signIn!.payouts).toBe(2);
    const bad = await operator(
      'GET',
      `${ADMIN_PATHS.promotionCosts}?from=yesterday&to=${today}`,
      viewer.headers,
    );
    expect(bad.status).toBe(400);
  });

  it("gives each programme's budget balance and what it paid in the last 7 market days", async () => {
    const member = await newMember(ctx);
    expect((await callApi(ctx, DAILY_PATHS.signIn, { token: member.token })).code).toBe(0);
    const viewer = await staffSession(ctx, ['viewer']);
    const answer = await operator('GET', ADMIN_PATHS.promotionBudgets, viewer.headers);
    expect(answer.code).toBe(0);
    const budgets = answer.data as ProgrammeBudget[];
    expect(budgets.map((budget) => budget.code)).toEqual(
      PROMOTION_PLUGS.flatMap((plug) => plug.programmes.map((each) => each.code)),
    );
    const today = calendarDayOf(new Date(), kenya.timeZone);
    const account = await ctx.db
      .selectFrom('ledger_account')
      .select(['coins', 'cash'])
      .where('code', '=', 'promo:sign-in:budget')
      .executeTakeFirstOrThrow();
    const signIn = budgets.find((budget) => budget.code === 'sign-in')!;
    // Every sign-in paid in this file was paid today: the balance is minus the week's cost.
    expect(signIn).toMatchObject({
      account: 'promo:sign-in:budget',
      balance: { coins: Number(account.coins), cash: Number(account.cash) },
      recent: {
        from: addDays(today, 1 - PROGRAMME_COST_DAYS),
        days: PROGRAMME_COST_DAYS,
        coins: -Number(account.coins),
        payouts: 3,
      },
    });
    expect(signIn.recent.coins).toBeGreaterThan(0);
    // A programme that never paid has no account yet: zero, not an error.
    const untouched = budgets.find((budget) => budget.code === 'lucky-refund')!;
    expect(untouched.balance).toEqual({ cash: 0, coins: 0, diamonds: 0, tickets: 0 });
    const support = await staffSession(ctx, ['support']);
    expect((await operator('GET', ADMIN_PATHS.promotionBudgets, support.headers)).status).toBe(403);
    expect((await operator('GET', ADMIN_PATHS.promotionBudgets, {})).status).toBe(401);
  });

  it('records who changed a programme, before and after, when the budget of a cash rain slot changes', async () => {
    const admin = await staffSession(ctx, ['admin']);
    const listed = (await operator('GET', ADMIN_PATHS.promotionProgrammes, admin.headers))
      .data as ProgrammeView[];
    const rain = listed.find((programme) => programme.code === 'cash-rain')!;
    const slots = rain.settings.slots as { budget: number }[];
    const settings = {
      ...rain.settings,
      slots: slots.map((slot, index) => (index ? slot : { ...slot, budget: 123_456 })),
    };
    const path = ADMIN_PATHS.promotionProgramme.replace(':code', 'cash-rain');
    const invalid = await operator('PUT', path, admin.headers, {
      enabled: true,
      settings: { ...settings, slots: [{ ...slots[0], budget: -5 }] },
    });
    // The field that is wrong, by its path, for the form to show it beside the field.
    expect(invalid.code).toBe(ERRORS.PROGRAMME_SETTINGS_INVALID.code);
    expect(
      (invalid as unknown as { errors: { field: string }[] }).errors.map((each) => each.field),
    ).toContain('slots.0.budget');
    const saved = await operator('PUT', path, admin.headers, { enabled: true, settings });
    expect(saved.code).toBe(0);
    const entry = await ctx.db
      .selectFrom('audit_log')
      .select(['staff_id', 'before', 'after', 'at'])
      .where('target', '=', 'programme:cash-rain')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.staff_id).toBe(admin.staff.id);
    const budgetOf = (view: unknown) =>
      ((view as ProgrammeView).settings.slots as { budget: number }[])[0]!.budget;
    expect(budgetOf(entry.before)).toBe(slots[0]!.budget);
    expect(budgetOf(entry.after)).toBe(123_456);
  });
});
