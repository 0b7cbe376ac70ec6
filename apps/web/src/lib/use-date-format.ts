import type { Language } from '@app/contracts/config';
import { useMemo } from 'react';
import { useTranslation } from './i18n.ts';
import { useSettings } from './settings.ts';

/**
 * Dates speak the player's language in the market's region: French in Kenya is `fr-KE` ("25 nov. 2026"),
 * Portuguese in Brazil `pt-BR`. Intl falls back to the language alone where the pair has no data. The
 * market's locale alone (`en-KE`) kept months in English for a French or Portuguese player.
 */
export function displayLocale(language: Language, marketLocale: string): string {
  const region = new Intl.Locale(marketLocale).region;
  return region ? `${language}-${region}` : language;
}

export function useDisplayLocale(): string {
  const { language } = useTranslation();
  const { country } = useSettings();
  return displayLocale(language, country.locale);
}

/** Date and time in the player's language ("22 Nov 2026, 14:05"); an unreadable time shows as nothing. */
export function useTimeFormat(): (iso: string) => string {
  const locale = useDisplayLocale();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? '' : format.format(date);
    };
  }, [locale]);
}
