import type { CountryProfile } from '@app/contracts/country';
import { dayOf, dayRange } from '../records-month.ts';

const HOUR = 3_600_000;

/**
 * The site day (`YYYY-MM-DD`) an instant belongs to: the market's calendar day, starting at the market's
 * reset hour (country profile `promotions.resetHour`). The ONE definition every daily programme uses, for
 * its claim and its streak alike (sign-in, daily spins, rain slots): mixing "24 h since the last claim"
 * with calendar days is how another project left most players stuck on day 1 (reference §1). Our markets
 * keep no daylight saving time, so a reset hour is always the same offset from midnight.
 */
export function siteDayOf(instant: Date, market: Pick<CountryProfile, 'timeZone' | 'promotions'>): string {
  return dayOf(new Date(instant.getTime() - market.promotions.resetHour * HOUR), market.timeZone);
}

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
