import type { CountryProfile } from '@app/contracts/country';
import { siteDayOf } from '@app/contracts/site-day';
import { dayRange } from '../records-month.ts';

const HOUR = 3_600_000;

/** The site day of an instant: one definition for the server and the app (packages/contracts). */
export { siteDayOf };

/** The instants a site day spans: `from` inclusive, `to` exclusive (the next day's reset). */
export function siteDayRange(
  day: string,
  market: Pick<CountryProfile, 'timeZone' | 'promotions'>,
): { from: Date; to: Date } {
  const { from, to } = dayRange(day, market.timeZone);
  const shift = market.promotions.resetHour * HOUR;
  return { from: new Date(from.getTime() + shift), to: new Date(to.getTime() + shift) };
}

/** The site day before `day` (a streak continues from yesterday's claim). */
export function previousSiteDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - 1)).toISOString().slice(0, 10);
}
