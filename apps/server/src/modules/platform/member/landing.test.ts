import { describe, expect, it } from 'vitest';
import { MEMBER_PATHS } from '@app/contracts/paths';
import { callApi, newMobile } from '../../../../test/api-client.ts';
import { useTestApp } from '../../../../test/test-app.ts';

/**
 * Spec §9's referrer and landing-URL cookies (1 day), written by the app at a visitor's first landing, are
 * read at registration and kept with the member; a malformed one (the visitor's to write) is kept as none.
 */
const ctx = useTestApp();

async function registerWithCookies(cookie: string | undefined) {
  const number = newMobile('0733');
  await callApi(ctx, MEMBER_PATHS.sendSms, { form: { mobile: number.mobile, type: 'register' } });
  const smsCode = await ctx.sms.latestCode(number.e164);
  const answer = await callApi(ctx, MEMBER_PATHS.register, {
    form: { mobile: number.mobile, password: 'secret12', confirmPassword: 'secret12', smsCode },
    ...(cookie ? { headers: { cookie } } : {}),
  });
  expect(answer.code, answer.msg).toBe(0);
  return ctx.db
    .selectFrom('member')
    .select(['referrer', 'landing_url'])
    .where('mobile', 'in', [number.mobile, number.e164, number.e164.slice(1)])
    .executeTakeFirstOrThrow();
}

const cookieOf = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');

describe('registration keeps where the member came from', () => {
  it('stores the referrer and landing-URL cookies with the new member', async () => {
    const member = await registerWithCookies(
      cookieOf({
        referrer: 'https://m.facebook.com/story?id=1',
        landing_url: 'https://play.example.com/home?utm_source=fb',
      }),
    );
    expect(member).toEqual({
      referrer: 'https://m.facebook.com/story?id=1',
      landing_url: 'https://play.example.com/home?utm_source=fb',
    });
  });

  it('stores none without the cookies, and none for a value that is not an http(s) address', async () => {
    expect(await registerWithCookies(undefined)).toEqual({ referrer: null, landing_url: null });
    const hostile = await registerWithCookies(
      cookieOf({
        referrer: 'javascript:alert(1)',
        landing_url: `https://play.example.com/${'x'.repeat(600)}`,
      }),
    );
    expect(hostile).toEqual({ referrer: null, landing_url: null });
    const credentials = await registerWithCookies(cookieOf({ landing_url: 'https://user:pw@evil.example/' }));
    expect(credentials.landing_url).toBeNull();
  });
});
