import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { ACCOUNT_PATHS, ADMIN_PATHS, API_BASE, MEMBER_PATHS, REFERRAL_PATHS } from '@app/contracts/paths';
import { callApi } from '../../../../test/api-client.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { staffSession } from '../../../../test/staff-session.ts';
import {
  configureProgramme,
  depositByMpesa,
  newMember,
  payDeposit,
  placeBet,
} from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { getBalances } from '../../platform/wallet/wallet.service.ts';
import { loadProgramme } from '../kit/programmes.ts';
import { referralProgress, payDueReferrals, payReferral, REFERRAL } from './referral.service.ts';

/**
 * The referral programme through the app (docs/promotions.md "Invitation and referral"): the invitation
 * link's visit, registration with the guid code, qualification from the money facts, the hold, the caps,
 * the abuse signals (device, M-Pesa number, KYC id refuse; an address only flags), blocked members, the
 * invite tasks, the operator's settings and list, Brazil.
 */
const ctx = useTestApp({}, { listen: true });
let admin: { authorization: string };
const KE = COUNTRY_PROFILES.KE;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  admin = (await staffSession(ctx, ['admin'])).headers;
});

/** PUT /api/admin/promotions/referral as the operator. */
async function putSettings(payload: object) {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `${API_BASE}${ADMIN_PATHS.promotionProgramme.replace(':code', 'referral')}`,
    headers: admin,
    payload,
  });
  return response.json() as { code: number; msg: string; data: unknown; errors?: { field: string }[] };
}

async function referralOf(inviteeId: number) {
  return ctx.db.selectFrom('referral').selectAll().where('invitee_id', '=', inviteeId).executeTakeFirst();
}

const summaryOf = async (token: string) => {
  const answer = await callApi(ctx, REFERRAL_PATHS.summary.replace(':id', '1'), { method: 'GET', token });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
};
const cashOf = async (memberId: number) => (await getBalances(ctx.db, memberId)).cash;

/** Deposit and stakes that meet the default thresholds (KES 100 each), counted by the consumer. */
async function qualify(memberId: number) {
  await payDeposit(ctx, memberId, 200_00);
  await placeBet(ctx, memberId, 150_00);
  await referralProgress(KE).catchUp(ctx.db);
}

describe('invitation link and registration', () => {
  it('gives each member a stable code on the profile and counts link visits per channel', async () => {
    const referrer = await newMember(ctx);
    expect(referrer.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    const profile = await callApi(ctx, ACCOUNT_PATHS.memberById, { method: 'GET', token: referrer.token });
    expect(profile.data.inviteCode).toBe(referrer.inviteCode);

    for (const channel of ['4', '4', '1']) {
      const visit = await callApi(ctx, REFERRAL_PATHS.visit, {
        form: { code: referrer.inviteCode, channel },
      });
      expect(visit.data).toEqual({ valid: true });
    }
    const unknown = await callApi(ctx, REFERRAL_PATHS.visit, { form: { code: 'NOPE2345', channel: '1' } });
    expect(unknown.data).toEqual({ valid: false });
    for (const bad of [
      { code: referrer.inviteCode, channel: '6' },
      { code: '<script>', channel: '1' },
    ]) {
      const refused = await callApi(ctx, REFERRAL_PATHS.visit, { form: bad });
      expect(refused.code).toBe(ERRORS.BAD_REQUEST.code);
      expect(refused.status).toBe(400);
    }
    const visits = await ctx.db
      .selectFrom('referral_visit')
      .select(['channel', 'visits'])
      .where('referrer_id', '=', referrer.id)
      .orderBy('channel')
      .execute();
    expect(visits).toEqual([
      { channel: 1, visits: 1 },
      { channel: 4, visits: 2 },
    ]);
  });

  it('attaches the guid code of the link to the new member, with its channel, and shows the friend', async () => {
    const referrer = await newMember(ctx);
    const friend = await newMember(ctx, { guidCode: `${referrer.inviteCode.toLowerCase()}.4` });
    expect(await referralOf(friend.id)).toMatchObject({
      referrer_id: referrer.id,
      channel: 4,
      state: 'registered',
    });
    // A typed code invites too (channel 0); an unknown guid code is ignored, an unknown typed code refused.
    const typed = await newMember(ctx, { inviteCode: referrer.inviteCode });
    expect(await referralOf(typed.id)).toMatchObject({ referrer_id: referrer.id, channel: 0 });
    const stray = await newMember(ctx, { guidCode: 'ZZZZZZZZ.2' });
    expect(await referralOf(stray.id)).toBeUndefined();

    const summary = await summaryOf(referrer.token);
    expect(summary).toMatchObject({ enable: true, inviteCode: referrer.inviteCode, rewarded: 0 });
    expect(summary.invitees).toHaveLength(2);
    expect(summary.invitees.map((invitee: { channel: number }) => invitee.channel).sort()).toEqual([0, 4]);
    expect(summary.invitees[0].mobile).toMatch(/^\d{4}\*{4}\d{2}$/);
    // A visitor sees the terms, no code and no friends.
    const visitor = await callApi(ctx, REFERRAL_PATHS.summary.replace(':id', '1'), { method: 'GET' });
    expect(visitor.data).toMatchObject({
      inviteCode: '',
      invitees: [],
      reward: REFERRAL.defaults.settings.reward,
    });
    const other = await callApi(ctx, REFERRAL_PATHS.summary.replace(':id', '2'), { method: 'GET' });
    expect(other.code).toBe(ERRORS.ACTIVITY_INVALID.code);
  });
});

describe('qualification, hold and payment', () => {
  it('pays the referrer once, after deposit, wagering and the hold, from the referral budget', async () => {
    await configureProgramme(ctx, 'referral', { holdDays: 3 });
    const referrer = await newMember(ctx);
    const friend = await newMember(ctx, { guidCode: `${referrer.inviteCode}.1` });
    await payDeposit(ctx, friend.id, 200_00);
    await placeBet(ctx, friend.id, 60_00);
    await referralProgress(KE).catchUp(ctx.db);
    expect(await referralOf(friend.id)).toMatchObject({
      state: 'registered',
      deposited: 200_00,
      wagered: 60_00,
    });

    await placeBet(ctx, friend.id, 40_00);
    await referralProgress(KE).catchUp(ctx.db);
    const qualified = await referralOf(friend.id);
    expect(qualified).toMatchObject({ state: 'qualified', cash: 50_00, wagered: 100_00 });
    const dueAt = qualified!.due_at!.getTime();
    expect(dueAt - qualified!.qualified_at!.getTime()).toBe(3 * DAY);

    // Before the hold ends nothing is paid.
    const before = await cashOf(referrer.id);
    expect((await payDueReferrals(ctx.db, KE, new Date(dueAt - 1000))).paid).toBe(0);
    expect(await cashOf(referrer.id)).toBe(before);
    expect((await payDueReferrals(ctx.db, KE, new Date(dueAt + 1000))).paid).toBe(1);
    expect(await cashOf(referrer.id)).toBe(before + 50_00);
    // Run again: nothing more.
    expect((await payDueReferrals(ctx.db, KE, new Date(dueAt + 2000))).paid).toBe(0);
    expect(await cashOf(referrer.id)).toBe(before + 50_00);
    const payments = await ctx.db
      .selectFrom('journal_transaction')
      .select('idempotency_key')
      .where('idempotency_key', 'like', `promo:referral:friend:${friend.id}:%`)
      .execute();
    expect(payments).toHaveLength(1);

    const summary = await summaryOf(referrer.token);
    expect(summary).toMatchObject({ rewarded: 1, earned: { cash: 50_00, coins: 0 } });
    expect(summary.invitees[0]).toMatchObject({ state: 'paid', paidAt: expect.any(String) });
    const rewards = await callApi(ctx, REFERRAL_PATHS.rewards.replace(':id', '1'), {
      method: 'GET',
      token: referrer.token,
    });
    expect(rewards.data).toEqual([
      {
        kind: 'friend',
        label: expect.stringMatching(/\*{4}/),
        cash: 50_00,
        coins: 0,
        paidAt: expect.any(String),
      },
    ]);
    await expectLedgerInvariants(ctx.db);
    await configureProgramme(ctx, 'referral');
  });

  it('keeps to the per-day cap: a friend due beyond it is capped, with the reason', async () => {
    await configureProgramme(ctx, 'referral', { holdDays: 0, caps: { perDay: 1, perMonth: 50, total: 500 } });
    const referrer = await newMember(ctx);
    const first = await newMember(ctx, { inviteCode: referrer.inviteCode });
    const second = await newMember(ctx, { inviteCode: referrer.inviteCode });
    await qualify(first.id);
    await qualify(second.id);
    const outcome = await payDueReferrals(ctx.db, KE);
    expect(outcome).toMatchObject({ paid: 1, capped: 1 });
    const states = [(await referralOf(first.id))!, (await referralOf(second.id))!].map((row) => [
      row.state,
      row.reason,
    ]);
    expect(states).toContainEqual(['paid', null]);
    expect(states).toContainEqual(['capped', 'cap-day']);
    await configureProgramme(ctx, 'referral');
  });

  it('pays nothing to a referrer who self-excluded before the payment', async () => {
    await configureProgramme(ctx, 'referral', { holdDays: 0 });
    const referrer = await newMember(ctx);
    const friend = await newMember(ctx, { inviteCode: referrer.inviteCode });
    await qualify(friend.id);
    const excluded = await callApi(ctx, MEMBER_PATHS.selfExclusion, {
      token: referrer.token,
      form: { content: 'Pause123' },
    });
    expect(excluded.code, excluded.msg).toBe(0);
    const before = await cashOf(referrer.id);
    expect((await payDueReferrals(ctx.db, KE)).refused).toBe(1);
    expect(await referralOf(friend.id)).toMatchObject({ state: 'refused', reason: 'referrer-blocked' });
    expect(await cashOf(referrer.id)).toBe(before);
    await configureProgramme(ctx, 'referral');
  });

  it('pays each invite task once, when enough friends were rewarded', async () => {
    await configureProgramme(ctx, 'referral', { holdDays: 0 });
    const referrer = await newMember(ctx);
    const tasksPath = REFERRAL_PATHS.tasks.replace(':id', '1');
    const collectPath = REFERRAL_PATHS.taskCollect.replace(':id', '1');
    const early = await callApi(ctx, collectPath, { token: referrer.token, form: { taskId: '1' } });
    expect(early.code).toBe(ERRORS.INVITE_TASK_NOT_REACHED.code);
    const friend = await newMember(ctx, { inviteCode: referrer.inviteCode });
    await qualify(friend.id);
    await payDueReferrals(ctx.db, KE);
    const tasks = await callApi(ctx, tasksPath, { method: 'GET', token: referrer.token });
    expect(tasks.data.map((task: { status: number }) => task.status)).toEqual([1, 0, 0]);
    const before = await cashOf(referrer.id);
    const collects = await Promise.all(
      Array.from({ length: 5 }, () =>
        callApi(ctx, collectPath, { token: referrer.token, form: { taskId: '1' } }),
      ),
    );
    expect(collects.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(collects.filter((answer) => answer.code === ERRORS.INVITE_TASK_COLLECTED.code)).toHaveLength(4);
    expect(await cashOf(referrer.id)).toBe(before + 20_00);
    const unknown = await callApi(ctx, collectPath, { token: referrer.token, form: { taskId: '9' } });
    expect(unknown.code).toBe(ERRORS.INVITE_TASK_NOT_FOUND.code);
    const visitor = await callApi(ctx, tasksPath, { method: 'GET' });
    expect(visitor.status).toBe(401);
    await configureProgramme(ctx, 'referral');
  });
});

describe('exactly once', () => {
  it('pays a friend once and keeps the cap when payout jobs and consumers run at the same time', async () => {
    await configureProgramme(ctx, 'referral', { holdDays: 0, caps: { perDay: 1, perMonth: 50, total: 500 } });
    const referrer = await newMember(ctx);
    const friends = [
      await newMember(ctx, { inviteCode: referrer.inviteCode }),
      await newMember(ctx, { inviteCode: referrer.inviteCode }),
    ];
    for (const friend of friends) {
      await payDeposit(ctx, friend.id, 200_00);
      await placeBet(ctx, friend.id, 150_00);
    }
    // Two consumers at once count each fact once.
    await Promise.all([referralProgress(KE).catchUp(ctx.db), referralProgress(KE).catchUp(ctx.db)]);
    for (const friend of friends) {
      expect(await referralOf(friend.id)).toMatchObject({
        state: 'qualified',
        deposited: 200_00,
        wagered: 150_00,
      });
    }
    const before = await cashOf(referrer.id);
    // Payout runs and single payments of both friends at once, in both orders: one paid, one capped.
    const programme = await loadProgramme(ctx.db, REFERRAL, KE);
    const now = new Date();
    const outcomes = await Promise.all([
      ...Array.from({ length: 4 }, () => payDueReferrals(ctx.db, KE, now)),
      ...friends.flatMap((friend) =>
        Array.from({ length: 4 }, () => payReferral(ctx.db, KE, programme, friend.id, now)),
      ),
    ]);
    const count = (outcome: string) =>
      outcomes.reduce(
        (sum, each) =>
          sum + (typeof each === 'string' ? Number(each === outcome) : each[outcome as keyof typeof each]),
        0,
      );
    expect(count('paid')).toBe(1);
    expect(count('capped')).toBe(1);
    expect(await cashOf(referrer.id)).toBe(before + 50_00);
    const payments = await ctx.db
      .selectFrom('journal_transaction')
      .select('idempotency_key')
      .where('idempotency_key', 'like', `promo:referral:friend:%:${referrer.id}`)
      .execute();
    expect(payments).toHaveLength(1);
    await expectLedgerInvariants(ctx.db);
    await configureProgramme(ctx, 'referral');
  });
  it('keeps the cap when two friends’ payments meet: the referrer’s row takes them one at a time', async () => {
    await configureProgramme(ctx, 'referral', { holdDays: 0, caps: { perDay: 1, perMonth: 50, total: 500 } });
    const referrer = await newMember(ctx);
    const friends = [
      await newMember(ctx, { inviteCode: referrer.inviteCode }),
      await newMember(ctx, { inviteCode: referrer.inviteCode }),
    ];
    for (const friend of friends) await qualify(friend.id);
    const programme = await loadProgramme(ctx.db, REFERRAL, KE);
    const ids = friends.map((friend) => friend.id);
    const pay = () => Promise.all(ids.map((id) => payReferral(ctx.db, KE, programme, id, new Date())));
    let outcomes: string[];
    if (process.env.DATABASE_URL) {
      // Both payments are held at their referral row, then let go together, so each would count the
      // referrer's paid friends before the other commits were it not for the referrer's row.
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      let locked = () => {};
      const held = new Promise<void>((resolve) => (locked = resolve));
      const holder = ctx.db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('referral')
          .select('invitee_id')
          .where('invitee_id', 'in', ids)
          .forUpdate()
          .execute();
        locked();
        await gate;
      });
      await held;
      const paying = pay();
      await vi.waitFor(
        async () => {
          const waiting = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(ctx.db);
          expect(waiting.rows[0]?.n).toBe(2);
        },
        { timeout: 10_000, interval: 20 },
      );
      release();
      await holder;
      outcomes = await paying;
    } else {
      outcomes = await pay();
    }
    expect(outcomes.sort()).toEqual(['capped', 'paid']);
    await configureProgramme(ctx, 'referral');
  });
});

describe('abuse', () => {
  it('refuses a friend on the referrer’s device, and one on another friend’s device', async () => {
    await configureProgramme(ctx, 'referral', { holdDays: 0 });
    const referrer = await newMember(ctx, { deviceId: 'device-shared-1' });
    const friend = await newMember(ctx, { inviteCode: referrer.inviteCode, deviceId: 'device-shared-1' });
    await qualify(friend.id);
    expect(await referralOf(friend.id)).toMatchObject({ state: 'refused', reason: 'same-device' });

    const honest = await newMember(ctx, { inviteCode: referrer.inviteCode, deviceId: 'device-own-2' });
    const twin = await newMember(ctx, { inviteCode: referrer.inviteCode, deviceId: 'device-own-2' });
    await qualify(twin.id);
    const refused = await referralOf(twin.id);
    expect(refused).toMatchObject({ state: 'refused', reason: 'same-device' });
    expect(refused!.signals).toContainEqual({ kind: 'same-device', otherMemberId: honest.id });
    const before = await cashOf(referrer.id);
    await payDueReferrals(ctx.db, KE);
    expect(await cashOf(referrer.id)).toBe(before);
    await configureProgramme(ctx, 'referral');
  });

  it('refuses a friend whose deposit was paid from the referrer’s M-Pesa number', async () => {
    await configureProgramme(ctx, 'referral', {
      holdDays: 0,
      qualification: { minDeposit: 100_00, minWager: 0 },
    });
    const referrer = await newMember(ctx, { mobilePrefix: '0722' });
    const friend = await newMember(ctx, { inviteCode: referrer.inviteCode, mobilePrefix: '0722' });
    await depositByMpesa(ctx, referrer, 150_00);
    await depositByMpesa(ctx, friend, 150_00, { fromNumber: referrer.mobile });
    await referralProgress(KE).catchUp(ctx.db);
    expect(await referralOf(friend.id)).toMatchObject({ state: 'refused', reason: 'same-mpesa' });
    await configureProgramme(ctx, 'referral');
  });

  it('refuses a friend who submitted the referrer’s KYC id, even after qualifying (checked again at payment)', async () => {
    await configureProgramme(ctx, 'referral', { holdDays: 1 });
    // Both send their identity forms themselves (not verified by the factory).
    const referrer = await newMember(ctx, { kyc: 'none' });
    const friend = await newMember(ctx, { inviteCode: referrer.inviteCode, kyc: 'none' });
    await qualify(friend.id);
    expect(await referralOf(friend.id)).toMatchObject({ state: 'qualified' });
    const fields = await callApi(ctx, ACCOUNT_PATHS.kycFields, { method: 'GET', token: referrer.token });
    const indexOf = (name: string) =>
      fields.data.find((field: { name: string }) => field.name === name).index;
    const kycOf = (firstName: string) => ({
      [`field${indexOf('firstName')}`]: firstName,
      [`field${indexOf('surname')}`]: 'Otieno',
      [`field${indexOf('dateOfBirth')}`]: '19900101',
      [`field${indexOf('ID_TYPE')}`]: 'National ID',
      [`field${indexOf('ID_NUMBER')}`]: '12345678',
    });
    for (const [who, name] of [
      [referrer, 'Amos'],
      [friend, 'Brian'],
    ] as const) {
      const submitted = await callApi(ctx, ACCOUNT_PATHS.kyc, { token: who.token, form: kycOf(name) });
      expect(submitted.code, submitted.msg).toBe(0);
    }
    const due = (await referralOf(friend.id))!.due_at!;
    const before = await cashOf(referrer.id);
    expect((await payDueReferrals(ctx.db, KE, new Date(due.getTime() + 1000))).refused).toBe(1);
    expect(await referralOf(friend.id)).toMatchObject({ state: 'refused', reason: 'same-kyc-id' });
    expect(await cashOf(referrer.id)).toBe(before);
    await configureProgramme(ctx, 'referral');
  });

  it('only flags a friend on the referrer’s address, pays them, and shows the flag to operators', async () => {
    await configureProgramme(ctx, 'referral', { holdDays: 0 });
    const referrer = await newMember(ctx, { ip: '10.64.0.7' });
    const friend = await newMember(ctx, { inviteCode: referrer.inviteCode, ip: '10.64.0.7' });
    await qualify(friend.id);
    const before = await cashOf(referrer.id);
    await payDueReferrals(ctx.db, KE);
    expect(await cashOf(referrer.id)).toBe(before + 50_00);
    expect(await referralOf(friend.id)).toMatchObject({ state: 'paid', ip_flagged: true, reason: null });

    const list = await callApi(ctx, ADMIN_PATHS.referrals, {
      method: 'GET',
      query: '?flagged=1&size=200',
      headers: admin,
    });
    expect(list.code, list.msg).toBe(0);
    const row = list.data.list.find((each: { inviteeId: number }) => each.inviteeId === friend.id);
    expect(row).toMatchObject({
      referrerId: referrer.id,
      state: 'paid',
      ipFlagged: true,
      signals: [{ kind: 'same-ip', otherMemberId: referrer.id }],
    });
    const refused = await callApi(ctx, ADMIN_PATHS.referrals, {
      method: 'GET',
      query: '?state=refused',
      headers: admin,
    });
    expect(
      refused.data.list.every(
        (each: { state: string; reason: string }) => each.state === 'refused' && each.reason,
      ),
    ).toBe(true);
    const player = await callApi(ctx, ADMIN_PATHS.referrals, { method: 'GET', token: referrer.token });
    expect(player.status).toBe(401);
    const support = (await staffSession(ctx, ['support'])).headers;
    expect((await callApi(ctx, ADMIN_PATHS.referrals, { method: 'GET', headers: support })).status).toBe(403);
    await configureProgramme(ctx, 'referral');
  });
});

describe('settings and markets', () => {
  it('refuses settings that break the schema, naming the field', async () => {
    const answer = await putSettings({
      enabled: true,
      settings: { ...REFERRAL.defaults.settings, holdDays: -1 },
    });
    expect(answer.code).toBe(ERRORS.PROGRAMME_SETTINGS_INVALID.code);
    expect(answer.errors?.map((error) => error.field)).toContain('holdDays');
  });

  it('is off in Brazil whatever the operator sets: nothing counts, nothing pays', async () => {
    const BR = COUNTRY_PROFILES.BR;
    expect(BR.promotions.programmesOff).toContain('referral');
    await configureProgramme(ctx, 'referral', { holdDays: 0 });
    const referrer = await newMember(ctx);
    const friend = await newMember(ctx, { inviteCode: referrer.inviteCode });
    await payDeposit(ctx, friend.id, 200_00);
    await placeBet(ctx, friend.id, 200_00);
    // A Brazilian server's consumer and payout job: the facts move its cursor and count for nothing.
    await referralProgress(BR).catchUp(ctx.db);
    expect(await referralOf(friend.id)).toMatchObject({ state: 'registered', deposited: 0 });
    expect(await payDueReferrals(ctx.db, BR)).toMatchObject({ paid: 0 });
    await configureProgramme(ctx, 'referral');
  });
});
