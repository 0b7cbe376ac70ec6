import { COUNTRY_PROFILES } from '@app/contracts/country';
import { formatMoney, formatMoneyCompact } from '@app/contracts/money';
import { describe, expect, it } from 'vitest';
import { moneyLocale } from './use-money-format.ts';
import { displayLocale } from './use-date-format.ts';

const KE = COUNTRY_PROFILES.KE;
const inKenya = (language: 'en' | 'fr' | 'pt' | 'sw') => ({
  scale: KE.scale,
  decimals: KE.decimals,
  locale: moneyLocale(language, KE),
});

describe('sw-KE: Swahili in Kenya', () => {
  it('writes amounts in sw-KE, the Kenyan way: comma thousands, point decimals', () => {
    expect(moneyLocale('sw', KE)).toBe('sw-KE');
    expect(formatMoney(123_456_789, inKenya('sw'))).toBe('1,234,567.89');
    expect(formatMoney(5_000, inKenya('sw'))).toBe('50.00');
    expect(formatMoneyCompact(1_234_500, inKenya('sw'))).toBe('12.34K');
    // The same figures as in English: a player switching language reads the same amounts.
    expect(formatMoney(123_456_789, inKenya('en'))).toBe(formatMoney(123_456_789, inKenya('sw')));
  });

  it('keeps the market’s format for a language that is not the market’s own', () => {
    expect(moneyLocale('fr', KE)).toBe('en-KE');
    expect(formatMoney(123_456_789, inKenya('fr'))).toBe('1,234,567.89');
    expect(moneyLocale('pt', COUNTRY_PROFILES.BR)).toBe('pt-BR');
    expect(moneyLocale('fr', COUNTRY_PROFILES.CM)).toBe('fr-CM');
  });

  it('writes dates with Swahili days and months', () => {
    const locale = displayLocale('sw', KE.locale);
    expect(locale).toBe('sw-KE');
    const day = new Date(Date.UTC(2026, 10, 25, 11, 5));
    const long = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: KE.timeZone });
    expect(long.format(day)).toBe('Jumatano, 25 Novemba 2026');
    const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
    expect(month.format(day)).toBe('Novemba 2026');
    const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: KE.timeZone });
    expect(time.format(day)).toBe('14:05');
  });
});
