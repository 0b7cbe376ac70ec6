import { ERRORS } from '@app/contracts/errors';
import { GAME_SESSION_HEADER } from '@app/contracts/inhouse';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApi, errorAction, errorText, NETWORK_ERROR, SESSION_HEADER } from './api.ts';

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('the in-house play API', () => {
  it('sends the game session token in the contracts’ header, and the language', async () => {
    expect(SESSION_HEADER).toBe(GAME_SESSION_HEADER);
    const fetcher = vi.fn(async () =>
      answer({ code: 0, msg: 'success', data: { list: [], page: 2, size: 20 } }),
    );
    const api = createApi('tok-1', 'fr', fetcher);
    await expect(api.rounds(2, 20)).resolves.toEqual({ list: [], page: 2, size: 20 });
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/game-center/inhouse/rounds?page=2&size=20');
    expect(init.method).toBe('GET');
    expect(new Headers(init.headers).get('game-session')).toBe('tok-1');
    expect(new Headers(init.headers).get('accept-language')).toBe('fr');
  });

  it('posts JSON bodies', async () => {
    const fetcher = vi.fn(async () => answer({ code: 0, msg: 'success', data: {} }));
    await createApi('tok', 'en', fetcher).bet(1_000, { target: 5_000, direction: 'under' });
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/game-center/inhouse/bet');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      stake: 1_000,
      options: { target: 5_000, direction: 'under' },
    });
  });

  it('turns an error envelope into an ApiError with the server’s code and message', async () => {
    const fetcher = vi.fn(async () =>
      answer({ code: 3001, msg: 'Insufficient balance, please recharge', data: null }, 409),
    );
    const error = await failure(createApi('tok', 'en', fetcher).bet(1_000, {}));
    expect(error.code).toBe(3001);
    expect(error.message).toBe('Insufficient balance, please recharge');
  });

  it('reports a network failure or a non-JSON answer as a network error', async () => {
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect((await failure(createApi('tok', 'en', offline).session())).code).toBe(NETWORK_ERROR);
    const html = vi.fn(async () => new Response('<html>', { status: 200 }));
    expect((await failure(createApi('tok', 'en', html).session())).code).toBe(NETWORK_ERROR);
    const gateway = vi.fn(
      async () => new Response('bad gateway', { status: 502, statusText: 'Bad Gateway' }),
    );
    expect((await failure(createApi('tok', 'en', gateway).session())).code).toBe(ERRORS.INTERNAL.code);
  });
});

describe('what the page does with an API error', () => {
  const error = (code: number, msg = 'server says') => new ApiError(code, msg);

  it('maps insufficient balance to the cashier, one device to the app, an ended session to the end', () => {
    expect(errorAction(error(ERRORS.INSUFFICIENT_BALANCE.code))).toBe('cashier');
    expect(errorAction(error(ERRORS.ONE_DEVICE.code))).toBe('one-device');
    expect(errorAction(error(ERRORS.GAME_SESSION_INVALID.code))).toBe('ended');
    expect(errorAction(error(ERRORS.GAME_STAKE_LIMIT.code))).toBe('message');
    expect(errorAction(new Error('boom'))).toBe('message');
  });

  it('shows the server’s message in English, the catalogue’s in French and Portuguese', () => {
    const translate = (code: number) =>
      code === 5012 ? 'La mise est en dehors des limites de ce jeu' : undefined;
    expect(errorText(error(5012, 'The stake is outside the limits of this game'), 'en', translate)).toBe(
      'The stake is outside the limits of this game',
    );
    expect(errorText(error(5012, 'The stake is outside the limits of this game'), 'fr', translate)).toBe(
      'La mise est en dehors des limites de ce jeu',
    );
    // A code the catalogue does not know: the server's message in any language.
    expect(errorText(error(1234, 'Something specific'), 'fr', translate)).toBe('Something specific');
  });

  it('words a network failure itself', () => {
    const translate = (code: number) => (code === NETWORK_ERROR ? 'No connection' : undefined);
    expect(errorText(new ApiError(NETWORK_ERROR, 'network'), 'en', translate)).toBe('No connection');
  });
});
