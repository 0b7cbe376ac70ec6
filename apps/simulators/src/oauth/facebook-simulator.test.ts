import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createFacebookSimulator, type FacebookSimulatorOptions } from './facebook-simulator.ts';
import { DEFAULT_TEST_USERS } from './test-users.ts';

const CLIENT_ID = 'winslots-test-app';
const CLIENT_SECRET = 'test-secret-7c1e';
const REDIRECT_URI = 'https://winslots.example/api/auth/social/callback';
const WANJIKU = DEFAULT_TEST_USERS[0]!;
const AKINYI_WITHOUT_EMAIL = DEFAULT_TEST_USERS[2]!;

const openSimulators: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(openSimulators.splice(0).map((app) => app.close()));
});

function startSimulator(options: Partial<FacebookSimulatorOptions> = {}): FastifyInstance {
  const app = createFacebookSimulator({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...options });
  openSimulators.push(app);
  return app;
}

function newPkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

type DialogParameters = Record<string, string>;

function dialogParameters(overrides: DialogParameters = {}): DialogParameters {
  return {
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    state: 'state-123',
    response_type: 'code',
    scope: 'public_profile,email',
    ...overrides,
  };
}

function openDialog(app: FastifyInstance, parameters: DialogParameters) {
  return app.inject({ method: 'GET', url: '/v19.0/dialog/oauth', query: parameters });
}

/** What the dialog's forms post: the original parameters (hidden fields) and the tester's choice. */
function submitDialog(app: FastifyInstance, parameters: DialogParameters, choice: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/v19.0/dialog/oauth',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...parameters, ...choice }).toString(),
  });
}

async function authorize(app: FastifyInstance, parameters: DialogParameters, userId = WANJIKU.id) {
  const response = await submitDialog(app, parameters, { action: 'continue', user_id: userId });
  expect(response.statusCode).toBe(302);
  const location = new URL(String(response.headers.location));
  return { location, code: location.searchParams.get('code') ?? '' };
}

function exchange(app: FastifyInstance, query: Record<string, string>) {
  return app.inject({
    method: 'GET',
    url: '/v19.0/oauth/access_token',
    query: { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uri: REDIRECT_URI, ...query },
  });
}

function getMe(app: FastifyInstance, accessToken: string, fields = 'id,name,email') {
  return app.inject({ method: 'GET', url: '/me', query: { fields, access_token: accessToken } });
}

function expectGraphError(response: { statusCode: number; json: () => unknown }, code: number) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    error: {
      message: expect.any(String),
      type: 'OAuthException',
      code,
      fbtrace_id: expect.stringMatching(/^\S+$/),
    },
  });
}

function graphErrorCode(response: { json: () => unknown }): number | undefined {
  return (response.json() as { error?: { code?: number } }).error?.code;
}

describe('login dialog', () => {
  it('signs a test user in end to end: dialog, code, token, profile', async () => {
    const app = startSimulator();
    const pkce = newPkce();
    const parameters = dialogParameters({ code_challenge: pkce.challenge, code_challenge_method: 'S256' });

    const page = await openDialog(app, parameters);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.body).toContain('<meta name="viewport"');
    expect(page.body).toContain(CLIENT_ID);
    expect(page.body).toContain(`value="${WANJIKU.id}">Continue as ${WANJIKU.name}`);
    expect(page.body).toContain(`name="code_challenge" value="${pkce.challenge}"`);
    expect(page.body).toContain('name="action" value="cancel"');
    expect(page.body).not.toMatch(/<(script|link rel="stylesheet"|img)\b/);

    const { location, code } = await authorize(app, parameters);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(code).toMatch(/^AQ[\w-]{40,}$/);
    // Facebook's own quirk: every redirect ends with #_=_.
    expect(location.hash).toBe('#_=_');

    const token = await exchange(app, { code, code_verifier: pkce.verifier });
    expect(token.statusCode).toBe(200);
    expect(token.json()).toEqual({
      access_token: expect.stringMatching(/^EAA[\w-]{40,}$/),
      token_type: 'bearer',
      expires_in: 5183944,
    });

    const accessToken: string = token.json().access_token;
    const me = await getMe(app, accessToken);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ id: WANJIKU.id, name: WANJIKU.name, email: WANJIKU.email });

    const versioned = await app.inject({
      method: 'GET',
      url: '/v19.0/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(versioned.json()).toEqual({ id: WANJIKU.id, name: WANJIKU.name });
  });

  it('keeps the query string of the redirect_uri and works without PKCE or state', async () => {
    const app = startSimulator();
    const parameters = dialogParameters({ redirect_uri: 'http://localhost:8080/cb?next=%2Fwallet' });
    delete parameters.state;

    const { location, code } = await authorize(app, parameters);
    expect(location.searchParams.get('next')).toBe('/wallet');
    expect(location.searchParams.has('state')).toBe(false);

    const token = await exchange(app, { code, redirect_uri: 'http://localhost:8080/cb?next=%2Fwallet' });
    expect(token.statusCode).toBe(200);
  });

  it('sends the access_denied redirect when the user cancels', async () => {
    const app = startSimulator();
    const response = await submitDialog(app, dialogParameters({ state: 'abc' }), { action: 'cancel' });

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      `${REDIRECT_URI}?error=access_denied&error_code=200&error_description=Permissions+error&error_reason=user_denied&state=abc#_=_`,
    );
  });

  it('shows an error page and never redirects for an unknown app or a bad redirect_uri', async () => {
    const app = startSimulator();
    const refused = [
      await openDialog(app, dialogParameters({ client_id: 'someone-elses-app' })),
      await openDialog(app, dialogParameters({ client_id: '' })),
      await openDialog(app, dialogParameters({ redirect_uri: '/relative/callback' })),
      await openDialog(app, dialogParameters({ redirect_uri: 'javascript:alert(1)' })),
      await openDialog(app, dialogParameters({ redirect_uri: 'ftp://winslots.example/cb' })),
      await openDialog(app, dialogParameters({ response_type: 'token' })),
      await openDialog(
        app,
        dialogParameters({ code_challenge: newPkce().challenge, code_challenge_method: 'plain' }),
      ),
      // The hidden fields come back from the browser: a tampered one is refused as on the GET.
      await submitDialog(app, dialogParameters({ redirect_uri: 'javascript:alert(1)' }), {
        action: 'cancel',
      }),
      await submitDialog(app, dialogParameters({ client_id: 'other' }), {
        action: 'continue',
        user_id: WANJIKU.id,
      }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toContain('Sorry, something went wrong');
    }
  });

  it('escapes a typed name and every echoed parameter', async () => {
    const app = startSimulator();
    const typedName = `<script>alert("x")</script> O'Brien & Mwangi`;
    const parameters = dialogParameters({ state: '"><img src=x onerror=alert(1)>' });

    const { code } = await (async () => {
      const response = await submitDialog(app, parameters, { action: 'new', name: `  ${typedName} ` });
      expect(response.statusCode).toBe(302);
      return { code: new URL(String(response.headers.location)).searchParams.get('code') ?? '' };
    })();

    const page = await openDialog(app, parameters);
    expect(page.body).toContain(
      'Continue as &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; Mwangi',
    );
    expect(page.body).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(page.body).not.toContain('<script>');
    expect(page.body).not.toContain('<img');

    const accessToken: string = (await exchange(app, { code })).json().access_token;
    const me = (await getMe(app, accessToken)).json();
    expect(me).toEqual({ id: expect.stringMatching(/^\d{17}$/), name: typedName });
    expect(DEFAULT_TEST_USERS.map((user) => user.id)).not.toContain(me.id);
  });

  it('refuses a new user without a name', async () => {
    const app = startSimulator();
    const response = await submitDialog(app, dialogParameters(), { action: 'new', name: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
  });
});

describe('auto_user test hook', () => {
  it('redirects at once when the simulator allows it', async () => {
    const app = startSimulator({ allowAutoLogin: true });
    const response = await openDialog(app, dialogParameters({ auto_user: WANJIKU.id }));

    expect(response.statusCode).toBe(302);
    expect(new URL(String(response.headers.location)).searchParams.get('code')).toMatch(/^AQ/);
    expect((await openDialog(app, dialogParameters({ auto_user: 'nobody' }))).statusCode).toBe(400);
  });

  it('is ignored otherwise: the dialog is shown', async () => {
    const app = startSimulator();
    const response = await openDialog(app, dialogParameters({ auto_user: WANJIKU.id }));
    expect(response.statusCode).toBe(200);
    expect(response.headers.location).toBeUndefined();
  });

  it('lists the test users as JSON, including users created on the dialog', async () => {
    const app = startSimulator();
    await submitDialog(app, dialogParameters(), {
      action: 'new',
      name: 'Kevin Mutua',
      email: 'kevin@example.com',
    });

    const users = (await app.inject({ method: 'GET', url: '/__oauth/users' })).json();
    expect(users).toEqual([
      ...DEFAULT_TEST_USERS.map((user) => ({ id: user.id, name: user.name, email: user.email ?? null })),
      { id: expect.stringMatching(/^\d{17}$/), name: 'Kevin Mutua', email: 'kevin@example.com' },
    ]);
  });
});

describe('token endpoint', () => {
  it('accepts a code once; a replay fails with code 100 and revokes the token', async () => {
    const app = startSimulator();
    const { code } = await authorize(app, dialogParameters());

    const first = await exchange(app, { code });
    expect(first.statusCode).toBe(200);
    const second = await exchange(app, { code });
    expectGraphError(second, 100);
    expect(second.json().error.message).toBe('This authorization code has been used.');

    expect(graphErrorCode(await getMe(app, first.json().access_token))).toBe(190);
  });

  it('refuses a redirect_uri other than the dialog one', async () => {
    const app = startSimulator();
    const { code } = await authorize(app, dialogParameters());

    const response = await exchange(app, { code, redirect_uri: `${REDIRECT_URI}/` });
    expectGraphError(response, 100);
    expect(response.json().error.message).toContain('redirect_uri is identical');
  });

  it('refuses a wrong client secret or client id with code 101', async () => {
    const app = startSimulator();
    const { code } = await authorize(app, dialogParameters());

    const wrongSecret = await exchange(app, { code, client_secret: 'guess' });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().error).toMatchObject({ type: 'OAuthException', code: 101 });
    expect(graphErrorCode(await exchange(app, { code, client_id: 'other-app' }))).toBe(101);
    expect(wrongSecret.body).not.toContain(CLIENT_SECRET);

    // Failed client authentication does not spend the code.
    expect((await exchange(app, { code })).statusCode).toBe(200);
  });

  it('checks the PKCE verifier against the S256 challenge', async () => {
    const app = startSimulator();
    const pkce = newPkce();
    const { code } = await authorize(
      app,
      dialogParameters({ code_challenge: pkce.challenge, code_challenge_method: 'S256' }),
    );

    const wrong = await exchange(app, { code, code_verifier: newPkce().verifier });
    expectGraphError(wrong, 100);
    expect(wrong.json().error.message).toBe('Invalid code verifier.');
    expect(graphErrorCode(await exchange(app, { code }))).toBe(100);
    // A verifier equal to the challenge is the "plain" method, which a S256 challenge does not allow.
    expect(graphErrorCode(await exchange(app, { code, code_verifier: pkce.challenge }))).toBe(100);

    expect((await exchange(app, { code, code_verifier: pkce.verifier })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    let now = Date.parse('2025-03-01T08:00:00Z');
    const app = startSimulator({ now: () => now, codeLifetimeMs: 60_000 });
    const { code } = await authorize(app, dialogParameters());

    now += 60_000;
    const response = await exchange(app, { code });
    expectGraphError(response, 100);
    expect(response.json().error.message).toBe('This authorization code has expired.');
  });

  it('refuses an unknown code and a missing one', async () => {
    const app = startSimulator();
    expect(graphErrorCode(await exchange(app, { code: 'AQnot-a-code' }))).toBe(100);
    expect(graphErrorCode(await exchange(app, {}))).toBe(100);
  });
});

describe('profile endpoint', () => {
  async function signIn(app: FastifyInstance, userId: string, scope = 'public_profile,email') {
    const { code } = await authorize(app, dialogParameters({ scope }), userId);
    return (await exchange(app, { code })).json().access_token as string;
  }

  it('refuses an invalid, missing or expired access token', async () => {
    let now = Date.parse('2025-03-01T08:00:00Z');
    const app = startSimulator({ now: () => now });

    const invalid = await getMe(app, 'EAAnot-a-token');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatchObject({ type: 'OAuthException', code: 190 });
    expect(graphErrorCode(await app.inject({ method: 'GET', url: '/me' }))).toBe(2500);

    const accessToken = await signIn(app, WANJIKU.id);
    now += 5183944 * 1000;
    const expired = await getMe(app, accessToken);
    expectGraphError(expired, 190);
    expect(expired.json().error.error_subcode).toBe(463);
  });

  it('leaves out the email without the permission or when the account has none', async () => {
    const app = startSimulator();
    const withoutPermission = await signIn(app, WANJIKU.id, 'public_profile');
    expect((await getMe(app, withoutPermission)).json()).toEqual({ id: WANJIKU.id, name: WANJIKU.name });

    const noEmail = await signIn(app, AKINYI_WITHOUT_EMAIL.id);
    expect((await getMe(app, noEmail)).json()).toEqual({
      id: AKINYI_WITHOUT_EMAIL.id,
      name: AKINYI_WITHOUT_EMAIL.name,
    });
  });

  it('checks appsecret_proof when one is sent, and refuses an unknown field', async () => {
    const app = startSimulator();
    const accessToken = await signIn(app, WANJIKU.id);
    const proof = createHmac('sha256', CLIENT_SECRET).update(accessToken).digest('hex');

    const query = { fields: 'id,first_name', access_token: accessToken };
    const good = await app.inject({ method: 'GET', url: '/me', query: { ...query, appsecret_proof: proof } });
    expect(good.json()).toEqual({ id: WANJIKU.id, first_name: 'Wanjiku' });
    const bad = await app.inject({
      method: 'GET',
      url: '/me',
      query: { ...query, appsecret_proof: 'ab'.repeat(32) },
    });
    expect(bad.json().error).toMatchObject({ type: 'GraphMethodException', code: 100 });

    expect(graphErrorCode(await getMe(app, accessToken, 'id,toString'))).toBe(100);
  });

  it('answers another API version as an unknown path', async () => {
    const app = startSimulator();
    expect(graphErrorCode(await app.inject({ method: 'GET', url: '/v20.0/oauth/access_token' }))).toBe(2500);
    expect((await app.inject({ method: 'GET', url: '/v20.0/dialog/oauth' })).statusCode).toBe(404);
  });
});
