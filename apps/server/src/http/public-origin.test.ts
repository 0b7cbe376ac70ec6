import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, GAME_PATHS, MEMBER_PATHS } from '@app/contracts/paths';
import { createTestApp, type TestApp, useTestApp } from '../../test/test-app.ts';
import { gameIdOf } from '../../test/factory.ts';

/**
 * A player's links back to the app (the provider game's Home and Deposit, the social login's return)
 * follow the address the player opened when PUBLIC_URL is unset, and only an address the connection
 * really reached: a forged Host never sends them to another site. A configured PUBLIC_URL always wins.
 */
const PROVIDER_LAUNCH_URL = 'http://provider.test/hub88/games/launch';
const launchPath = `${API_BASE}${GAME_PATHS.launch}`;
const authorizePath = `${API_BASE}${MEMBER_PATHS.socialAuthorize.replace(':provider', 'facebook')}`;

const open = useTestApp({ PROVIDER_LAUNCH_URL, PUBLIC_URL: '' }, { listen: true });
let port: number;
let fruits: number;

beforeAll(async () => {
  port = Number(new URL(open.url as string).port);
  fruits = await gameIdOf(open, 'hub88sim_lucky_fruits');
});

/** One HTTP request to the listening app with the headers a browser (or an attacker) would send. */
function send(
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; location: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: { ...headers, connection: 'close' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location, body: text }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The provider's Home and Deposit addresses of a demo launch opened with this Host. */
async function providerLinks(host: string, more: Record<string, string> = {}) {
  const answer = await send(
    'POST',
    launchPath,
    { host, 'content-type': 'application/x-www-form-urlencoded', ...more },
    new URLSearchParams({ id: String(fruits), mode: 'demo' }).toString(),
  );
  expect(answer.status).toBe(200);
  const url = new URL((JSON.parse(answer.body) as { data: { url: string } }).data.url);
  return { lobby: url.searchParams.get('lobby_url'), deposit: url.searchParams.get('deposit_url') };
}

/** The redirect_uri the social login sends to the provider when started with this Host. */
async function socialReturn(host: string): Promise<string | null> {
  const answer = await send('GET', authorizePath, { host });
  expect(answer.status).toBe(302);
  return new URL(answer.location as string).searchParams.get('redirect_uri');
}

describe('links back to the app without PUBLIC_URL', () => {
  it('send a player who opened 127.0.0.1 back to 127.0.0.1, and one who opened localhost back to localhost', async () => {
    expect(await providerLinks(`127.0.0.1:${port}`)).toEqual({
      lobby: `http://127.0.0.1:${port}/home`,
      deposit: `http://127.0.0.1:${port}/deposit`,
    });
    expect(await providerLinks(`localhost:${port}`)).toEqual({
      lobby: `http://localhost:${port}/home`,
      deposit: `http://localhost:${port}/deposit`,
    });
    expect(await socialReturn(`127.0.0.1:${port}`)).toBe(
      `http://127.0.0.1:${port}/api/member-service/social/facebook/callback`,
    );
    expect(await socialReturn(`localhost:${port}`)).toBe(
      `http://localhost:${port}/api/member-service/social/facebook/callback`,
    );
  });

  it.each([
    ['another site', 'evil.example'],
    ['another site on our port', `evil.example:${port}`],
    ['another port', '127.0.0.1:9'],
    ['another address', `10.9.8.7:${port}`],
    ['a path smuggled into the host', `evil.example/x?:${port}`],
    ['credentials smuggled into the host', `evil.example@127.0.0.1:${port}`],
  ])(
    'never follow a Host that names %s: the links use the address the connection reached',
    async (_, host) => {
      const links = await providerLinks(host);
      expect(links.lobby).toBe(`http://127.0.0.1:${port}/home`);
      expect(links.deposit).toBe(`http://127.0.0.1:${port}/deposit`);
      expect(await socialReturn(host)).toBe(
        `http://127.0.0.1:${port}/api/member-service/social/facebook/callback`,
      );
    },
  );

  it('ignore X-Forwarded-Host and X-Forwarded-Proto unless TRUST_PROXY says a proxy sets them', async () => {
    const links = await providerLinks(`127.0.0.1:${port}`, {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(links.lobby).toBe(`http://127.0.0.1:${port}/home`);
  });
});

describe('links back to the app with PUBLIC_URL or behind a proxy', () => {
  let configured: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    configured = await createTestApp({ PROVIDER_LAUNCH_URL, PUBLIC_URL: 'https://play.example.com' });
    proxied = await createTestApp({ PROVIDER_LAUNCH_URL, TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await configured.close();
    await proxied.close();
  });

  const launchThrough = async (app: TestApp, headers: Record<string, string>) => {
    const response = await app.app.inject({
      method: 'POST',
      url: launchPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams({ id: String(fruits), mode: 'demo' }).toString(),
    });
    return new URL((response.json() as { data: { url: string } }).data.url).searchParams.get('lobby_url');
  };

  it('use PUBLIC_URL whatever address the player opened', async () => {
    expect(await launchThrough(configured, { host: '127.0.0.1:8080' })).toBe('https://play.example.com/home');
    const start = await configured.app.inject({
      method: 'GET',
      url: authorizePath,
      headers: { host: 'localhost' },
    });
    expect(new URL(start.headers.location as string).searchParams.get('redirect_uri')).toBe(
      'https://play.example.com/api/member-service/social/facebook/callback',
    );
  });

  it('with TRUST_PROXY, follow the host and scheme the proxy forwards', async () => {
    expect(
      await launchThrough(proxied, {
        host: '10.0.0.5:8080',
        'x-forwarded-host': 'play.example.com',
        'x-forwarded-proto': 'https',
      }),
    ).toBe('https://play.example.com/home');
  });
});
