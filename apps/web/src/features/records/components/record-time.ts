import { useMemo } from 'react';
import { useSettings } from '../../../lib/settings.ts';

/** Date and time the market's way ("22 Nov 2026, 14:05"). */
export function useTimeFormat(): (iso: string) => string {
  const { country } = useSettings();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(country.locale, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? '' : format.format(date);
    };
  }, [country.locale]);
}
