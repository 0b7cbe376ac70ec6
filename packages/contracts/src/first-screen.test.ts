import { describe, expect, it } from 'vitest';
import { isIndexOfHome } from './first-screen.ts';

describe('isIndexOfHome', () => {
  it('is `/` without `r`, whether the query comes with its `?` (browser) or without (server)', () => {
    expect(isIndexOfHome('/', '')).toBe(true);
    expect(isIndexOfHome('/', '?utm=sms')).toBe(true);
    expect(isIndexOfHome('/', 'utm=sms')).toBe(true);
    expect(isIndexOfHome('/', '?r=/deposit')).toBe(false);
    expect(isIndexOfHome('/', 'x=1&r=%2Fdeposit')).toBe(false);
    expect(isIndexOfHome('/', '?rr=1')).toBe(true);
    expect(isIndexOfHome('/home', '')).toBe(false);
  });
});
