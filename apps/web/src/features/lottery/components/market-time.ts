import { useMemo } from 'react';
import { useDisplayLocale } from '../../../lib/use-date-format.ts';
import { useSettings } from '../../../lib/settings.ts';

/**
 * Draw times as the market keeps them (its time zone: the schedule is "Wednesday 21:00 in Nairobi"), in
 * the player's language.
 */
export function useMarketTime(): (iso: string) => string {
  const locale = useDisplayLocale();
  const { country } = useSettings();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, {
      timeZone: country.timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    return (iso: string) => format.format(new Date(iso));
  }, [locale, country.timeZone]);
}

/** The weekday names 0 Sunday … 6 Saturday in the player's language (the schedule's days). */
export function useWeekdays(): (day: number) => string {
  const locale = useDisplayLocale();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    // 2026-11-22 is a Sunday.
    return (day: number) => format.format(new Date(Date.UTC(2026, 10, 22 + day)));
  }, [locale]);
}
