import { describe, expect, it } from 'vitest';
import {
  cashDrawEntry,
  entryCode,
  isValidSeed,
  parseCashDrawEntry,
  splitCashDraw,
  type CashDrawPrizeRules,
} from './cash-draw.ts';
import { cryptoRandomBelow } from './lottery.ts';

const RULES: CashDrawPrizeRules = { houseShare: 20, shares: [40, 20, 15, 15, 10] };

describe('a cash draw entry', () => {
  it('takes a seed of 5 to 10 letters and digits only (spec §5)', () => {
    for (const seed of ['abcde', 'A1b2C3d4E5', '12345', 'ZZZZZZ']) expect(isValidSeed(seed)).toBe(true);
    for (const seed of ['abcd', 'abcdefghijk', 'abc de', 'abc-de', 'abcdé', 'ab:cde', '', '１２３４５']) {
      expect(isValidSeed(seed)).toBe(false);
    }
  });

  it('is `CODE:seed` in the committed list, the seed empty when none', () => {
    expect(cashDrawEntry('K7Q2M9XA', 'lucky7')).toBe('K7Q2M9XA:lucky7');
    expect(cashDrawEntry('K7Q2M9XA', null)).toBe('K7Q2M9XA:');
    expect(parseCashDrawEntry('K7Q2M9XA:lucky7')).toEqual({ code: 'K7Q2M9XA', seed: 'lucky7' });
    expect(parseCashDrawEntry('K7Q2M9XA:')).toEqual({ code: 'K7Q2M9XA', seed: null });
    expect(() => cashDrawEntry('k7q2m9xa', null)).toThrow();
    expect(() => cashDrawEntry('K7Q2M9XA', 'no')).toThrow();
    expect(() => parseCashDrawEntry('K7Q2M9XA:a:b')).toThrow();
  });

  it('gets a code of 8 upper-case letters and digits from the CSPRNG', () => {
    const codes = new Set(Array.from({ length: 500 }, () => entryCode(cryptoRandomBelow)));
    expect(codes.size).toBe(500);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{8}$/);
  });
});

describe('the cash draw split', () => {
  it('gives the house its share and the winners theirs of the rest and the reserve', () => {
    const split = splitCashDraw({ sales: 100_000, reserve: 5_000, rules: RULES, winners: 5 });
    expect(split.houseShare).toBe(20_000);
    expect(split.pool).toBe(85_000);
    expect(split.prizes).toEqual([34_000, 17_000, 12_750, 12_750, 8_500]);
    expect(split.rolloverOut).toBe(0);
  });

  it('rolls the prizes nobody holds and the rounding over, to the minor unit', () => {
    const split = splitCashDraw({ sales: 3_333, reserve: 0, rules: RULES, winners: 2 });
    expect(split.prizes.slice(2)).toEqual([0, 0, 0]);
    expect(split.houseShare + split.paid + split.rolloverOut).toBe(3_333);
    for (let sales = 0; sales < 5_000; sales += 7) {
      for (let winners = 0; winners <= 5; winners += 1) {
        const each = splitCashDraw({ sales, reserve: sales % 13, rules: RULES, winners });
        expect(each.houseShare + each.paid + each.rolloverOut).toBe(sales + each.rolloverIn);
      }
    }
  });

  it('refuses shares above 100 %', () => {
    expect(() =>
      splitCashDraw({ sales: 1, reserve: 0, rules: { houseShare: 10, shares: [60, 50] }, winners: 1 }),
    ).toThrow();
  });
});
