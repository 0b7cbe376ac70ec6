// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, getCookie, hasCookie, setCookie } from './cookies.ts';

afterEach(() => {
  vi.restoreAllMocks();
  for (const name of ['app_notify', 'token', 'odd name', 'guid']) deleteCookie(name);
});

describe('cookies', () => {
  it('writes and reads a value', () => {
    setCookie('app_notify', '1', 7200);
    expect(getCookie('app_notify')).toBe('1');
    expect(hasCookie('app_notify')).toBe(true);
  });

  it('encodes names and values', () => {
    setCookie('odd name', 'a=b; c', 60);
    expect(getCookie('odd name')).toBe('a=b; c');
  });

  it('does not confuse names that share a prefix', () => {
    setCookie('guid', 'g', 60);
    expect(getCookie('gu')).toBeUndefined();
    expect(hasCookie('token')).toBe(false);
  });

  it('deletes', () => {
    setCookie('token', 't', 60);
    deleteCookie('token');
    expect(getCookie('token')).toBeUndefined();
  });

  it('expires with a zero max-age', () => {
    setCookie('app_notify', '1', 0);
    expect(hasCookie('app_notify')).toBe(false);
  });

  it("asks the browser once a task however many reads a render makes, and sees this app's writes at once", async () => {
    setCookie('token', 'first', 60);
    await Promise.resolve();
    const reads = vi.spyOn(document, 'cookie', 'get');
    for (let each = 0; each < 20; each += 1) expect(getCookie('token')).toBe('first');
    expect(reads).toHaveBeenCalledTimes(1);
    setCookie('token', 'second', 60);
    expect(getCookie('token')).toBe('second');
    await Promise.resolve();
    reads.mockClear();
    getCookie('token');
    expect(reads).toHaveBeenCalledTimes(1);
  });
});
