import type { CountryProfile } from '@app/contracts/country';

const HOUR = 3_600_000;

/**
 * The market's site day (`YYYY-MM-DD`) of an instant: its calendar day in the market's time zone, starting
 * at the market's reset hour. The server's `siteDayOf` (promotions/site-day.ts) on the phone, so a "once a
 * day" on the screen turns over when the programmes' day does.
 */
export function siteDayOf(instant: Date, market: Pick<CountryProfile, 'timeZone' | 'promotions'>): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: market.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant.getTime() - market.promotions.resetHour * HOUR));
}
