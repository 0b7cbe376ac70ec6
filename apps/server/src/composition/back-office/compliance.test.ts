import { beforeAll, describe, expect, it } from 'vitest';
import {
  COMPLIANCE_PATHS,
  type LimitChange,
  type RegisterEntry,
} from '@app/contracts/back-office-compliance';
import { ERRORS } from '@app/contracts/errors';
import type { KycReview } from '@app/contracts/kyc';
import { ACCOUNT_PATHS, ADMIN_PATHS, API_BASE, MEMBER_PATHS } from '@app/contracts/paths';
import { callApi } from '../../../test/api-client.ts';
import { auditEntries, pathWith, staffGet, staffSend, useStaffSessions } from '../../../test/back-office.ts';
import { newMember, TEST_PHOTO, type TestMember } from '../../../test/factory.ts';
import type { TestStaff } from '../../../test/staff-session.ts';
import { useTestApp } from '../../../test/test-app.ts';

/**
 * The back office's identity and responsible-gambling screens (issue 26 §4): the KYC queue with the photo
 * beside the service's answer, the register of self-exclusions and time-outs, a player's limit changes.
 * Each needs its permission (refused before anything is read) and each read of identity data is audited.
 */
const ctx = useTestApp();
const [support, viewer, payments, auditor] = useStaffSessions(ctx, 'support', 'viewer', 'payments', 'admin');

const auditOf = (action: string) => auditEntries(ctx, auditor, action);

let ids = 0;
/** A Kenyan national ID ending in `digit`, the identity simulator's deciding digit (1: no match). */
const nationalId = (digit: number) => `${String(4_000_000 + (ids += 1) * 13)}${digit}`;

/** A member whose selfie the service could not match: in the operators' queue, with the photo kept. */
async function memberInReview(): Promise<TestMember> {
  const member = await newMember(ctx, { kyc: 'pending', idNumber: nationalId(1) });
  const answer = await callApi(ctx, ACCOUNT_PATHS.kycVerify, {
    token: member.token,
    json: { photo: TEST_PHOTO },
  });
  expect(answer.data).toMatchObject({ status: 'needs-review', reason: 'mismatch' });
  return member;
}

const photoPath = (memberId: number) => `${API_BASE}${pathWith(COMPLIANCE_PATHS.kycPhoto, { memberId })}`;

describe('the KYC review queue', () => {
  it('shows the photo of an attempt in review beside the service’s answer, and records each look', async () => {
    const member = await memberInReview();
    const queue = await staffGet(ctx, viewer, ADMIN_PATHS.kycReviews);
    const review = (queue.data as KycReview[]).find((entry) => entry.memberId === member.id);
    expect(review).toMatchObject({ reason: 'mismatch', resultCode: '1022', hasPhoto: true });
    expect(review?.providerRef).toBeTruthy();

    const photo = await ctx.app.inject({ method: 'GET', url: photoPath(member.id), headers: viewer.headers });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['cache-control']).toBe('private, no-store');
    expect(photo.rawPayload.equals(Buffer.from(TEST_PHOTO.split(',')[1]!, 'base64'))).toBe(true);
    const looks = await auditOf('kyc.photo.view');
    expect(looks.find((entry) => entry.target === `member:${member.id}`)).toMatchObject({
      staffLogin: viewer.login,
    });
  });

  it('keeps no photo of an attempt the service answered itself', async () => {
    const member = await newMember(ctx, { kyc: 'pending', idNumber: nationalId(0) });
    const answer = await callApi(ctx, ACCOUNT_PATHS.kycVerify, {
      token: member.token,
      json: { photo: TEST_PHOTO },
    });
    expect(answer.data).toMatchObject({ status: 'verified' });
    const row = await ctx.db
      .selectFrom('member_kyc')
      .select('photo_key')
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.photo_key).toBeNull();
    const photo = await ctx.app.inject({ method: 'GET', url: photoPath(member.id), headers: viewer.headers });
    expect(photo.json()).toMatchObject({ code: ERRORS.NOT_FOUND.code });
  });

  it('refuses the photo without kyc.read before anything is read, and logs nothing', async () => {
    const member = await memberInReview();
    const before = (await auditOf('kyc.photo.view')).length;
    const refused = await ctx.app.inject({
      method: 'GET',
      url: photoPath(member.id),
      headers: payments.headers,
    });
    expect(refused.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: photoPath(member.id) });
    expect(anonymous.statusCode).toBe(401);
    expect((await auditOf('kyc.photo.view')).length).toBe(before);
  });

  it('approves and rejects with a reason, audited, and the decided leave the queue', async () => {
    const [approved, rejected] = [await memberInReview(), await memberInReview()];
    const decide = (member: TestMember, action: 'approve' | 'reject', staff: TestStaff, note?: string) =>
      staffSend(
        ctx,
        staff,
        pathWith(action === 'approve' ? ADMIN_PATHS.kycApprove : ADMIN_PATHS.kycReject, {
          memberId: member.id,
        }),
        note === undefined ? undefined : { note },
      );
    expect((await decide(approved, 'approve', viewer)).status).toBe(403);
    expect((await decide(approved, 'approve', support)).data).toEqual({
      memberId: approved.id,
      status: 'verified',
    });
    const note = 'The photo is too dark: please send a clear selfie.';
    expect((await decide(rejected, 'reject', support, note)).data).toEqual({
      memberId: rejected.id,
      status: 'rejected',
    });
    expect((await decide(rejected, 'approve', support)).code).toBe(ERRORS.NOT_FOUND.code);

    const queue = (await staffGet(ctx, support, ADMIN_PATHS.kycReviews)).data as KycReview[];
    expect(queue.map((entry) => entry.memberId)).not.toContain(approved.id);
    expect(queue.map((entry) => entry.memberId)).not.toContain(rejected.id);
    expect(
      (await auditOf('kyc.approve')).find((entry) => entry.target === `member:${approved.id}`),
    ).toMatchObject({
      staffLogin: support.login,
      after: { status: 'verified' },
    });
    expect(
      (await auditOf('kyc.reject')).find((entry) => entry.target === `member:${rejected.id}`),
    ).toMatchObject({
      after: { status: 'rejected', note },
    });
    const record = await callApi(ctx, ACCOUNT_PATHS.kyc, { method: 'GET', token: rejected.token });
    expect(record.data).toMatchObject({ status: 'rejected', reason: 'operator', note });
  });
});

const register = (staff: TestStaff, query = '') => staffGet(ctx, staff, COMPLIANCE_PATHS.register, query);

describe('the register of self-exclusions and time-outs', () => {
  let excluded: TestMember;
  let resting: TestMember;
  const device = `register-device-${Date.now()}`;

  beforeAll(async () => {
    excluded = await newMember(ctx, { deviceId: device });
    const exclusion = await callApi(ctx, MEMBER_PATHS.selfExclusion, {
      token: excluded.token,
      form: { content: 'Pause2026', months: '6' },
    });
    expect(exclusion.code, exclusion.msg).toBe(0);
    resting = await newMember(ctx);
    const rest = await callApi(ctx, MEMBER_PATHS.takeBreak, { token: resting.token, json: { hours: 24 } });
    expect(rest.code, rest.msg).toBe(0);
  });

  it('lists who is excluded or on a time-out, since and until, with the identities an exclusion matches', async () => {
    const answer = await register(support);
    expect(answer.code, answer.msg).toBe(0);
    const entries = answer.data as RegisterEntry[];
    const exclusion = entries.find((entry) => entry.memberId === excluded.id);
    expect(exclusion).toMatchObject({
      kind: 'self-exclusion',
      months: 6,
      inForce: true,
      mobile: excluded.mobile,
    });
    const months = (Date.parse(exclusion!.until!) - Date.parse(exclusion!.since)) / (30 * 86_400_000);
    expect(months).toBeGreaterThan(5.8);
    expect(months).toBeLessThan(6.2);
    expect(exclusion?.identities).toEqual(
      expect.arrayContaining([
        { kind: 'phone', value: excluded.e164.replace('+', '') },
        { kind: 'device', value: device },
      ]),
    );
    const timeOut = entries.find((entry) => entry.memberId === resting.id);
    expect(timeOut).toMatchObject({ kind: 'time-out', inForce: true, months: null, identities: [] });
    expect(Date.parse(timeOut!.until!) - Date.parse(timeOut!.since)).toBeCloseTo(24 * 3_600_000, -4);
  });

  it('filters by kind, member and a recorded identity (a phone as typed with its plus)', async () => {
    const kinds = (answer: { data: RegisterEntry[] }) => new Set(answer.data.map((entry) => entry.kind));
    expect(kinds(await register(support, '?kind=time-out'))).toEqual(new Set(['time-out']));
    expect(kinds(await register(support, '?kind=self-exclusion'))).toEqual(new Set(['self-exclusion']));
    const byMember = (await register(support, `?memberId=${resting.id}&state=all`)).data as RegisterEntry[];
    expect(byMember.map((entry) => entry.memberId)).toEqual([resting.id]);
    const byPhone = (await register(support, `?identity=${encodeURIComponent(excluded.e164)}`))
      .data as RegisterEntry[];
    expect(byPhone.map((entry) => entry.memberId)).toEqual([excluded.id]);
    const byDevice = (await register(support, `?identity=${device}`)).data as RegisterEntry[];
    expect(byDevice.map((entry) => entry.memberId)).toEqual([excluded.id]);
    expect((await register(support, '?kind=everything')).status).toBe(400);
  });

  it('records each read with its filter, and refuses one without players.read before reading', async () => {
    await register(payments, `?memberId=${excluded.id}`);
    expect(
      (await auditOf('register.read')).find((entry) => entry.staffLogin === payments.login),
    ).toMatchObject({
      after: { filter: { memberId: excluded.id, state: 'in-force' }, count: 1 },
    });
    const before = (await auditOf('register.read')).length;
    const refused = await register(viewer, '?kind=everything');
    expect(refused.status).toBe(403);
    expect((await callApi(ctx, COMPLIANCE_PATHS.register, { method: 'GET' })).status).toBe(401);
    expect((await auditOf('register.read')).length).toBe(before);
  });
});

describe('a player’s limit changes', () => {
  const history = (staff: TestStaff, memberId: number) =>
    staffGet(ctx, staff, pathWith(COMPLIANCE_PATHS.limitChanges, { id: memberId }));

  it('lists every change: who (player or operator), before and after, when it takes effect', async () => {
    const player = await newMember(ctx);
    const set = (limits: { name: string; amount: number | null }[]) =>
      callApi(ctx, ACCOUNT_PATHS.limits, { token: player.token, json: { limits } });
    expect((await set([{ name: 'deposit:day', amount: 50_000 }])).code).toBe(0);
    expect((await set([{ name: 'deposit:day', amount: 80_000 }])).code).toBe(0);
    const lowered = await staffSend(ctx, support, pathWith(ADMIN_PATHS.memberLimits, { id: player.id }), {
      name: 'deposit:day',
      amount: 20_000,
      reason: 'Asked on the phone to support',
    });
    expect(lowered.code, lowered.msg).toBe(0);

    const answer = await history(payments, player.id);
    expect(answer.code, answer.msg).toBe(0);
    const changes = answer.data as LimitChange[];
    expect(changes.map(({ by, from, to, staffLogin }) => ({ by, from, to, staffLogin }))).toEqual([
      { by: 'operator', from: 50_000, to: 20_000, staffLogin: support.login },
      { by: 'player', from: 50_000, to: 80_000, staffLogin: null },
      { by: 'player', from: null, to: 50_000, staffLogin: null },
    ]);
    const [operator, raise, first] = changes as [LimitChange, LimitChange, LimitChange];
    expect(operator.reason).toBe('Asked on the phone to support');
    // A first limit and a lowering at once; a raise after the market's cooling-off (24 hours in Kenya).
    expect(Date.parse(first.appliesAt) - Date.parse(first.requestedAt)).toBeLessThan(60_000);
    expect(Date.parse(raise.appliesAt) - Date.parse(raise.requestedAt)).toBeCloseTo(24 * 3_600_000, -4);
    expect(Date.parse(operator.appliesAt) - Date.parse(operator.requestedAt)).toBeLessThan(60_000);

    expect(
      (await auditOf('player.limits.history')).find((entry) => entry.target === `member:${player.id}`),
    ).toMatchObject({
      staffLogin: payments.login,
    });
  });

  it('refuses one without players.read (401 without a session) and answers 1004 for an unknown player', async () => {
    const player = await newMember(ctx);
    expect((await history(viewer, player.id)).status).toBe(403);
    expect(
      (await callApi(ctx, pathWith(COMPLIANCE_PATHS.limitChanges, { id: player.id }), { method: 'GET' }))
        .status,
    ).toBe(401);
    expect((await history(support, 999_999_999)).code).toBe(ERRORS.NOT_FOUND.code);
  });
});
