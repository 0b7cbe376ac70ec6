import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFacebookSimulator } from '@app/simulators/oauth/facebook-simulator';
import { ERRORS } from '@app/contracts/errors';
import { ACCOUNT_PATHS, API_BASE, MEMBER_PATHS, PAYMENT_PATHS } from '@app/contracts/paths';
import { callApi, newMobile, registerMember, type Answer } from '../../../../test/api-client.ts';
import { depositByMpesa, newMember, payChannelId, TEST_PHOTO } from '../../../../test/factory.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

/**
 * Self-exclusion for a chosen time, matched on identity (issue 25 §3; docs/compliance.md "Breaks that
 * hold"): the person, not only the account, is refused until it ends, through a new number, a new
 * device, a social login, another account's identity verification or an M-Pesa number they used; after
 * the end the account and the person come back.
 */
const FACEBOOK_USER = '10160418820375901';
let ctx: TestApp;
let facebook: FastifyInstance;
let facebookUrl: string;

beforeAll(async () => {
  facebook = createFacebookSimulator({
    clientId: 'test-app',
    clientSecret: 'test-secret',
    allowAutoLogin: true,
    users: [{ id: FACEBOOK_USER, name: 'Achieng Odhiambo' }],
  });
  facebookUrl = await facebook.listen({ port: 0, host: '127.0.0.1' });
  ctx = await createTestApp(
    {
      SOCIAL_CLIENT_ID: 'test-app',
      SOCIAL_CLIENT_SECRET: 'test-secret',
      SOCIAL_AUTH_BASE_URL: facebookUrl,
      SOCIAL_GRAPH_BASE_URL: facebookUrl,
    },
    { listen: true },
  );
});
afterAll(async () => {
  await ctx.close();
  await facebook.close();
});

let devices = 0;
const newDevice = () => `exclusion-device-${(devices += 1)}-${Date.now()}`;

function exclude(member: { token: string }, months?: number): Promise<Answer> {
  return callApi(ctx, MEMBER_PATHS.selfExclusion, {
    token: member.token,
    form: { content: 'Pause2026', ...(months === undefined ? {} : { months: String(months) }) },
  });
}

const login = (mobile: string, deviceId?: string) =>
  callApi(ctx, MEMBER_PATHS.login, {
    form: { mobile, password: 'secret12' },
    ...(deviceId ? { deviceId } : {}),
  });

/** As if the exclusion's months had passed (the database's clock judges it). */
async function endExclusionsOf(memberId: number): Promise<void> {
  await sql`update self_exclusion set ends_at = now() - interval '1 second' where member_id = ${memberId}`.execute(
    ctx.db,
  );
}

function expectExcludedUntil(answer: Answer, endsAt: number): void {
  expect(answer.code, answer.msg).toBe(ERRORS.SELF_EXCLUDED.code);
  expect(answer.msg).toContain(new Date(endsAt).toISOString());
}

/** A social login through the Facebook simulator as `user` from `deviceId`: where the app is sent back to. */
async function socialLogin(user: string, deviceId?: string): Promise<URL> {
  const authorize = `${API_BASE}${MEMBER_PATHS.socialAuthorize.replace(':provider', 'facebook')}`;
  const start = await ctx.app.inject({ method: 'GET', url: authorize });
  const dialog = new URL(start.headers.location as string);
  dialog.searchParams.set('auto_user', user);
  const answer = await fetch(dialog, { redirect: 'manual' });
  const callback = new URL(answer.headers.get('location') as string);
  const response = await ctx.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: deviceId ? { deviceid: deviceId } : {},
  });
  return new URL(response.headers.location as string, 'http://app');
}

describe('a self-exclusion for a chosen time', () => {
  it('is offered within the market’s range or for good, and a missing length is for good', async () => {
    const player = await newMember(ctx);
    for (const months of [1, 5, 61]) {
      expect((await exclude(player, months)).code, String(months)).toBe(ERRORS.SELF_EXCLUSION_LENGTH.code);
    }
    expect((await exclude(player, 'six' as unknown as number)).status).toBe(400);
    const forGood = await exclude(player);
    expect(forGood.code, forGood.msg).toBe(0);
    expect(forGood.data).toEqual({ endsAt: null });
    expect((await login(player.mobile)).code).toBe(ERRORS.SELF_EXCLUDED_PERMANENTLY.code);
  });

  it('closes the account for six months, then the first login after the end opens it again', async () => {
    const player = await newMember(ctx);
    const excluded = await exclude(player, 6);
    expect(excluded.code, excluded.msg).toBe(0);
    const days = (excluded.data.endsAt - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(180);
    expect(days).toBeLessThan(185);
    expect((await callApi(ctx, ACCOUNT_PATHS.balance, { method: 'GET', token: player.token })).status).toBe(
      401,
    );
    expectExcludedUntil(await login(player.mobile), excluded.data.endsAt);

    await endExclusionsOf(player.id);
    const back = await login(player.mobile);
    expect(back.code, back.msg).toBe(0);
    const balance = await callApi(ctx, ACCOUNT_PATHS.balance, { method: 'GET', token: back.data.token });
    expect(balance.code, balance.msg).toBe(0);
  });
});

describe('the same person, under another account', () => {
  it('cannot register a new number from the excluded device, nor log in to another account from it, until the end', async () => {
    const device = newDevice();
    const player = await newMember(ctx, { deviceId: device });
    const endsAt = (await exclude(player, 12)).data.endsAt as number;

    const number = newMobile();
    const code = await callApi(ctx, MEMBER_PATHS.sendSms, {
      form: { mobile: number.mobile, type: 'register' },
      deviceId: device,
    });
    expectExcludedUntil(code, endsAt);
    // A code asked from elsewhere does not open the door to the excluded device either.
    expect(
      (await callApi(ctx, MEMBER_PATHS.sendSms, { form: { mobile: number.mobile, type: 'register' } })).code,
    ).toBe(0);
    const smsCode = await ctx.sms.latestCode(number.e164);
    const register = () =>
      callApi(ctx, MEMBER_PATHS.register, {
        form: { mobile: number.mobile, password: 'secret12', confirmPassword: 'secret12', smsCode },
        deviceId: device,
      });
    expectExcludedUntil(await register(), endsAt);

    const other = await newMember(ctx);
    expectExcludedUntil(await login(other.mobile, device), endsAt);
    expect((await login(other.mobile, newDevice())).code).toBe(0);

    await endExclusionsOf(player.id);
    // The refused registration left the code unused, for the attempt after the end.
    const after = await register();
    expect(after.code, after.msg).toBe(0);
  });

  it('cannot come back through a new number and a new device with the same ID number', async () => {
    const idNumber = String(30_000_000 + Math.floor(Math.random() * 1_000_000) * 10);
    const player = await newMember(ctx, { idNumber });
    const endsAt = (await exclude(player, 6)).data.endsAt as number;

    const again = await newMember(ctx, { idNumber, kyc: 'pending', deviceId: newDevice() });
    const verify = await callApi(ctx, ACCOUNT_PATHS.kycVerify, {
      token: again.token,
      json: { photo: TEST_PHOTO },
    });
    expectExcludedUntil(verify, endsAt);
  });

  it('cannot log in with the excluded account’s social login, nor register a new number with it', async () => {
    const user = FACEBOOK_USER;
    const first = await socialLogin(user);
    const ticket = first.searchParams.get('ticket') as string;
    const player = await registerMember(ctx, newMobile(), { socialTicket: ticket });
    expect(player.code, player.msg).toBe(0);
    const endsAt = (await exclude(player, 24)).data.endsAt as number;

    const refused = await socialLogin(user, newDevice());
    expect(refused.pathname).toBe('/login');
    expect(refused.searchParams.get('social')).toBe('refused');
    expect(refused.searchParams.get('code')).toBe(String(ERRORS.SELF_EXCLUDED.code));
    expect(refused.searchParams.get('until')).toBe(new Date(endsAt).toISOString());

    await endExclusionsOf(Number(player.data.memberInfo.id));
    const back = await socialLogin(user, newDevice());
    expect(back.pathname).toBe('/home');
  });

  it('cannot use the M-Pesa numbers the excluded account paid with, from any account', async () => {
    const theirPhone = newMobile('0722');
    // Another account whose number the excluded person paid from, logged in before the exclusion.
    const phoneOwner = await newMember(ctx, { number: theirPhone, cash: 500_00 });
    const player = await newMember(ctx);
    await depositByMpesa(ctx, player, 150_00, { fromNumber: theirPhone.mobile });
    const endsAt = (await exclude(player, 6)).data.endsAt as number;

    const deposit = await callApi(ctx, PAYMENT_PATHS.topUp, {
      token: phoneOwner.token,
      form: { payMoney: String(150_00), payChannel: String(await payChannelId(ctx, 'deposit')) },
    });
    expectExcludedUntil(deposit, endsAt);
    const withdrawal = await callApi(ctx, PAYMENT_PATHS.withdrawInit, {
      token: phoneOwner.token,
      form: {
        money: String(200_00),
        channel: 'MPESA',
        payChannel: String(await payChannelId(ctx, 'withdraw')),
      },
    });
    expectExcludedUntil(withdrawal, endsAt);
    expectExcludedUntil(await login(theirPhone.mobile), endsAt);
  });
});

describe('exclusions made before lengths existed', () => {
  it('stay permanent', async () => {
    const player = await newMember(ctx);
    // What migration 0087 finds: an excluded member without a record gets a permanent one.
    await sql`update member set status = 'excluded' where id = ${player.id}`.execute(ctx.db);
    await sql`insert into self_exclusion (member_id) values (${player.id})`.execute(ctx.db);
    expect((await login(player.mobile)).code).toBe(ERRORS.SELF_EXCLUDED_PERMANENTLY.code);
  });
});

describe('the exclusion gathers', () => {
  it('the login number, the ID number, every device and every M-Pesa number of the account', async () => {
    const deviceA = newDevice();
    const deviceB = newDevice();
    const idNumber = String(40_000_000 + Math.floor(Math.random() * 1_000_000) * 10);
    const player = await newMember(ctx, { deviceId: deviceA, idNumber });
    const second = await login(player.mobile, deviceB);
    expect(second.code).toBe(0);
    await exclude({ token: second.data.token }, 60);
    const rows = await ctx.db
      .selectFrom('self_exclusion_identity as i')
      .innerJoin('self_exclusion as e', 'e.id', 'i.exclusion_id')
      .select(['i.kind', 'i.value'])
      .where('e.member_id', '=', player.id)
      .orderBy('i.kind')
      .orderBy('i.value')
      .execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { kind: 'phone', value: player.e164.slice(1) },
        { kind: 'identity', value: `KE:NATIONAL_ID:${idNumber}` },
        { kind: 'device', value: deviceA },
        { kind: 'device', value: deviceB },
      ]),
    );
  });
});
