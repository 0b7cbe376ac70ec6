import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS, lockDelaySeconds } from './abuse-limits.ts';

describe('lockDelaySeconds', () => {
  it('lets the first free attempts go at once, then each waits double the last, from 2 s up to 15 min', () => {
    expect(lockDelaySeconds(4, 5)).toBe(0);
    expect(lockDelaySeconds(5, 5)).toBe(2);
    expect(lockDelaySeconds(6, 5)).toBe(4);
    expect(lockDelaySeconds(9, 5)).toBe(32);
    expect(lockDelaySeconds(40, 5)).toBe(LOGIN_LIMITS.maxDelaySeconds);
  });

  it('never allows 100 failures an hour on one account (ASVS 4.0.3 §2.2.1)', () => {
    let failures = 0;
    let elapsed = 0;
    while (elapsed < 3600) {
      failures += 1;
      elapsed += lockDelaySeconds(failures, LOGIN_LIMITS.accountFreeFailures);
    }
    expect(failures).toBeLessThan(100);
    expect(failures).toBeLessThanOrEqual(20);
  });
});
