import { createFacebookSimulator } from '@app/simulators/oauth/facebook-simulator';
import { DEFAULT_TEST_USERS } from '@app/simulators/oauth/test-users';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFacebookProvider, type FacebookProviderOptions } from './facebook.ts';
import { newOAuthState, newPkcePair } from './pkce.ts';
import {
  readAuthorizationResponse,
  SocialProviderError,
  type SocialProviderErrorKind,
} from './social-provider.ts';

const CLIENT_ID = 'winslots-test-app';
const CLIENT_SECRET = 'fb-secret-3d9a77c1';
const VERSION = 'v19.0';
const REDIRECT_URI = 'http://localhost:8080/api/auth/social/facebook/callback';
const WANJIKU = DEFAULT_TEST_USERS[0]!;
const AKINYI_WITHOUT_EMAIL = DEFAULT_TEST_USERS[2]!;

let simulator: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  simulator = createFacebookSimulator({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    version: VERSION,
    allowAutoLogin: true,
  });
  baseUrl = await simulator.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => simulator?.close());

function createProvider(overrides: Partial<FacebookProviderOptions> = {}) {
  return createFacebookProvider({
    authBaseUrl: baseUrl,
    graphBaseUrl: `${baseUrl}/`,
    version: VERSION,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    ...overrides,
  });
}

/** A token exchange of a made-up code with `fetch` for the network: how the adapter reads what comes back. */
const exchangeMadeUpCode = (fetch: typeof globalThis.fetch) =>
  createProvider({ fetch }).exchangeCode({ code: 'c', redirectUri: REDIRECT_URI, codeVerifier: 'v' });

/** Plays the browser: opens the dialog with the test hook and returns where it was sent back to. */
async function followDialog(authorizeUrl: string, userId: string): Promise<URL> {
  const url = new URL(authorizeUrl);
  url.searchParams.set('auto_user', userId);
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(String(response.headers.get('location')));
}

/** Starts a login the way the server will, and returns what the callback needs. */
async function logIn(userId = WANJIKU.id, provider = createProvider()) {
  const state = newOAuthState();
  const pkce = newPkcePair();
  const callback = await followDialog(
    provider.authorizeUrl({ state, redirectUri: REDIRECT_URI, codeChallenge: pkce.challenge }),
    userId,
  );
  const { code } = readAuthorizationResponse('facebook', Object.fromEntries(callback.searchParams));
  return { provider, state, pkce, callback, code };
}

async function captureProviderError(promise: Promise<unknown>): Promise<SocialProviderError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SocialProviderError);
  return error as SocialProviderError;
}

function expectNoSecret(error: SocialProviderError) {
  const visible = `${error.message} ${String(error.stack)} ${JSON.stringify(error)} ${String(error.cause)}`;
  expect(visible).not.toContain(CLIENT_SECRET);
}

async function expectKind(promise: Promise<unknown>, kind: SocialProviderErrorKind, providerCode?: number) {
  const error = await captureProviderError(promise);
  expect(error.kind).toBe(kind);
  expect(error.provider).toBe('facebook');
  if (providerCode !== undefined) expect(error.providerCode).toBe(providerCode);
  expectNoSecret(error);
  return error;
}

describe('Facebook provider', () => {
  it('builds the dialog address of Facebook Login', () => {
    const url = new URL(
      createFacebookProvider({ clientId: 'app-1', clientSecret: 's' }).authorizeUrl({
        state: 'st',
        redirectUri: REDIRECT_URI,
        codeChallenge: 'ch',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://www.facebook.com/v19.0/dialog/oauth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'app-1',
      redirect_uri: REDIRECT_URI,
      state: 'st',
      response_type: 'code',
      scope: 'public_profile,email',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
    });
  });

  it('logs a person in: dialog, code exchange, profile', async () => {
    const { provider, state, pkce, callback, code } = await logIn();
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(state);

    const { accessToken } = await provider.exchangeCode({
      code,
      redirectUri: REDIRECT_URI,
      codeVerifier: pkce.verifier,
    });
    expect(accessToken).toMatch(/^EAA/);

    expect(await provider.fetchProfile(accessToken)).toEqual({
      id: WANJIKU.id,
      name: WANJIKU.name,
      email: WANJIKU.email,
    });
  });

  it('reads a profile without an email as email undefined', async () => {
    const { provider, pkce, code } = await logIn(AKINYI_WITHOUT_EMAIL.id);
    const { accessToken } = await provider.exchangeCode({
      code,
      redirectUri: REDIRECT_URI,
      codeVerifier: pkce.verifier,
    });
    expect(await provider.fetchProfile(accessToken)).toEqual({
      id: AKINYI_WITHOUT_EMAIL.id,
      name: AKINYI_WITHOUT_EMAIL.name,
      email: undefined,
    });
  });

  it('reads a cancelled dialog as denied', async () => {
    const state = newOAuthState();
    const authorizeUrl = new URL(
      createProvider().authorizeUrl({
        state,
        redirectUri: REDIRECT_URI,
        codeChallenge: newPkcePair().challenge,
      }),
    );
    // The dialog's Cancel button posts its hidden fields back with action=cancel.
    const response = await fetch(authorizeUrl.origin + authorizeUrl.pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...Object.fromEntries(authorizeUrl.searchParams), action: 'cancel' }),
      redirect: 'manual',
    });
    const callback = new URL(String(response.headers.get('location')));
    expect(callback.searchParams.get('state')).toBe(state);

    const error = await captureProviderError(
      Promise.resolve().then(() =>
        readAuthorizationResponse('facebook', Object.fromEntries(callback.searchParams)),
      ),
    );
    expect(error.kind).toBe('denied');
    expect(() => readAuthorizationResponse('facebook', { state })).toThrow(SocialProviderError);
  });

  it('maps a reused code, a wrong redirect_uri and a wrong verifier to invalid-grant', async () => {
    const { provider, pkce, code } = await logIn();
    await expectKind(
      provider.exchangeCode({ code, redirectUri: `${REDIRECT_URI}?x=1`, codeVerifier: pkce.verifier }),
      'invalid-grant',
      100,
    );
    await expectKind(
      provider.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: newPkcePair().verifier }),
      'invalid-grant',
      100,
    );
    await provider.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: pkce.verifier });
    const reused = await expectKind(
      provider.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: pkce.verifier }),
      'invalid-grant',
      100,
    );
    expect(reused.message).toContain('has been used');
    expect(reused.httpStatus).toBe(400);
    expect(reused.traceId).toEqual(expect.any(String));
  });

  it('maps an invalid access token to invalid-grant', async () => {
    await expectKind(createProvider().fetchProfile('EAAnot-a-real-token'), 'invalid-grant', 190);
  });

  it('maps refused app credentials to unavailable, without showing the secret', async () => {
    const { pkce, code } = await logIn();
    const wrongSecret = 'wrong-secret-5b2f';
    const error = await expectKind(
      createProvider({ clientSecret: wrongSecret }).exchangeCode({
        code,
        redirectUri: REDIRECT_URI,
        codeVerifier: pkce.verifier,
      }),
      'unavailable',
      101,
    );
    expect(`${error.message} ${String(error.stack)}`).not.toContain(wrongSecret);
    // The failed attempt did not spend the code.
    const { accessToken } = await createProvider().exchangeCode({
      code,
      redirectUri: REDIRECT_URI,
      codeVerifier: pkce.verifier,
    });
    expect(accessToken).toMatch(/^EAA/);
  });

  it('maps an unreachable provider, a timeout and a 5xx to unavailable', async () => {
    const closed = createFacebookSimulator({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    const closedUrl = await closed.listen({ port: 0, host: '127.0.0.1' });
    await closed.close();
    const input = { code: 'AQcode', redirectUri: REDIRECT_URI, codeVerifier: newPkcePair().verifier };

    const unreachable = await expectKind(
      createProvider({ graphBaseUrl: closedUrl }).exchangeCode(input),
      'unavailable',
    );
    expect(unreachable.message).toContain('network error');

    const silentFetch: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'TimeoutError')));
      });
    const timedOut = await expectKind(
      createProvider({ fetch: silentFetch, timeoutMs: 20 }).exchangeCode(input),
      'unavailable',
    );
    expect(timedOut.message).toContain('timed out after 20 ms');

    const failingFetch: typeof fetch = async () =>
      new Response('<h1>Service Unavailable</h1>', { status: 503 });
    const outage = await expectKind(
      createProvider({ fetch: failingFetch }).fetchProfile('EAAx'),
      'unavailable',
    );
    expect(outage.httpStatus).toBe(503);
  });

  it('maps an answer it cannot read to unusable-response', async () => {
    const htmlFetch: typeof fetch = async () => new Response('<html>captive portal</html>', { status: 200 });
    await expectKind(createProvider({ fetch: htmlFetch }).fetchProfile('EAAx'), 'unusable-response');

    const emptyFetch: typeof fetch = async () => Response.json({ token_type: 'bearer' });
    await expectKind(exchangeMadeUpCode(emptyFetch), 'unusable-response');
  });

  it('never repeats the secret, even when a failure quotes the request URL', async () => {
    const leakyFetch: typeof fetch = async (input) => {
      throw new TypeError(`fetch failed for ${String(input)}`, { cause: { code: 'ECONNRESET' } });
    };
    const error = await expectKind(exchangeMadeUpCode(leakyFetch), 'unavailable');
    expect(error.message).toBe('Facebook token exchange failed: network error ECONNRESET');

    const echoingFetch: typeof fetch = async (input) =>
      Response.json(
        { error: { message: `Bad request ${String(input)}`, type: 'OAuthException', code: 100 } },
        { status: 400 },
      );
    await expectKind(exchangeMadeUpCode(echoingFetch), 'invalid-grant');
  });

  it('sends the token request and the profile request as Graph expects', async () => {
    const seen: URL[] = [];
    const recordingFetch: typeof fetch = async (input, init) => {
      seen.push(new URL(String(input)));
      return fetch(input, init);
    };
    const provider = createProvider({ fetch: recordingFetch });
    const { pkce, code } = await logIn(WANJIKU.id, provider);
    const { accessToken } = await provider.exchangeCode({
      code,
      redirectUri: REDIRECT_URI,
      codeVerifier: pkce.verifier,
    });
    await provider.fetchProfile(accessToken);

    const [tokenRequest, profileRequest] = seen;
    expect(tokenRequest?.pathname).toBe(`/${VERSION}/oauth/access_token`);
    expect(Object.fromEntries(tokenRequest?.searchParams ?? [])).toEqual({
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      client_secret: CLIENT_SECRET,
      code,
      code_verifier: pkce.verifier,
    });
    expect(profileRequest?.pathname).toBe('/me');
    expect(profileRequest?.searchParams.get('fields')).toBe('id,name,email');
    expect(profileRequest?.searchParams.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);
  });
});
