import type { Language } from '@app/contracts/config';
import type { CountryProfile } from '@app/contracts/country';
import { formatMoney, formatMoneyCompact, type MoneyFormat } from '@app/contracts/money';
import { useMemo } from 'react';
import { useTranslation } from './i18n.ts';
import { useSettings } from './settings.ts';
import { displayLocale } from './use-date-format.ts';

/**
 * The locale amounts are written in. In a language of the market's own (its default, or one it follows
 * the phone for: Swahili in Kenya is `sw-KE`) the language's regional format is the market's; any other
 * language keeps the market's locale, so a French player in Kenya reads "1,234.50" as M-PESA writes it,
 * not "1 234,50".
 */
export function moneyLocale(
  language: Language,
  country: Pick<CountryProfile, 'locale' | 'defaultLanguage' | 'phoneLanguages'>,
): string {
  const isOwn = language === country.defaultLanguage || country.phoneLanguages.includes(language);
  return isOwn ? displayLocale(language, country.locale) : country.locale;
}

/** Amounts in minor units shown the market's way (scale, decimals, locale from the country profile). */
export function useMoneyFormat() {
  const { country } = useSettings();
  const { language } = useTranslation();
  return useMemo(() => {
    const format: MoneyFormat = {
      scale: country.scale,
      decimals: country.decimals,
      locale: moneyLocale(language, country),
    };
    return {
      currency: country.currencySymbol,
      format: (minorUnits: number) => formatMoney(minorUnits, format),
      compact: (minorUnits: number) => formatMoneyCompact(minorUnits, format),
    };
  }, [country, language]);
}
