// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readLocalCopy, withLocalCopy } from './local-copy.ts';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('withLocalCopy', () => {
  it('keeps each good answer and serves it when the network fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await withLocalCopy('advert:en:500101', async () => [{ id: 1 }]);
    expect(readLocalCopy('advert:en:500101')).toEqual([{ id: 1 }]);
    const offline = await withLocalCopy('advert:en:500101', () => Promise.reject(new Error('offline')));
    expect(offline).toEqual([{ id: 1 }]);
  });

  it('fails when there is no copy to fall back on', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(withLocalCopy('menu:en:1', () => Promise.reject(new Error('offline')))).rejects.toThrow(
      'offline',
    );
  });
});
