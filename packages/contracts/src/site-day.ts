import type { CountryProfile } from './country.ts';

const HOUR = 3_600_000;

/**
 * The site day (`YYYY-MM-DD`) an instant belongs to: the market's calendar day in its time zone, starting
 * at the market's reset hour (country profile `promotions.resetHour`). The ONE definition every daily
 * programme uses, for its claim and its streak alike (sign-in, daily spins, rain slots, daily tasks), on the
 * server and, for "once a day" on the screen, in the app: mixing "24 h since the last claim" with calendar
 * days is how another project left most players stuck on day 1. Our markets keep no daylight saving time,
 * so a reset hour is always the same offset from midnight. What may be claimed is always the server's answer.
 */
export function siteDayOf(instant: Date, market: Pick<CountryProfile, 'timeZone' | 'promotions'>): string {
  return dayFormatOf(market.timeZone).format(
    new Date(instant.getTime() - market.promotions.resetHour * HOUR),
  );
}

// One formatter per time zone, kept: building an Intl formatter costs tens of microseconds, and the money
// facts' consumers ask for the site day of every bet (issue 22: it was a visible part of a provider round).
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The kept formatter of a calendar day (`YYYY-MM-DD`) in a time zone. */
export function dayFormatOf(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}
