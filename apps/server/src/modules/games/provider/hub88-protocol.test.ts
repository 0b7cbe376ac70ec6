import { describe, expect, it } from 'vitest';
import {
  hub88UserFor,
  memberIdOfHub88User,
  toHub88Units,
  toMinorUnits,
  unitsPerMinor,
} from './hub88-protocol.ts';

describe('Hub88 units', () => {
  it('convert exactly for currencies kept in hundredths and in whole units', () => {
    expect(unitsPerMinor(100)).toBe(1000); // KES: $3.56 is 356000, 356 cents
    expect(unitsPerMinor(1)).toBe(100_000); // UGX
    expect(toMinorUnits(356_000, 1000)).toBe(356);
    expect(toHub88Units(356, 1000)).toBe(356_000);
    expect(toMinorUnits(0, 1000)).toBe(0);
  });

  it('refuse what is not a whole number of minor units, negative, or not exact', () => {
    expect(toMinorUnits(356_001, 1000)).toBeUndefined();
    expect(toMinorUnits(50_000, 100_000)).toBeUndefined(); // half a shilling of UGX
    expect(toMinorUnits(-1000, 1000)).toBeUndefined();
    expect(toMinorUnits(2 ** 53 + 2, 1)).toBeUndefined();
    expect(() => unitsPerMinor(3)).toThrow();
  });
});

describe('the Hub88 user', () => {
  it('is the member id, at least six digits, and only that form is read back', () => {
    expect(hub88UserFor(42)).toBe('000042');
    expect(hub88UserFor(1_234_567)).toBe('1234567');
    expect(memberIdOfHub88User('000042')).toBe(42);
    expect(memberIdOfHub88User('1234567')).toBe(1_234_567);
    for (const other of ['42', '0000042', '00004x', '000000', '-00042', ' 000042', '4.2e1']) {
      expect(memberIdOfHub88User(other), other).toBeUndefined();
    }
  });
});
