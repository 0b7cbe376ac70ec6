import { describe, expect, it, vi } from 'vitest';
import { createDrawApi } from './draw-api.ts';

function answer(data: unknown): Response {
  return new Response(JSON.stringify({ code: 0, msg: 'success', data }), {
    headers: { 'content-type': 'application/json' },
  });
}

describe('the draw engine’s public reads', () => {
  it('reads the draw, a proof, a page of the list and the chain, without any session', async () => {
    const fetcher = vi.fn(async () => answer({}));
    const api = createDrawApi('pt', fetcher);
    await api.draw(42);
    await api.proof(42, 7);
    await api.tickets(42, 1000, 1000);
    await api.chain();
    const calls = fetcher.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url]) => url)).toEqual([
      '/api/draw-service/draws/42',
      '/api/draw-service/draws/42/proof?ticketNo=7',
      '/api/draw-service/draws/42/tickets?after=1000&limit=1000',
      '/api/draw-service/beacon/chain',
    ]);
    for (const [, init] of calls) {
      expect(init.method).toBe('GET');
      expect(new Headers(init.headers).has('game-session')).toBe(false);
      expect(new Headers(init.headers).get('accept-language')).toBe('pt');
    }
  });
});
