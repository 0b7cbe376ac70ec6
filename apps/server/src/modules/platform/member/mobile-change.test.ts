import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@app/contracts/errors';
import { ACCOUNT_PATHS, MEMBER_PATHS } from '@app/contracts/paths';
import { callApi, newMobile } from '../../../../test/api-client.ts';
import { newMember } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';

const ctx = useTestApp();

async function codeFor(token: string, mobile: string, e164: string, type: 'reauth' | 'mobile') {
  const sent = await callApi(ctx, MEMBER_PATHS.sendSms, { token, form: { mobile, type } });
  expect(sent.code).toBe(0);
  return ctx.sms.latestCode(e164);
}

describe('changing the mobile number', () => {
  it('needs a re-authentication first, then a code sent to the new number', async () => {
    const { token, mobile } = await newMember(ctx);
    const target = newMobile('0767');
    const refused = await callApi(ctx, MEMBER_PATHS.modifyMobile, {
      token,
      form: { mobile: target.mobile, smsCode: '123456' },
    });
    expect(refused).toMatchObject({ status: 409, code: ERRORS.REAUTH_REQUIRED.code });

    expect(
      (await callApi(ctx, MEMBER_PATHS.reauthenticate, { token, form: { password: 'wrong-one' } })).code,
    ).toBe(ERRORS.LOGIN_FAILED.code);
    const confirmed = await callApi(ctx, MEMBER_PATHS.reauthenticate, {
      token,
      form: { password: 'secret12' },
    });
    expect(confirmed.data).toEqual({ validSeconds: 300 });

    const smsCode = await codeFor(token, target.mobile, target.e164, 'mobile');
    const changed = await callApi(ctx, MEMBER_PATHS.modifyMobile, {
      token,
      form: { mobile: target.mobile, smsCode },
    });
    expect(changed.data.mobile).toBe(target.mobile);
    expect(
      (await callApi(ctx, MEMBER_PATHS.login, { form: { mobile: target.mobile, password: 'secret12' } }))
        .code,
    ).toBe(0);
    expect((await callApi(ctx, MEMBER_PATHS.login, { form: { mobile, password: 'secret12' } })).code).toBe(
      ERRORS.LOGIN_FAILED.code,
    );
  });

  it('re-authenticates with a code sent only to the member’s own number', async () => {
    const own = await newMember(ctx);
    const stranger = newMobile('0768');
    const elsewhere = await callApi(ctx, MEMBER_PATHS.sendSms, {
      token: own.token,
      form: { mobile: stranger.mobile, type: 'reauth' },
    });
    expect(elsewhere.code).toBe(ERRORS.BAD_REQUEST.code);
    expect(
      (await callApi(ctx, MEMBER_PATHS.sendSms, { form: { mobile: own.mobile, type: 'reauth' } })).status,
    ).toBe(401);

    const smsCode = await codeFor(own.token, own.mobile, own.e164, 'reauth');
    const confirmed = await callApi(ctx, MEMBER_PATHS.reauthenticate, {
      token: own.token,
      form: { smsCode },
    });
    expect(confirmed.code).toBe(0);
  });

  it('expires the re-authentication after 5 minutes and refuses a taken number', async () => {
    const { token } = await newMember(ctx);
    const taken = await newMember(ctx);
    await callApi(ctx, MEMBER_PATHS.reauthenticate, { token, form: { password: 'secret12' } });
    const toTaken = await callApi(ctx, MEMBER_PATHS.sendSms, {
      token,
      form: { mobile: taken.mobile, type: 'mobile' },
    });
    expect(toTaken.code).toBe(ERRORS.MOBILE_EXISTS.code);

    const target = newMobile('0769');
    const smsCode = await codeFor(token, target.mobile, target.e164, 'mobile');
    // Five minutes pass.
    await ctx.db
      .updateTable('member_session')
      .set({ reauthenticated_at: sql<Date>`now() - interval '301 seconds'` })
      .where('reauthenticated_at', 'is not', null)
      .execute();
    const late = await callApi(ctx, MEMBER_PATHS.modifyMobile, {
      token,
      form: { mobile: target.mobile, smsCode },
    });
    expect(late.code).toBe(ERRORS.REAUTH_REQUIRED.code);
  });

  it('ends the other sessions and keeps this one', async () => {
    const { token, mobile } = await newMember(ctx);
    const other = await callApi(ctx, MEMBER_PATHS.login, { form: { mobile, password: 'secret12' } });
    await callApi(ctx, MEMBER_PATHS.reauthenticate, { token, form: { password: 'secret12' } });
    const target = newMobile('0770');
    const smsCode = await codeFor(token, target.mobile, target.e164, 'mobile');
    expect(
      (await callApi(ctx, MEMBER_PATHS.modifyMobile, { token, form: { mobile: target.mobile, smsCode } }))
        .code,
    ).toBe(0);
    expect((await callApi(ctx, ACCOUNT_PATHS.memberById, { method: 'GET', token })).code).toBe(0);
    expect(
      (await callApi(ctx, ACCOUNT_PATHS.memberById, { method: 'GET', token: other.data.token })).status,
    ).toBe(401);
  });
});
