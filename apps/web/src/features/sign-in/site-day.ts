import type { CountryProfile } from '@app/contracts/country';

const HOUR = 3_600_000;

/**
 * The market's site day (YYYY-MM-DD) as the server counts it (apps/server promotions/site-day.ts): the
 * calendar day in the market's time zone, starting at its reset hour. Only for "shown once per site day";
 * what may be claimed is always the server's answer.
 */
export function clientSiteDay(now: Date, market: Pick<CountryProfile, 'timeZone' | 'promotions'>): string {
  const shifted = new Date(now.getTime() - market.promotions.resetHour * HOUR);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: market.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(shifted);
}
