import { afterEach, describe, expect, it } from 'vitest';
import { formatAmount, formatSigned, moneyFor, pageMoney, type Money } from './money.ts';

const kes: Money = { currency: 'KES', symbol: 'KES', scale: 100, decimals: 2, locale: 'en-KE' };

afterEach(() => {
  document.head.innerHTML = '';
});

describe('money on the game pages', () => {
  it('shows minor units in the currency with thousands separators', () => {
    expect(formatAmount(123_456_789, kes)).toBe('KES 1,234,567.89');
    expect(formatAmount(1_000, kes)).toBe('KES 10.00');
    expect(formatAmount(0, kes)).toBe('KES 0.00');
  });

  it('signs the session’s net result', () => {
    expect(formatSigned(2_050, kes)).toBe('+KES 20.50');
    expect(formatSigned(-1_000, kes)).toBe('−KES 10.00');
    expect(formatSigned(0, kes)).toBe('KES 0.00');
  });

  it('takes the format the server wrote into the page', () => {
    const meta = document.createElement('meta');
    meta.name = 'money-format';
    meta.content = JSON.stringify({ currency: 'UGX', symbol: 'USh', scale: 1, decimals: 0, locale: 'en-UG' });
    document.head.append(meta);
    const money = moneyFor('UGX');
    expect(money).toEqual({ currency: 'UGX', symbol: 'USh', scale: 1, decimals: 0, locale: 'en-UG' });
    expect(formatAmount(25_000, money)).toBe('USh 25,000');
  });

  it('falls back to the currency’s ISO digits without (or with another) page format', () => {
    expect(pageMoney()).toBeUndefined();
    expect(moneyFor('KES')).toMatchObject({ currency: 'KES', scale: 100, decimals: 2 });
    expect(moneyFor('XAF', kes)).toMatchObject({ currency: 'XAF', scale: 1, decimals: 0 });
  });

  it('ignores a malformed page format', () => {
    const meta = document.createElement('meta');
    meta.name = 'money-format';
    meta.content = '{"currency":"KES"';
    document.head.append(meta);
    expect(pageMoney()).toBeUndefined();
  });
});
