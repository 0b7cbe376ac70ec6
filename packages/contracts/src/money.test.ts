import { describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from './country.ts';
import { formatCompact, formatMoney, formatMoneyCompact } from './money.ts';

const kenya = COUNTRY_PROFILES.KE;

describe('formatMoney', () => {
  it('divides by the scale and shows the country decimals with thousands separators', () => {
    expect(formatMoney(123456789, kenya)).toBe('1,234,567.89');
    expect(formatMoney(1005, kenya)).toBe('10.05');
    expect(formatMoney(0, kenya)).toBe('0.00');
    expect(formatMoney(-250, kenya)).toBe('-2.50');
  });

  it('shows whole units for currencies without minor units', () => {
    expect(formatMoney(1500000, COUNTRY_PROFILES.UG)).toBe('1,500,000');
  });

  it('uses the locale separators', () => {
    expect(formatMoney(123456, COUNTRY_PROFILES.BR)).toBe('1.234,56');
  });
});

describe('formatCompact', () => {
  it.each([
    [999, '999'],
    [1000, '1K'],
    [1234, '1.23K'],
    [1999, '1.99K'],
    [1_500_000, '1.5M'],
    [2_345_678_901, '2.34B'],
    [12.345, '12.34'],
    [-1234, '-1.23K'],
  ])('%d → %s', (value, expected) => {
    expect(formatCompact(value)).toBe(expected);
  });

  it('never rounds a balance up', () => {
    expect(formatCompact(999_999)).toBe('999.99K');
  });

  it('formats minor units in compact form', () => {
    expect(formatMoneyCompact(1_234_500, kenya)).toBe('12.34K');
  });
});
