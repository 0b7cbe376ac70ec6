import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFacebookSimulator } from '@app/simulators/oauth/facebook-simulator';
import { ERRORS } from '@app/contracts/errors';
import { cpfOf } from '@app/contracts/kyc';
import { ACCOUNT_PATHS, API_BASE, MEMBER_PATHS } from '@app/contracts/paths';
import { callApi, registerMember } from '../../../../test/api-client.ts';
import { REGISTRATION_LIMITS, registrationIdentityFor, TEST_PHOTO } from '../../../../test/factory.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { getAppSettings } from '../config/config.service.ts';

/**
 * Registration where the market verifies identity before the account exists and has the player choose limits
 * at registration (issue 25 §1 §2): Brazil's profile, CPF and liveness. The identity simulator answers by the
 * CPF's ninth digit: 1 mismatch, 2 under-age, 3 duplicate, 4 unavailable, others a match.
 */
let brazil: TestApp;
let facebook: FastifyInstance;

beforeAll(async () => {
  facebook = createFacebookSimulator({
    clientId: 'test-app',
    clientSecret: 'test-secret',
    allowAutoLogin: true,
  });
  const facebookUrl = await facebook.listen({ port: 0, host: '127.0.0.1' });
  brazil = await createTestApp({
    COUNTRY: 'BR',
    SOCIAL_CLIENT_ID: 'test-app',
    SOCIAL_CLIENT_SECRET: 'test-secret',
    SOCIAL_AUTH_BASE_URL: facebookUrl,
    SOCIAL_GRAPH_BASE_URL: facebookUrl,
  });
});
afterAll(async () => {
  await brazil.close();
  await facebook.close();
});

let mobiles = 0;
function brazilianMobile(): { mobile: string; e164: string } {
  mobiles += 1;
  const mobile = `119${String(20_000_000 + mobiles)}`;
  return { mobile, e164: `+55${mobile}` };
}

let addresses = 0;
/** An address per registration, so the SMS codes per address per hour never run out in this file. */
function newAddress(): string {
  addresses += 1;
  return `10.55.${addresses >> 8}.${addresses & 255}`;
}

type RegisterOptions = NonNullable<Parameters<typeof registerMember>[2]>;
const register = (number: { mobile: string; e164: string }, options: RegisterOptions) =>
  registerMember(brazil, number, { ip: newAddress(), ...options });

let bases = 0;
/** A valid CPF whose ninth digit, the simulator's deciding one, is `digit`. */
function cpfDeciding(digit: number): string {
  bases += 1;
  return cpfOf(`${String(70_000_000 + bases)}${digit}`);
}

const market = () => getAppSettings(brazil.env).country;
const identityWith = (cpf: string) => registrationIdentityFor(market(), cpf);

async function membersWith(mobiles: string[]): Promise<number> {
  const rows = await brazil.db.selectFrom('member').select('id').where('mobile', 'in', mobiles).execute();
  return rows.length;
}

async function kycRecordsOf(cpf: string): Promise<number> {
  const rows = await brazil.db
    .selectFrom('member_kyc')
    .select('member_id')
    .where('identity_key', '=', `BR:CPF:${cpf}`)
    .execute();
  return rows.length;
}

describe('registration on a market that verifies identity before the account exists (Brazil)', () => {
  it('creates the account verified, with the identity claimed and the limits chosen, on a match', async () => {
    const cpf = cpfDeciding(0);
    const number = brazilianMobile();
    const registered = await register(number, {
      identity: identityWith(cpf),
      limits: [...REGISTRATION_LIMITS, { name: 'loss:day', amount: 50_00 }],
    });
    expect(registered.code, registered.msg).toBe(0);
    const record = await callApi(brazil, ACCOUNT_PATHS.kyc, { method: 'GET', token: registered.token });
    expect(record.data).toMatchObject({
      status: 'verified',
      method: 'cpf-liveness',
      values: { IdCardNumber: cpf, firstName: 'Wanjiku', dateOfBirth: '19900305' },
    });
    expect(await kycRecordsOf(cpf)).toBe(1);
    const limits = await callApi(brazil, ACCOUNT_PATHS.limits, { method: 'GET', token: registered.token });
    const inForce = Object.fromEntries(
      (limits.data.limits as { name: string; amount: number | null }[]).map((limit) => [
        limit.name,
        limit.amount,
      ]),
    );
    expect(inForce).toMatchObject({ 'deposit:month': REGISTRATION_LIMITS[0]?.amount, 'loss:day': 50_00 });
  });

  it.each([
    [1, 'REGISTRATION_IDENTITY_MISMATCH'],
    [2, 'REGISTRATION_UNDER_AGE'],
    [3, 'REGISTRATION_IDENTITY_DUPLICATE'],
    [4, 'REGISTRATION_IDENTITY_UNAVAILABLE'],
  ] as const)(
    'creates nothing when the service answers %i (%s), and the SMS code still serves a corrected attempt',
    async (digit, refusal) => {
      const cpf = cpfDeciding(digit);
      const number = brazilianMobile();
      const refused = await register(number, {
        identity: identityWith(cpf),
        limits: REGISTRATION_LIMITS,
      });
      expect(refused.code, refused.msg).toBe(ERRORS[refusal].code);
      expect(await membersWith([number.mobile])).toBe(0);
      expect(await kycRecordsOf(cpf)).toBe(0);

      // The same code, not used up by the refusal, registers with an identity the service matches.
      const code = await brazil.sms.latestCode(number.e164);
      const corrected = await callApi(brazil, MEMBER_PATHS.register, {
        json: {
          mobile: number.mobile,
          password: 'secret12',
          confirmPassword: 'secret12',
          smsCode: code,
          identity: identityWith(cpfDeciding(0)),
          limits: REGISTRATION_LIMITS,
        },
      });
      expect(corrected.code, corrected.msg).toBe(0);
    },
  );

  it('asks for the identity and the limits, and checks the CPF’s check digits, before anything is created', async () => {
    const withoutIdentity = brazilianMobile();
    expect((await register(withoutIdentity, { limits: REGISTRATION_LIMITS })).code).toBe(
      ERRORS.REGISTRATION_IDENTITY_REQUIRED.code,
    );
    const withoutLimits = brazilianMobile();
    expect((await register(withoutLimits, { identity: identityWith(cpfDeciding(0)) })).code).toBe(
      ERRORS.REGISTRATION_LIMITS_REQUIRED.code,
    );
    const badCheckDigits = brazilianMobile();
    const good = cpfDeciding(0);
    const bad = `${good.slice(0, 9)}${(Number(good[9]) + 1) % 10}${good[10]}`;
    const invalid = await register(badCheckDigits, {
      identity: identityWith(bad),
      limits: REGISTRATION_LIMITS,
    });
    expect(invalid.code).toBe(ERRORS.KYC_INVALID.code);
    const noDepositLimit = brazilianMobile();
    const refused = await register(noDepositLimit, {
      identity: identityWith(cpfDeciding(0)),
      limits: [{ name: 'stake:day', amount: 10_00 }],
    });
    expect(refused.code).not.toBe(0);
    expect(refused.status).toBe(400);
    expect(
      await membersWith([
        withoutIdentity.mobile,
        withoutLimits.mobile,
        badCheckDigits.mobile,
        noDepositLimit.mobile,
      ]),
    ).toBe(0);
  });

  it('lets one number ask the identity service only a few times an hour, so one SMS code cannot run through CPFs', async () => {
    const number = brazilianMobile();
    const sent = await callApi(brazil, MEMBER_PATHS.sendSms, {
      form: { mobile: number.mobile, type: 'register' },
      ip: newAddress(),
    });
    expect(sent.code, sent.msg).toBe(0);
    const smsCode = await brazil.sms.latestCode(number.e164);
    const attempt = () =>
      callApi(brazil, MEMBER_PATHS.register, {
        json: {
          mobile: number.mobile,
          password: 'secret12',
          confirmPassword: 'secret12',
          smsCode,
          identity: identityWith(cpfDeciding(1)),
          limits: REGISTRATION_LIMITS,
        },
        ip: newAddress(),
      });
    for (let asked = 0; asked < 5; asked += 1) {
      expect((await attempt()).code).toBe(ERRORS.REGISTRATION_IDENTITY_MISMATCH.code);
    }
    expect((await attempt()).code).toBe(ERRORS.RATE_LIMITED.code);
    expect(await membersWith([number.mobile])).toBe(0);
  });

  it('refuses a CPF another account holds', async () => {
    const cpf = cpfDeciding(0);
    expect(
      (await register(brazilianMobile(), { identity: identityWith(cpf), limits: REGISTRATION_LIMITS })).code,
    ).toBe(0);
    const second = brazilianMobile();
    const again = await register(second, { identity: identityWith(cpf), limits: REGISTRATION_LIMITS });
    expect(again.code).toBe(ERRORS.KYC_IDENTITY_TAKEN.code);
    expect(await membersWith([second.mobile])).toBe(0);
    expect(await kycRecordsOf(cpf)).toBe(1);
  });

  it('creates exactly one account from a burst of parallel registrations with one CPF', async () => {
    const cpf = cpfDeciding(0);
    const numbers = Array.from({ length: 8 }, () => brazilianMobile());
    // Each number's code first, so the registrations themselves run together.
    const codes: string[] = [];
    for (const number of numbers) {
      const sent = await callApi(brazil, MEMBER_PATHS.sendSms, {
        form: { mobile: number.mobile, type: 'register' },
        ip: newAddress(),
      });
      expect(sent.code, sent.msg).toBe(0);
      codes.push(await brazil.sms.latestCode(number.e164));
    }
    const answers = await Promise.all(
      numbers.map((number, index) =>
        callApi(brazil, MEMBER_PATHS.register, {
          json: {
            mobile: number.mobile,
            password: 'secret12',
            confirmPassword: 'secret12',
            smsCode: codes[index],
            identity: identityWith(cpf),
            limits: REGISTRATION_LIMITS,
          },
        }),
      ),
    );
    const codesAnswered = answers.map((answer) => answer.code).sort();
    expect(codesAnswered).toEqual([0, ...Array(7).fill(ERRORS.KYC_IDENTITY_TAKEN.code)]);
    expect(await membersWith(numbers.map((number) => number.mobile))).toBe(1);
    expect(await kycRecordsOf(cpf)).toBe(1);
  });

  it('takes a social login’s new account through the same steps', async () => {
    const start = await brazil.app.inject({
      method: 'GET',
      url: `${API_BASE}${MEMBER_PATHS.socialAuthorize.replace(':provider', 'facebook')}`,
    });
    const dialog = new URL(start.headers.location as string);
    dialog.searchParams.set('auto_user', '10160418820375003');
    const callback = new URL((await fetch(dialog, { redirect: 'manual' })).headers.get('location') as string);
    const back = await brazil.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    const ticket = new URL(back.headers.location as string, 'http://app').searchParams.get(
      'ticket',
    ) as string;
    expect(ticket).toBeTruthy();

    const bare = brazilianMobile();
    expect((await register(bare, { socialTicket: ticket })).code).toBe(
      ERRORS.REGISTRATION_IDENTITY_REQUIRED.code,
    );
    const mismatch = brazilianMobile();
    const refused = await register(mismatch, {
      socialTicket: ticket,
      identity: identityWith(cpfDeciding(1)),
      limits: REGISTRATION_LIMITS,
    });
    expect(refused.code).toBe(ERRORS.REGISTRATION_IDENTITY_MISMATCH.code);
    expect(await membersWith([bare.mobile, mismatch.mobile])).toBe(0);

    // Still unused: the verified registration links it.
    const registered = await register(brazilianMobile(), {
      socialTicket: ticket,
      identity: { ...identityWith(cpfDeciding(0)), photo: TEST_PHOTO },
      limits: REGISTRATION_LIMITS,
    });
    expect(registered.code, registered.msg).toBe(0);
    const linked = await brazil.db
      .selectFrom('social_identity')
      .select('member_id')
      .where('subject', '=', '10160418820375003')
      .executeTakeFirst();
    expect(Number(linked?.member_id)).toBe(registered.data.memberInfo.id);
  });
});
