import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFacebookSimulator } from '@app/simulators/oauth/facebook-simulator';
import { ERRORS } from '@app/contracts/errors';
import { ACCOUNT_PATHS, API_BASE, MEMBER_PATHS } from '@app/contracts/paths';
import { callApi, newMobile, registerMember } from '../../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

let ctx: TestApp;
let facebook: FastifyInstance;
let facebookUrl: string;
const BRIAN = '10160418820375002';

beforeAll(async () => {
  facebook = createFacebookSimulator({
    clientId: 'test-app',
    clientSecret: 'test-secret',
    allowAutoLogin: true,
  });
  facebookUrl = await facebook.listen({ port: 0, host: '127.0.0.1' });
  ctx = await createTestApp({
    SOCIAL_CLIENT_ID: 'test-app',
    SOCIAL_CLIENT_SECRET: 'test-secret',
    SOCIAL_AUTH_BASE_URL: facebookUrl,
    SOCIAL_GRAPH_BASE_URL: facebookUrl,
  });
});
afterAll(async () => {
  await ctx.close();
  await facebook.close();
});

const authorizePath = `${API_BASE}${MEMBER_PATHS.socialAuthorize.replace(':provider', 'facebook')}`;

/** Starts a social login and lets the provider answer as a test user (or cancel): the callback's answer. */
async function socialLogin(options: { user?: string; cancel?: boolean; returnPath?: string } = {}) {
  const start = await ctx.app.inject({
    method: 'GET',
    url: `${authorizePath}${options.returnPath ? `?r=${encodeURIComponent(options.returnPath)}` : ''}`,
  });
  expect(start.statusCode).toBe(302);
  const dialog = new URL(start.headers.location as string);
  expect(dialog.origin).toBe(facebookUrl);
  expect(dialog.searchParams.get('code_challenge_method')).toBe('S256');
  let callback: URL;
  if (options.cancel) {
    const redirect = new URL(dialog.searchParams.get('redirect_uri') as string);
    redirect.search = new URLSearchParams({
      error: 'access_denied',
      error_reason: 'user_denied',
      state: dialog.searchParams.get('state') as string,
    }).toString();
    callback = redirect;
  } else {
    dialog.searchParams.set('auto_user', options.user ?? BRIAN);
    const answer = await fetch(dialog, { redirect: 'manual' });
    callback = new URL(answer.headers.get('location') as string);
  }
  const response = await ctx.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
  return { response, callback, location: new URL(response.headers.location as string, 'http://app') };
}

describe('social login (OAuth 2.0 code flow with PKCE against the Facebook simulator)', () => {
  it('asks an unknown account to register, links it, then logs it in and returns to r', async () => {
    const first = await socialLogin({ returnPath: '/me' });
    expect(first.location.pathname).toBe('/login');
    expect(first.location.searchParams.get('social')).toBe('404');
    expect(first.location.searchParams.get('r')).toBe('/me');
    const ticket = first.location.searchParams.get('ticket') as string;
    const described = await callApi(ctx, MEMBER_PATHS.socialTicket, {
      method: 'GET',
      query: `?ticket=${ticket}`,
    });
    expect(described.data).toEqual({ provider: 'facebook', name: 'Brian Otieno' });

    const number = newMobile('0755');
    const registered = await registerMember(ctx, number, { socialTicket: ticket });
    expect(registered.code).toBe(0);

    const second = await socialLogin({ returnPath: '/me' });
    expect(second.location.pathname).toBe('/me');
    const cookie = second.response.cookies.find((entry) => entry.name === 'token');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', maxAge: 7 * 24 * 3600 });
    const profile = await callApi(ctx, ACCOUNT_PATHS.memberById, { method: 'GET', token: cookie?.value });
    expect(profile.data.mobile).toBe(number.mobile);
  });

  it('uses a ticket once', async () => {
    const first = await socialLogin({ user: '10160418820375001' });
    const ticket = first.location.searchParams.get('ticket') as string;
    expect((await registerMember(ctx, newMobile('0757'), { socialTicket: ticket })).code).toBe(0);
    const again = await registerMember(ctx, newMobile('0758'), { socialTicket: ticket });
    expect(again.code).toBe(ERRORS.SOCIAL_TICKET_INVALID.code);
    expect(
      (await callApi(ctx, MEMBER_PATHS.socialTicket, { method: 'GET', query: `?ticket=${ticket}` })).code,
    ).toBe(ERRORS.SOCIAL_TICKET_INVALID.code);
  });

  it('sends a cancel, a replayed state and an unknown state back to login, and never to another site', async () => {
    const cancelled = await socialLogin({ cancel: true, returnPath: '/me' });
    expect(cancelled.location.searchParams.get('social')).toBe('cancelled');
    expect(cancelled.location.searchParams.get('r')).toBe('/me');

    const done = await socialLogin();
    const replay = await ctx.app.inject({
      method: 'GET',
      url: `${done.callback.pathname}${done.callback.search}`,
    });
    expect(new URL(replay.headers.location as string, 'http://app').searchParams.get('social')).toBe(
      'failed',
    );
    const forged = await ctx.app.inject({
      method: 'GET',
      url: `${done.callback.pathname}?code=x&state=made-up`,
    });
    expect(forged.headers.location).toBe('/login?social=failed');

    const outside = await socialLogin({ returnPath: '//evil.example/steal' });
    expect(outside.location.origin).toBe('http://app');
    expect(outside.location.searchParams.get('r')).toBeNull();
  });

  it('lands a refused login (a self-excluded account, a malformed answer) on the app login page with the catalogue code, never JSON', async () => {
    const first = await socialLogin({ user: '10160418820375003' });
    const ticket = first.location.searchParams.get('ticket') as string;
    const registered = await registerMember(ctx, newMobile('0759'), { socialTicket: ticket });
    const excluded = await callApi(ctx, MEMBER_PATHS.selfExclusion, {
      form: { content: 'Pause2026' },
      token: registered.data.token,
    });
    expect(excluded.code).toBe(0);

    const refused = await socialLogin({ user: '10160418820375003', returnPath: '/me' });
    expect(refused.response.statusCode).toBe(302);
    expect(refused.response.headers['cache-control']).toBe('no-store');
    expect(refused.location.pathname).toBe('/login');
    expect(refused.location.searchParams.get('social')).toBe('refused');
    expect(refused.location.searchParams.get('code')).toBe(String(ERRORS.SELF_EXCLUDED_PERMANENTLY.code));
    expect(refused.response.cookies.find((entry) => entry.name === 'token')).toBeUndefined();

    const malformed = await ctx.app.inject({
      method: 'GET',
      url: `${first.callback.pathname}?state=${'x'.repeat(300)}`,
    });
    expect(malformed.statusCode).toBe(302);
    expect(malformed.headers.location).toBe(`/login?social=refused&code=${ERRORS.BAD_REQUEST.code}`);
  });
});
