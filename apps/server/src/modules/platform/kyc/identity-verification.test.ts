import { describe, expect, it } from 'vitest';
import { ERRORS } from '@app/contracts/errors';
import { ACCOUNT_PATHS, ADMIN_PATHS, GAME_PATHS, PAYMENT_PATHS } from '@app/contracts/paths';
import { callApi } from '../../../../test/api-client.ts';
import {
  gameIdOf,
  newMember,
  openMemberGameSession,
  TEST_PHOTO,
  verifyIdentity,
  type TestMember,
} from '../../../../test/factory.ts';
import { staffSession } from '../../../../test/staff-session.ts';
import { createTestApp, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { diceBet } from '../../../../test/dice-session.ts';

const ctx = useTestApp();

let ids = 0;
/** A Kenyan national ID (8 digits) ending in `digit`, the simulator's deciding digit. */
function nationalId(digit: number): string {
  ids += 1;
  return `${String(3_000_000 + ids * 7)}${digit}`;
}

const verify = (app: TestApp, member: Pick<TestMember, 'token'>, photo = TEST_PHOTO) =>
  callApi(app, ACCOUNT_PATHS.kycVerify, { token: member.token, json: { photo } });
const record = async (app: TestApp, member: Pick<TestMember, 'token'>) =>
  (await callApi(app, ACCOUNT_PATHS.kyc, { method: 'GET', token: member.token })).data;

describe('identity verification through the service (Kenya: national ID + selfie)', () => {
  it('verifies an exact match of an adult', async () => {
    const member = await newMember(ctx, { kyc: 'pending', idNumber: nationalId(0) });
    const answer = await verify(ctx, member);
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data).toMatchObject({
      status: 'verified',
      method: 'national-id-selfie',
      reason: null,
      retryAfterSeconds: null,
    });
  });

  it('sends a photo that does not match the ID to an operator (needs-review, mismatch)', async () => {
    const member = await newMember(ctx, { kyc: 'pending', idNumber: nationalId(1) });
    expect((await verify(ctx, member)).data).toMatchObject({ status: 'needs-review', reason: 'mismatch' });
    // Under review: neither sent again nor replaced by a new form.
    expect((await verify(ctx, member)).code).toBe(ERRORS.KYC_UNDER_REVIEW.code);
    const form = await callApi(ctx, ACCOUNT_PATHS.kyc, {
      token: member.token,
      form: {
        field0: 'Achieng',
        field1: 'Otieno',
        field2: '19900305',
        field3: 'National ID',
        field4: '12345670',
      },
    });
    expect(form.code).toBe(ERRORS.KYC_UNDER_REVIEW.code);
  });

  it('rejects a member the authority says is under 18, whatever the form declared', async () => {
    const member = await newMember(ctx, { kyc: 'pending', idNumber: nationalId(2) });
    expect((await verify(ctx, member)).data).toMatchObject({ status: 'rejected', reason: 'under-age' });
  });

  it('rejects a face the service knows under another user (duplicate)', async () => {
    const member = await newMember(ctx, { kyc: 'pending', idNumber: nationalId(3) });
    const answer = await verify(ctx, member);
    expect(answer.data).toMatchObject({ status: 'rejected', reason: 'duplicate' });
    const row = await ctx.db
      .selectFrom('member_kyc')
      .select(['provider_ref', 'result_code'])
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.result_code).toBe('1023');
    expect(row.provider_ref).toMatch(/^\d{10}$/);
  });

  it('keeps the member pending when the service is unavailable, and verifies on a retry once it is back', async () => {
    const authorityDown = await newMember(ctx, { kyc: 'pending', idNumber: nationalId(4) });
    const first = await verify(ctx, authorityDown);
    expect(first.data).toMatchObject({ status: 'pending', reason: 'unavailable' });
    expect(first.data.retryAfterSeconds).toBeGreaterThan(0);

    const member = await newMember(ctx, { kyc: 'pending', idNumber: nationalId(0) });
    await ctx.identity.control({ outage: true });
    try {
      expect((await verify(ctx, member)).data).toMatchObject({ status: 'pending', reason: 'unavailable' });
      // Never verified on a guess: the gate still refuses.
      const launch = await launchDice(member);
      expect(launch.code).toBe(ERRORS.KYC_REQUIRED.code);
    } finally {
      await ctx.identity.control({ outage: false });
    }
    expect((await verify(ctx, member)).data).toMatchObject({ status: 'verified', reason: null });
  });

  it('refuses to verify before the form, after verification, or with something that is not an image', async () => {
    const nothing = await newMember(ctx, { kyc: 'none' });
    expect((await verify(ctx, nothing)).code).toBe(ERRORS.KYC_NOT_READY.code);
    const verified = await newMember(ctx);
    expect((await verify(ctx, verified)).code).toBe(ERRORS.KYC_ALREADY_VERIFIED.code);
    const pending = await newMember(ctx, { kyc: 'pending' });
    const notImage = await verify(ctx, pending, 'data:text/html;base64,PHNjcmlwdD4=');
    expect(notImage.status).toBe(400);
    expect((await record(ctx, pending)).status).toBe('pending');
  });
});

describe('one identity, one account', () => {
  it('refuses a second account with the same ID number (KYC_IDENTITY_TAKEN), and releases a rejected claim', async () => {
    const id = nationalId(0);
    const first = await newMember(ctx, { idNumber: id });
    expect((await record(ctx, first)).status).toBe('verified');
    const second = await newMember(ctx, { kyc: 'pending', idNumber: id });
    const refused = await verify(ctx, second);
    expect(refused).toMatchObject({ status: 409, code: ERRORS.KYC_IDENTITY_TAKEN.code });
    expect(await record(ctx, second)).toMatchObject({ status: 'rejected', reason: 'taken' });

    // A rejected record holds nothing: the same ID may be verified by its holder on another account.
    const underAge = nationalId(2);
    const rejected = await newMember(ctx, { kyc: 'pending', idNumber: underAge });
    expect((await verify(ctx, rejected)).data.status).toBe('rejected');
    const other = await newMember(ctx, { kyc: 'pending', idNumber: underAge });
    expect((await verify(ctx, other)).code).toBe(0);
  });

  it('lets exactly one of many accounts claim one identity when they verify at the same moment', async () => {
    const id = nationalId(0);
    const members = await Promise.all(
      Array.from({ length: 8 }, () => newMember(ctx, { kyc: 'pending', idNumber: id })),
    );
    const answers = await Promise.all(members.map((member) => verify(ctx, member)));
    const verified = answers.filter((answer) => answer.code === 0 && answer.data.status === 'verified');
    const taken = answers.filter((answer) => answer.code === ERRORS.KYC_IDENTITY_TAKEN.code);
    expect(verified).toHaveLength(1);
    expect(taken).toHaveLength(members.length - 1);
    const holders = await ctx.db
      .selectFrom('member_kyc')
      .select('member_id')
      .where('identity_key', '=', `KE:NATIONAL_ID:${id}`)
      .where('status', 'in', ['pending', 'verified', 'needs-review'])
      .execute();
    expect(holders).toHaveLength(1);
  });
});

async function launchDice(member: Pick<TestMember, 'token'>, app = ctx) {
  return callApi(app, GAME_PATHS.launch, {
    token: member.token,
    json: { id: await gameIdOf(app, 'dice'), mode: 'launch' },
  });
}

async function depositInit(app: TestApp, member: Pick<TestMember, 'token'>) {
  const channels = await callApi(app, PAYMENT_PATHS.depositChannels, { method: 'GET', token: member.token });
  const channel = (channels.data as { id: number; channelCode: string }[])[0];
  return callApi(app, PAYMENT_PATHS.depositInit, {
    token: member.token,
    form: { payMoney: '100', payChannel: String(channel?.id) },
  });
}

describe('the gate (Kenya: before play)', () => {
  it('refuses an unverified member a real-money game, a bet in an open session, a deposit and a withdrawal', async () => {
    const member = await newMember(ctx, { kyc: 'none', cash: 500_00 });
    expect((await launchDice(member)).code).toBe(ERRORS.KYC_REQUIRED.code);
    // A session opened before (or around the launch) bets nothing either: the check is at every bet.
    const { token: session } = await openMemberGameSession(ctx, member.id, 'dice');
    const bet = await diceBet(ctx, session, 100_00);
    expect(bet.code).toBe(ERRORS.KYC_REQUIRED.code);
    expect((await depositInit(ctx, member)).code).toBe(ERRORS.KYC_REQUIRED.code);
    const withdrawal = await callApi(ctx, PAYMENT_PATHS.withdrawInit, {
      token: member.token,
      form: { money: '20000', channel: 'MPESA', payChannel: '1' },
    });
    expect(withdrawal.code).toBe(ERRORS.KYC_REQUIRED.code);
    // A demo needs no identity: no money is at stake.
    const demo = await callApi(ctx, GAME_PATHS.launch, {
      token: member.token,
      json: { id: await gameIdOf(ctx, 'dice'), mode: 'demo' },
    });
    expect(demo.code).toBe(0);

    await callApi(ctx, ACCOUNT_PATHS.kyc, {
      token: member.token,
      form: {
        field0: 'Wanjiku',
        field1: 'Otieno',
        field2: '19900305',
        field3: 'National ID',
        field4: nationalId(0),
      },
    });
    await verifyIdentity(ctx, member);
    expect((await launchDice(member)).code).toBe(0);
    const after = await diceBet(ctx, session, 100_00);
    expect(after.code, after.msg).toBe(0);
  });
});

let brazilians = 0;
function brazilianMobile(): { mobile: string; e164: string } {
  brazilians += 1;
  const mobile = `119${String(10_000_000 + brazilians)}`;
  return { mobile, e164: `+55${mobile}` };
}

describe('the gate in Brazil (before registration: CPF + liveness) and in a market with the safest law', () => {
  it('Brazil: the account exists only verified (CPF + liveness at registration), and then moves money', async () => {
    const brazil = await createTestApp({ COUNTRY: 'BR' });
    try {
      // The factory registers with the CPF and the selfie (member/registration-identity.test.ts).
      const member = await newMember(brazil, { number: brazilianMobile() });
      expect((await record(brazil, member)).status).toBe('verified');
      expect((await launchDice(member, brazil)).code).not.toBe(ERRORS.KYC_REQUIRED.code);
      expect((await verify(brazil, member)).code).toBe(ERRORS.KYC_ALREADY_VERIFIED.code);
    } finally {
      await brazil.close();
    }
  });

  it('Ghana (safest: documents reviewed before play): the photo goes to an operator, whose approval opens play', async () => {
    const ghana = await createTestApp({ COUNTRY: 'GH' });
    try {
      const member = await newMember(ghana, {
        kyc: 'pending',
        number: { mobile: '0241000002', e164: '+233241000002' },
        idNumber: 'GHA-123456780-0',
      });
      expect((await launchDice(member, ghana)).code).toBe(ERRORS.KYC_REQUIRED.code);
      expect((await verify(ghana, member)).data).toMatchObject({
        status: 'needs-review',
        method: 'document-review',
      });
      expect((await launchDice(member, ghana)).code).toBe(ERRORS.KYC_REQUIRED.code);
      const { headers } = await staffSession(ghana, ['support']);
      const approved = await callApi(ghana, ADMIN_PATHS.kycApprove.replace(':memberId', String(member.id)), {
        headers,
      });
      expect(approved.data).toEqual({ memberId: member.id, status: 'verified' });
      expect((await launchDice(member, ghana)).code).not.toBe(ERRORS.KYC_REQUIRED.code);
    } finally {
      await ghana.close();
    }
  });
});

describe('the operators’ review queue', () => {
  it('lists needs-review, approves, rejects with a note the player reads, audited, behind kyc permissions', async () => {
    const waiting = await newMember(ctx, { kyc: 'pending', idNumber: nationalId(1) });
    const refused = await newMember(ctx, { kyc: 'pending', idNumber: nationalId(1) });
    await verify(ctx, waiting);
    await verify(ctx, refused);

    const viewer = await staffSession(ctx, ['viewer']);
    const list = await callApi(ctx, ADMIN_PATHS.kycReviews, { method: 'GET', headers: viewer.headers });
    const listed = (list.data as { memberId: number }[]).map((item) => item.memberId);
    expect(listed).toEqual(expect.arrayContaining([waiting.id, refused.id]));
    expect(list.data.find((item: { memberId: number }) => item.memberId === waiting.id)).toMatchObject({
      method: 'national-id-selfie',
      reason: 'mismatch',
      resultCode: '1022',
      values: { firstName: 'Wanjiku' },
    });
    const path = (template: string, id: number) => template.replace(':memberId', String(id));
    const notAllowed = await callApi(ctx, path(ADMIN_PATHS.kycApprove, waiting.id), {
      headers: viewer.headers,
    });
    expect(notAllowed.status).toBe(403);
    expect((await callApi(ctx, ADMIN_PATHS.kycReviews, { method: 'GET' })).status).toBe(401);

    const support = await staffSession(ctx, ['support']);
    const approved = await callApi(ctx, path(ADMIN_PATHS.kycApprove, waiting.id), {
      headers: support.headers,
    });
    expect(approved.data).toEqual({ memberId: waiting.id, status: 'verified' });
    expect((await record(ctx, waiting)).status).toBe('verified');
    // Decided once: a second decision finds nothing in review.
    const again = await callApi(ctx, path(ADMIN_PATHS.kycApprove, waiting.id), { headers: support.headers });
    expect(again.code).toBe(ERRORS.NOT_FOUND.code);

    const note = 'The photo is too dark: please send a clear selfie in daylight';
    const short = await callApi(ctx, path(ADMIN_PATHS.kycReject, refused.id), {
      headers: support.headers,
      json: { note: '' },
    });
    expect(short.status).toBe(400);
    const rejected = await callApi(ctx, path(ADMIN_PATHS.kycReject, refused.id), {
      headers: support.headers,
      json: { note },
    });
    expect(rejected.data).toEqual({ memberId: refused.id, status: 'rejected' });
    expect(await record(ctx, refused)).toMatchObject({ status: 'rejected', reason: 'operator', note });

    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'staff_login'])
      .where('target', 'in', [`member:${waiting.id}`, `member:${refused.id}`])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'kyc.approve', target: `member:${waiting.id}`, staff_login: support.login },
      { action: 'kyc.reject', target: `member:${refused.id}`, staff_login: support.login },
    ]);
    const after = await callApi(ctx, ADMIN_PATHS.kycReviews, { method: 'GET', headers: viewer.headers });
    const still = (after.data as { memberId: number }[]).map((item) => item.memberId);
    expect(still).not.toContain(waiting.id);
    expect(still).not.toContain(refused.id);
  });
});
