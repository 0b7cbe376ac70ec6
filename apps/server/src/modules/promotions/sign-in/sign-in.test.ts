import { siteDayOf } from '@app/contracts/market-calendar';
import { describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES, type CountryProfile } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { DAILY_PATHS, MEMBER_PATHS } from '@app/contracts/paths';
import { codeCounts, callApi } from '../../../../test/api-client.ts';
import { countRows, configureProgramme, newMember } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { getBalances } from '../../platform/wallet/wallet.service.ts';
import { signInProgramme } from './sign-in.programme.ts';
import { cycleDayFor, previewOf } from './sign-in.rules.ts';
import { preview, sign } from './sign-in.service.ts';

/** Daily sign-in (issue 14 §3, docs/promotions.md "Daily sign-in"). */
const kenya = COUNTRY_PROFILES.KE;
const brazil = COUNTRY_PROFILES.BR;
const AMOUNTS = signInProgramme.defaults.settings.amounts;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the cycle day of a claim (pure)', () => {
  it('starts at day 1, continues from yesterday, restarts after a missed day and after day 7', () => {
    expect(cycleDayFor('2026-03-10', undefined)).toBe(1);
    expect(cycleDayFor('2026-03-10', { siteDay: '2026-03-09', cycleDay: 3 })).toBe(4);
    expect(cycleDayFor('2026-03-10', { siteDay: '2026-03-08', cycleDay: 3 })).toBe(1);
    expect(cycleDayFor('2026-03-10', { siteDay: '2026-03-09', cycleDay: 7 })).toBe(1);
    expect(cycleDayFor('2026-03-01', { siteDay: '2026-02-28', cycleDay: 6 })).toBe(7);
  });

  it('previews 7 entries: claimed days, today’s, the grand day 7', () => {
    const open = previewOf('2026-03-10', { siteDay: '2026-03-09', cycleDay: 2 }, AMOUNTS);
    expect(open.map((entry) => entry.status)).toEqual([1, 1, 0, 0, 0, 0, 0]);
    expect(open.map((entry) => entry.today)).toEqual([false, false, true, false, false, false, false]);
    expect(open.map((entry) => entry.grand)).toEqual([false, false, false, false, false, false, true]);
    expect(open.map((entry) => entry.cashBack)).toEqual(AMOUNTS);
    const done = previewOf('2026-03-10', { siteDay: '2026-03-10', cycleDay: 3 }, AMOUNTS);
    expect(done.map((entry) => entry.status)).toEqual([1, 1, 1, 0, 0, 0, 0]);
    expect(done.find((entry) => entry.today)?.day).toBe(3);
    const missed = previewOf('2026-03-10', { siteDay: '2026-03-01', cycleDay: 5 }, AMOUNTS);
    expect(missed.map((entry) => entry.status)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(missed[0]?.today).toBe(true);
  });

  it('uses the site day: before the reset hour is still yesterday', () => {
    const market: Pick<CountryProfile, 'timeZone' | 'promotions'> = {
      timeZone: 'Africa/Nairobi',
      promotions: { ...kenya.promotions, resetHour: 6 },
    };
    // 05:59 and 06:00 in Nairobi (UTC+3).
    expect(siteDayOf(new Date('2026-03-10T02:59:00Z'), market)).toBe('2026-03-09');
    expect(siteDayOf(new Date('2026-03-10T03:00:00Z'), market)).toBe('2026-03-10');
  });
});

const ctx = useTestApp();

describe('daily-bonus routes', () => {
  it('a member previews 7 days, signs day 1, is paid coins once, then sees it claimed', async () => {
    const member = await newMember(ctx);
    const before = await callApi(ctx, DAILY_PATHS.signInPreview, {
      method: 'GET',
      query: `?timestamp=${Date.now()}`,
      token: member.token,
    });
    expect(before.code).toBe(0);
    expect(before.data).toHaveLength(7);
    expect(before.data[0]).toEqual({ day: 1, status: 0, cashBack: AMOUNTS[0], today: true, grand: false });
    const signed = await callApi(ctx, DAILY_PATHS.signIn, { token: member.token });
    expect(signed.code).toBe(0);
    expect(signed.data).toMatchObject({
      day: 1,
      cashBack: AMOUNTS[0],
      asset: 'coins',
      bonusMoney: AMOUNTS[0],
    });
    const again = await callApi(ctx, DAILY_PATHS.signIn, { token: member.token });
    expect(again.code).toBe(ERRORS.SIGN_IN_ALREADY_CLAIMED.code);
    expect((await getBalances(ctx.db, member.id)).coins).toBe(AMOUNTS[0]);
    const after = await callApi(ctx, DAILY_PATHS.signInPreview, { method: 'GET', token: member.token });
    expect(after.data[0]).toMatchObject({ day: 1, status: 1, today: true });
  });

  it('shows a visitor a new cycle’s 7 days and what they pay, and asks them to log in to claim', async () => {
    const preview = await callApi(ctx, DAILY_PATHS.signInPreview, { method: 'GET' });
    expect(preview.code).toBe(0);
    expect(preview.data).toHaveLength(7);
    expect(preview.data[0]).toMatchObject({ day: 1, status: 0, today: true, cashBack: AMOUNTS[0] });
    expect(preview.data[6]).toMatchObject({ day: 7, grand: true, cashBack: AMOUNTS[6] });
    const answer = await callApi(ctx, DAILY_PATHS.signIn);
    expect(answer.status).toBe(401);
  });

  it('advances day by day, restarts at day 1 after a missed day, and after day 7', async () => {
    const member = await newMember(ctx);
    const start = new Date('2026-04-01T09:00:00Z').getTime();
    const days: number[] = [];
    for (let offset = 0; offset < 8; offset += 1) {
      days.push((await sign(ctx.db, kenya, member.id, new Date(start + offset * DAY))).day);
    }
    expect(days).toEqual([1, 2, 3, 4, 5, 6, 7, 1]);
    // Day 9 missed: day 10 starts again at 1.
    const restarted = await sign(ctx.db, kenya, member.id, new Date(start + 9 * DAY));
    expect(restarted.day).toBe(1);
    const entries = await preview(ctx.db, kenya, member.id, new Date(start + 9 * DAY + HOUR));
    expect(entries.map((entry) => entry.status)).toEqual([1, 0, 0, 0, 0, 0, 0]);
    const total = AMOUNTS.reduce((sum, amount) => sum + amount, 0) + AMOUNTS[0]! * 2;
    expect((await getBalances(ctx.db, member.id)).coins).toBe(total);
  });

  it('claims once per site day: just before and just after the reset are two days', async () => {
    const member = await newMember(ctx);
    const market = { ...kenya, promotions: { ...kenya.promotions, resetHour: 6 } };
    // 05:59 Nairobi on 2 May is still 1 May's site day; 06:00 is 2 May's.
    const first = await sign(ctx.db, market, member.id, new Date('2026-05-02T02:59:00Z'));
    expect(first).toMatchObject({ siteDay: '2026-05-01', day: 1 });
    const second = await sign(ctx.db, market, member.id, new Date('2026-05-02T03:00:00Z'));
    expect(second).toMatchObject({ siteDay: '2026-05-02', day: 2 });
    await expect(sign(ctx.db, market, member.id, new Date('2026-05-03T02:00:00Z'))).rejects.toMatchObject({
      key: 'SIGN_IN_ALREADY_CLAIMED',
    });
  });

  it('pays once under 20 parallel claims', async () => {
    const member = await newMember(ctx);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => callApi(ctx, DAILY_PATHS.signIn, { token: member.token })),
    );
    expect(codeCounts(answers)).toEqual({ 0: 1, [ERRORS.SIGN_IN_ALREADY_CLAIMED.code]: 19 });
    expect((await getBalances(ctx.db, member.id)).coins).toBe(AMOUNTS[0]);
    expect(await countRows(ctx, 'sign_in_claim', { member_id: member.id })).toBe(1);
  });

  it('gives a self-excluded member nothing and records no claim', async () => {
    const member = await newMember(ctx);
    const excluded = await callApi(ctx, MEMBER_PATHS.selfExclusion, {
      form: { content: 'Pause2026' },
      token: member.token,
    });
    expect(excluded.code).toBe(0);
    await expect(sign(ctx.db, kenya, member.id, new Date())).rejects.toMatchObject({
      key: 'PROMOTION_MEMBER_BLOCKED',
    });
    expect((await getBalances(ctx.db, member.id)).coins).toBe(0);
    expect(await countRows(ctx, 'sign_in_claim', { member_id: member.id })).toBe(0);
  });

  it('works in Brazil with no deposit condition', async () => {
    const member = await newMember(ctx);
    const signed = await sign(ctx.db, brazil, member.id, new Date());
    expect(signed).toMatchObject({ day: 1, cashBack: AMOUNTS[0] });
  });

  it('an operator’s new amounts through PUT /api/admin/promotions/sign-in pay from tomorrow', async () => {
    const member = await newMember(ctx);
    const today = new Date('2026-06-01T09:00:00Z');
    await sign(ctx.db, kenya, member.id, today);
    const amounts = [7_00, 8_00, 9_00, 10_00, 11_00, 12_00, 50_00];
    await configureProgramme(ctx, 'sign-in', { amounts, asset: 'coins' });
    const tomorrow = await sign(ctx.db, kenya, member.id, new Date(today.getTime() + DAY));
    expect(tomorrow).toMatchObject({ day: 2, cashBack: 8_00 });
    expect((await getBalances(ctx.db, member.id)).coins).toBe(AMOUNTS[0]! + 8_00);
    // Switched off: claims are refused as an invalid activity.
    await configureProgramme(ctx, 'sign-in', { amounts, asset: 'coins' }, { enabled: false });
    await expect(sign(ctx.db, kenya, member.id, new Date(today.getTime() + 2 * DAY))).rejects.toMatchObject({
      key: 'ACTIVITY_INVALID',
    });
    await configureProgramme(ctx, 'sign-in');
  });
});
