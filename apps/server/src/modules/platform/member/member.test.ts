import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@app/contracts/errors';
import { ACCOUNT_PATHS, MEMBER_PATHS } from '@app/contracts/paths';
import { callApi, newMobile, registerMember, type CallOptions } from '../../../../test/api-client.ts';
import { createTestApp, TEST_CALLBACK_SECRET, useTestApp } from '../../../../test/test-app.ts';

const ctx = useTestApp();

const call = (path: string, form?: Record<string, string>, options: Omit<CallOptions, 'form'> = {}) =>
  callApi(ctx, path, { ...options, form });
const register = (mobile: string, e164: string, password = 'secret12', ip = '10.0.0.1') =>
  registerMember(ctx, { mobile, e164 }, { password, ip });

function profileOf(token: string) {
  return call(ACCOUNT_PATHS.memberById, undefined, { token, method: 'GET' });
}

describe('registration', () => {
  it('registers with the SMS code (option 160 is on in the demo) and answers profile and token', async () => {
    const { mobile, e164 } = newMobile();
    const answer = await register(mobile, e164);
    expect(answer.code).toBe(0);
    expect(answer.data.token).toMatch(/^[\w-]{40,}$/);
    expect(answer.data.memberInfo).toMatchObject({ mobile, money: 0, levelId: 1, hasPinCode: false });
    expect(answer.data.memberInfo.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    const profile = await profileOf(answer.data.token);
    expect(profile.data.mobile).toBe(mobile);
  });

  it('stores only a hash of the token and an argon2id hash of the password', async () => {
    const { mobile, e164 } = newMobile();
    const answer = await register(mobile, e164, 'another1');
    const member = await ctx.db
      .selectFrom('member')
      .selectAll()
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    expect(member.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const sessions = await ctx.db
      .selectFrom('member_session')
      .select('token_hash')
      .where('member_id', '=', member.id)
      .execute();
    expect(sessions.map((row) => row.token_hash)).not.toContain(answer.data.token);
    expect(sessions[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a taken mobile, a bad mobile, a short password, a mismatched confirmation and a missing code', async () => {
    const { mobile, e164 } = newMobile();
    await register(mobile, e164);
    const again = await call(MEMBER_PATHS.sendSms, { mobile, type: 'register' });
    expect(again.code).toBe(ERRORS.MOBILE_EXISTS.code);
    expect(again.msg).toBe('The mobile already exists');

    const other = newMobile();
    const badMobile = await call(MEMBER_PATHS.register, {
      mobile: '12345',
      password: 'secret12',
      confirmPassword: 'secret12',
      smsCode: '123456',
    });
    expect(badMobile).toMatchObject({ code: ERRORS.INVALID_MOBILE.code, msg: 'Incorrect format of mobile' });
    const short = await call(MEMBER_PATHS.register, {
      mobile: other.mobile,
      password: 'abc',
      confirmPassword: 'abc',
      smsCode: '123456',
    });
    expect(short).toMatchObject({
      code: ERRORS.PASSWORD_RULE.code,
      msg: 'Password must be 6 to 20 characters',
    });
    const long = await call(MEMBER_PATHS.register, {
      mobile: other.mobile,
      password: 'a'.repeat(21),
      confirmPassword: 'a'.repeat(21),
      smsCode: '123456',
    });
    expect(long.code).toBe(ERRORS.PASSWORD_RULE.code);
    const mismatch = await call(MEMBER_PATHS.register, {
      mobile: other.mobile,
      password: 'secret12',
      confirmPassword: 'secret13',
      smsCode: '123456',
    });
    expect(mismatch).toMatchObject({
      code: ERRORS.PASSWORD_MISMATCH.code,
      msg: 'new and confirmed password do not match',
    });
    const noCode = await call(MEMBER_PATHS.register, {
      mobile: other.mobile,
      password: 'secret12',
      confirmPassword: 'secret12',
    });
    expect(noCode.code).toBe(ERRORS.VALIDATION.code);
    const wrongCode = await call(MEMBER_PATHS.register, {
      mobile: other.mobile,
      password: 'secret12',
      confirmPassword: 'secret12',
      smsCode: '000000',
    });
    expect(wrongCode.code).toBe(ERRORS.SMS_CODE_INVALID.code);
    expect(
      await ctx.db.selectFrom('member').select('id').where('mobile', '=', other.mobile).execute(),
    ).toEqual([]);
  });

  it('links the inviter by invite code and refuses an unknown one', async () => {
    const inviter = newMobile();
    const inviterAnswer = await register(inviter.mobile, inviter.e164);
    const invited = newMobile();
    await call(MEMBER_PATHS.sendSms, { mobile: invited.mobile, type: 'register' });
    const smsCode = await ctx.sms.latestCode(invited.e164);
    const unknown = await call(MEMBER_PATHS.register, {
      mobile: invited.mobile,
      password: 'secret12',
      confirmPassword: 'secret12',
      smsCode,
      inviteCode: 'ZZZZZZZZ',
    });
    expect(unknown.code).toBe(ERRORS.INVITE_CODE_INVALID.code);
    const answer = await call(MEMBER_PATHS.register, {
      mobile: invited.mobile,
      password: 'secret12',
      confirmPassword: 'secret12',
      smsCode,
      inviteCode: inviterAnswer.data.memberInfo.inviteCode,
      guidCode: 'guid-abc',
    });
    expect(answer.code).toBe(0);
    const row = await ctx.db
      .selectFrom('member')
      .select(['invited_by', 'guid_code'])
      .where('mobile', '=', invited.mobile)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ invited_by: inviterAnswer.data.memberInfo.id, guid_code: 'guid-abc' });
  });
});

describe('password login and sessions', () => {
  it('logs in, gives a new token at every login, and logout ends the token', async () => {
    const { mobile, e164 } = newMobile();
    const registered = await register(mobile, e164);
    const first = await call(MEMBER_PATHS.login, { mobile, password: 'secret12' });
    expect(first.code).toBe(0);
    expect(first.data.token).not.toBe(registered.data.token);
    expect((await call(MEMBER_PATHS.logout, undefined, { token: first.data.token })).code).toBe(0);
    const after = await profileOf(first.data.token);
    expect(after).toMatchObject({ status: 401, code: ERRORS.UNAUTHORIZED.code });
  });

  it('answers an unknown number and a wrong password alike', async () => {
    const { mobile, e164 } = newMobile();
    await register(mobile, e164);
    const wrong = await call(MEMBER_PATHS.login, { mobile, password: 'wrong-one' }, { ip: '10.1.0.1' });
    const unknown = await call(
      MEMBER_PATHS.login,
      { mobile: newMobile().mobile, password: 'wrong-one' },
      { ip: '10.1.0.2' },
    );
    expect(wrong).toMatchObject({ status: 400, code: ERRORS.LOGIN_FAILED.code });
    expect(unknown).toMatchObject({ status: 400, code: wrong.code, msg: wrong.msg });
  });

  it('token login answers the profile for a live token, and only for one', async () => {
    const { mobile, e164 } = newMobile();
    const registered = await register(mobile, e164);
    const again = await call(MEMBER_PATHS.loginWithToken, undefined, { token: registered.data.token });
    expect(again.code).toBe(0);
    expect(again.data.memberInfo.mobile).toBe(mobile);
    // The same session: calls the app makes meanwhile with the token keep working.
    expect(again.data.token).toBe(registered.data.token);
    expect((await profileOf(registered.data.token)).code).toBe(0);
    expect((await call(MEMBER_PATHS.loginWithToken, undefined, { token: 'made-up' })).status).toBe(401);
    await call(MEMBER_PATHS.logout, undefined, { token: registered.data.token });
    expect(
      (await call(MEMBER_PATHS.loginWithToken, undefined, { token: registered.data.token })).status,
    ).toBe(401);
  });

  it('locks an account after 5 failures with a growing delay, across addresses', async () => {
    const { mobile, e164 } = newMobile();
    await register(mobile, e164);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const failed = await call(
        MEMBER_PATHS.login,
        { mobile, password: 'wrong-one' },
        { ip: `10.2.0.${attempt}` },
      );
      expect(failed.code).toBe(ERRORS.LOGIN_FAILED.code);
    }
    // After the fifth failure the next attempt waits 2 s, even with the right password.
    const locked = await call(MEMBER_PATHS.login, { mobile, password: 'secret12' }, { ip: '10.2.0.7' });
    expect(locked).toMatchObject({ status: 429, code: ERRORS.LOGIN_LOCKED.code });
    const lock = await ctx.db
      .selectFrom('login_throttle')
      .selectAll()
      .where('key', '=', `login:mobile:${mobile}`)
      .executeTakeFirstOrThrow();
    // The refused attempt was not counted.
    expect(lock.failures).toBe(5);
  });

  it('limits failures per address too', async () => {
    const ip = '10.3.0.1';
    for (let attempt = 1; attempt <= 31; attempt += 1) {
      await call(MEMBER_PATHS.login, { mobile: newMobile().mobile, password: 'wrong-one' }, { ip });
    }
    const blocked = await call(
      MEMBER_PATHS.login,
      { mobile: newMobile().mobile, password: 'whatever' },
      { ip },
    );
    expect(blocked.code).toBe(ERRORS.LOGIN_LOCKED.code);
  });
});

describe('SMS codes', () => {
  it('sends the code in the language the player asked in: Swahili, French, English by default', async () => {
    let ip = 0;
    const codeSmsIn = async (headers: Record<string, string>) => {
      const { mobile, e164 } = newMobile();
      ip += 1;
      const sent = await call(
        MEMBER_PATHS.sendSms,
        { mobile, type: 'register' },
        { ip: `10.4.1.${ip}`, headers },
      );
      expect(sent.code, sent.msg).toBe(0);
      const [latest] = await ctx.sms.messagesTo(e164);
      return latest?.message;
    };
    const swahili = await codeSmsIn({ 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8' });
    expect(swahili).toMatch(/^\d{6} ni msimbo wako wa uthibitisho wa \S+\. Utaisha baada ya dakika 5\./);
    expect(swahili).toContain('Usimpe mtu yeyote.');
    expect(await codeSmsIn({ 'accept-language': 'fr' })).toMatch(/^\d{6} est votre code de vérification /);
    expect(await codeSmsIn({})).toMatch(/^\d{6} is your \S+ verification code\. It expires in 5 minutes\./);
  });

  it('logs in with a code read from the SMS inbox; the code works once', async () => {
    const { mobile, e164 } = newMobile();
    await register(mobile, e164);
    const sent = await call(MEMBER_PATHS.sendSms, { mobile, type: 'login' }, { ip: '10.4.0.1' });
    expect(sent.data).toEqual({ resendAfter: 60, expiresIn: 300 });
    const code = await ctx.sms.latestCode(e164);
    expect((await call(MEMBER_PATHS.checkSms, { mobile, smsCode: code, type: 'login' })).code).toBe(0);
    const loggedIn = await call(MEMBER_PATHS.loginWithSmsCode, { mobile, code });
    expect(loggedIn.code).toBe(0);
    expect(loggedIn.data.memberInfo.mobile).toBe(mobile);
    const reused = await call(MEMBER_PATHS.loginWithSmsCode, { mobile, code });
    expect(reused.code).toBe(ERRORS.SMS_CODE_INVALID.code);
  });

  it('needs exactly 6 digits', async () => {
    const { mobile } = newMobile();
    expect((await call(MEMBER_PATHS.loginWithSmsCode, { mobile, code: '12345' })).code).toBe(
      ERRORS.BAD_REQUEST.code,
    );
    expect((await call(MEMBER_PATHS.loginWithSmsCode, { mobile, code: '12345a' })).code).toBe(
      ERRORS.BAD_REQUEST.code,
    );
  });

  it('kills a code after 5 wrong tries, even for the right code', async () => {
    const { mobile, e164 } = newMobile();
    await register(mobile, e164);
    await call(MEMBER_PATHS.sendSms, { mobile, type: 'login' }, { ip: '10.4.0.2' });
    const code = await ctx.sms.latestCode(e164);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await call(MEMBER_PATHS.loginWithSmsCode, { mobile, code: wrong })).code).toBe(
        ERRORS.SMS_CODE_INVALID.code,
      );
    }
    expect((await call(MEMBER_PATHS.loginWithSmsCode, { mobile, code })).code).toBe(
      ERRORS.SMS_CODE_INVALID.code,
    );
  });

  it('refuses an expired code', async () => {
    const { mobile, e164 } = newMobile();
    await register(mobile, e164);
    await call(MEMBER_PATHS.sendSms, { mobile, type: 'login' }, { ip: '10.4.0.3' });
    const code = await ctx.sms.latestCode(e164);
    // Five minutes pass.
    await ctx.db
      .updateTable('sms_code')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('mobile', '=', mobile)
      .execute();
    expect((await call(MEMBER_PATHS.loginWithSmsCode, { mobile, code })).code).toBe(
      ERRORS.SMS_CODE_INVALID.code,
    );
  });

  it('a code for one purpose does not work for another', async () => {
    const { mobile, e164 } = newMobile();
    await register(mobile, e164);
    await call(MEMBER_PATHS.sendSms, { mobile, type: 'reset' }, { ip: '10.4.0.4' });
    const code = await ctx.sms.latestCode(e164);
    expect((await call(MEMBER_PATHS.loginWithSmsCode, { mobile, code })).code).toBe(
      ERRORS.SMS_CODE_INVALID.code,
    );
  });

  it('has a resend cooldown and an hourly cap per address', async () => {
    const { mobile, e164 } = newMobile();
    await register(mobile, e164, 'secret12', '10.5.0.1');
    expect((await call(MEMBER_PATHS.sendSms, { mobile, type: 'login' }, { ip: '10.5.0.2' })).code).toBe(0);
    const tooSoon = await call(MEMBER_PATHS.sendSms, { mobile, type: 'login' }, { ip: '10.5.0.2' });
    expect(tooSoon).toMatchObject({ status: 429, code: ERRORS.SMS_TOO_SOON.code });

    const ip = '10.5.0.9';
    const answers: number[] = [];
    for (let index = 0; index < 21; index += 1) {
      answers.push(
        (await call(MEMBER_PATHS.sendSms, { mobile: newMobile().mobile, type: 'register' }, { ip })).code,
      );
    }
    expect(answers.slice(0, 20).every((code) => code === 0)).toBe(true);
    expect(answers[20]).toBe(ERRORS.SMS_LIMIT.code);
  });

  it('takes the hourly cap per address from SMS_PER_IP_PER_HOUR', async () => {
    const small = await createTestApp({ SMS_PER_IP_PER_HOUR: '2' }, { seed: false });
    try {
      const send = async () =>
        (
          await callApi(small, MEMBER_PATHS.sendSms, {
            form: { mobile: newMobile().mobile, type: 'register' },
            ip: '10.5.1.9',
          })
        ).code;
      expect([await send(), await send(), await send()]).toEqual([0, 0, ERRORS.SMS_LIMIT.code]);
    } finally {
      await small.close();
    }
  });

  it('answers a login code request for an unregistered number the same, and sends nothing', async () => {
    const { mobile, e164 } = newMobile();
    const answer = await call(MEMBER_PATHS.sendSms, { mobile, type: 'login' }, { ip: '10.6.0.1' });
    expect(answer.code).toBe(0);
    expect(answer.data).toEqual({ resendAfter: 60, expiresIn: 300 });
    expect(await ctx.sms.messagesTo(e164)).toEqual([]);
  });

  it('says the SMS could not be sent when the gateway keeps failing, and the code is not left usable', async () => {
    const { mobile } = newMobile();
    await ctx.sms.control({ failNextRequests: 3 });
    const answer = await call(MEMBER_PATHS.sendSms, { mobile, type: 'register' }, { ip: '10.6.0.2' });
    expect(answer).toMatchObject({ status: 503, code: ERRORS.SMS_SEND_FAILED.code });
    const codes = await ctx.db
      .selectFrom('sms_code')
      .select('used_at')
      .where('mobile', '=', mobile)
      .execute();
    expect(codes.every((row) => row.used_at !== null)).toBe(true);
  });

  it('records delivery reports behind the secret path', async () => {
    const { mobile, e164 } = newMobile();
    await call(MEMBER_PATHS.sendSms, { mobile, type: 'register' }, { ip: '10.6.0.3' });
    const [sent] = await ctx.sms.messagesTo(e164);
    const path = MEMBER_PATHS.smsDeliveryReport;
    const report = {
      id: sent!.messageId,
      status: 'Success',
      phoneNumber: e164,
      networkCode: '63902',
      retryCount: '0',
    };
    expect((await call(path.replace(':secret', 'guess'), report)).status).toBe(404);
    expect((await call(path.replace(':secret', TEST_CALLBACK_SECRET), report)).code).toBe(0);
    const row = await ctx.db
      .selectFrom('sms_code')
      .select('delivery_status')
      .where('gateway_message_id', '=', sent!.messageId)
      .executeTakeFirstOrThrow();
    expect(row.delivery_status).toBe('Success');
  });
});

describe('passwords', () => {
  it('resets with an SMS code, ends every session and the old password stops working', async () => {
    const { mobile, e164 } = newMobile();
    const registered = await register(mobile, e164);
    await call(MEMBER_PATHS.sendSms, { mobile, type: 'reset' }, { ip: '10.7.0.1' });
    const smsCode = await ctx.sms.latestCode(e164);
    const reset = await call(MEMBER_PATHS.resetPassword, {
      mobile,
      smsCode,
      password: 'newpass1',
      confirmPassword: 'newpass1',
    });
    expect(reset.code).toBe(0);
    expect((await profileOf(registered.data.token)).status).toBe(401);
    expect((await call(MEMBER_PATHS.login, { mobile, password: 'secret12' })).code).toBe(
      ERRORS.LOGIN_FAILED.code,
    );
    expect((await call(MEMBER_PATHS.login, { mobile, password: 'newpass1' })).code).toBe(0);
  });

  it('changes with the old password, keeping this session and ending the others', async () => {
    const { mobile, e164 } = newMobile();
    const here = await register(mobile, e164);
    const elsewhere = await call(MEMBER_PATHS.login, { mobile, password: 'secret12' });
    const token = here.data.token as string;
    const wrongOld = await call(
      MEMBER_PATHS.modifyPassword,
      { oldPassword: 'nope-nope', password: 'changed1', confirmPassword: 'changed1' },
      { token },
    );
    expect(wrongOld.code).toBe(ERRORS.OLD_PASSWORD_WRONG.code);
    const changed = await call(
      MEMBER_PATHS.modifyPassword,
      { oldPassword: 'secret12', password: 'changed1', confirmPassword: 'changed1' },
      { token },
    );
    expect(changed.code).toBe(0);
    expect((await profileOf(token)).code).toBe(0);
    expect((await profileOf(elsewhere.data.token)).status).toBe(401);
    expect(
      (
        await call(MEMBER_PATHS.modifyPassword, {
          oldPassword: 'changed1',
          password: 'x1x1x1x1',
          confirmPassword: 'x1x1x1x1',
        })
      ).status,
    ).toBe(401);
  });
});

describe('self-exclusion, one device and ownership', () => {
  it('closes the account: every session ends and login is refused with a clear message', async () => {
    const { mobile, e164 } = newMobile();
    const registered = await register(mobile, e164);
    const other = await call(MEMBER_PATHS.login, { mobile, password: 'secret12' });
    const token = registered.data.token as string;
    expect((await call(MEMBER_PATHS.selfExclusion, { content: 'ab' }, { token })).code).toBe(
      ERRORS.BAD_REQUEST.code,
    );
    expect((await call(MEMBER_PATHS.selfExclusion, { content: 'bad text!' }, { token })).code).toBe(
      ERRORS.BAD_REQUEST.code,
    );
    expect((await call(MEMBER_PATHS.selfExclusion, { content: 'Pause2026' }, { token })).code).toBe(0);
    expect((await profileOf(token)).status).toBe(401);
    expect((await profileOf(other.data.token)).status).toBe(401);
    const refused = await call(MEMBER_PATHS.login, { mobile, password: 'secret12' });
    expect(refused).toMatchObject({
      code: ERRORS.SELF_EXCLUDED_PERMANENTLY.code,
      msg: ERRORS.SELF_EXCLUDED_PERMANENTLY.msg,
    });
  });

  it('a login on a second device takes the right to bet from the first', async () => {
    const { mobile, e164 } = newMobile();
    const first = await register(mobile, e164);
    const firstToken = first.data.token as string;
    expect((await call(MEMBER_PATHS.gameKickOut, undefined, { token: firstToken })).data).toEqual({
      kickedOut: false,
    });
    const second = await call(MEMBER_PATHS.login, { mobile, password: 'secret12' }, { deviceId: 'phone-b' });
    expect((await call(MEMBER_PATHS.gameKickOut, undefined, { token: firstToken })).data).toEqual({
      kickedOut: true,
    });
    expect((await call(MEMBER_PATHS.gameKickOut, undefined, { token: second.data.token })).data).toEqual({
      kickedOut: false,
    });
    expect((await call(MEMBER_PATHS.gameKickOut)).status).toBe(401);
  });

  it("answers another member's id like a missing one", async () => {
    const a = newMobile();
    const b = newMobile();
    const memberA = await register(a.mobile, a.e164);
    const memberB = await register(b.mobile, b.e164);
    const own = await call(ACCOUNT_PATHS.memberById, undefined, {
      method: 'GET',
      token: memberA.data.token,
      query: `?id=${memberA.data.memberInfo.id}`,
    });
    expect(own.code).toBe(0);
    const others = await call(ACCOUNT_PATHS.memberById, undefined, {
      method: 'GET',
      token: memberA.data.token,
      query: `?id=${memberB.data.memberInfo.id}`,
    });
    expect(others).toMatchObject({ status: 404, code: ERRORS.NOT_FOUND.code, data: null });
  });
});
