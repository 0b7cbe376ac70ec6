import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { createCrashApi } from './crash-api.ts';

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the crash game’s calls', () => {
  it('post with the session token and language, as every game’s calls do', async () => {
    const fetcher = vi.fn(async () => answer({ code: 0, msg: 'success', data: { ok: true } }));
    vi.stubGlobal('fetch', fetcher);
    await expect(createCrashApi('tok-7', 'pt').bet(42, 1_000, 150)).resolves.toEqual({ ok: true });
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/game-center/crash/bet');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('game-session')).toBe('tok-7');
    expect(new Headers(init.headers).get('accept-language')).toBe('pt');
    expect(JSON.parse(String(init.body))).toEqual({ roundId: 42, stake: 1_000, autoCashout: 150 });
  });

  it('fail with the frame’s ApiError, so the frame handles them as for every game', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer({ code: 3001, msg: 'Insufficient balance, please recharge', data: null }, 409),
      ),
    );
    const error = await createCrashApi('tok', 'en')
      .cashOut(5)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(3001);
  });
});
