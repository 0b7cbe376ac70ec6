import type { CountryProfile } from './country.ts';

/**
 * The market's calendar, one module for the server and the app (issue 23 §2): calendar days, site days,
 * weeks and months in a market's time zone, and the instants they span. A day is written `YYYY-MM-DD`, a
 * month `YYYY-MM`. Our markets keep no daylight saving time, but nothing here assumes it: a day's bounds
 * are found from the zone's own offset at that day.
 */

const HOUR = 3_600_000;

type SiteDayMarket = Pick<CountryProfile, 'timeZone' | 'promotions'>;

// One formatter per time zone, kept: building an Intl formatter costs tens of microseconds, and the money
// facts' consumers ask for the site day of every bet (issue 22: it was a visible part of a provider round).
const dayFormats = new Map<string, Intl.DateTimeFormat>();

const clockFormats = new Map<string, Intl.DateTimeFormat>();
const DAY_PARTS = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;

/** The formatter of `options` in a time zone, built once and kept in `kept`. */
function keptFormat(
  kept: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let format = kept.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, ...options });
    kept.set(timeZone, format);
  }
  return format;
}

/** The kept formatter of a calendar day (`YYYY-MM-DD`) in a time zone. */
function dayFormatOf(timeZone: string): Intl.DateTimeFormat {
  return keptFormat(dayFormats, timeZone, DAY_PARTS);
}

/** An instant's date and 24-hour time in a time zone, as two-digit parts (a four-digit year). */
export function localTimeOf(
  instant: Date,
  timeZone: string,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const format = keptFormat(clockFormats, timeZone, {
    ...DAY_PARTS,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  const { year = '', month = '', day = '', hour = '', minute = '', second = '' } = parts;
  return { year, month, day, hour, minute, second };
}

/** The calendar day of an instant in a time zone (midnight to midnight). */
export function calendarDayOf(instant: Date, timeZone: string): string {
  return dayFormatOf(timeZone).format(instant);
}

/**
 * The site day (`YYYY-MM-DD`) an instant belongs to: the market's calendar day in its time zone, starting
 * at the market's reset hour (country profile `promotions.resetHour`). The ONE definition every daily
 * programme uses, for its claim and its streak alike (sign-in, daily spins, rain slots, daily tasks), on the
 * server and, for "once a day" on the screen, in the app: mixing "24 h since the last claim" with calendar
 * days is how another project left most players stuck on day 1. What may be claimed is always the server's
 * answer.
 */
export function siteDayOf(instant: Date, market: SiteDayMarket): string {
  return calendarDayOf(new Date(instant.getTime() - market.promotions.resetHour * HOUR), market.timeZone);
}

function partsOf(day: string): [year: number, month: number, date: number] {
  return day.split('-').map(Number) as [number, number, number];
}

/** The calendar day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = partsOf(day);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The weekday of a calendar day: 0 Sunday … 6 Saturday. */
export function weekdayOf(day: string): number {
  const [year, month, date] = partsOf(day);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}

/** The Monday starting the week that holds a calendar day (our weeks start on Monday). */
export function mondayOf(day: string): string {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

/** The market's week (its Monday) an instant falls in, midnight to midnight in the time zone. */
export function weekOf(instant: Date, timeZone: string): string {
  return mondayOf(calendarDayOf(instant, timeZone));
}

/** ISO 8601 week of a calendar day: `YYYY-Www` (the week's Thursday decides its year). */
export function isoWeekOf(day: string): string {
  const [year, month, date] = partsOf(day);
  const instant = new Date(Date.UTC(year, month - 1, date));
  const weekday = instant.getUTCDay() || 7;
  instant.setUTCDate(instant.getUTCDate() + 4 - weekday);
  const weekYear = instant.getUTCFullYear();
  const week = Math.ceil(((instant.getTime() - Date.UTC(weekYear, 0, 1)) / 86_400_000 + 1) / 7);
  return `${weekYear}-W${String(week).padStart(2, '0')}`;
}

// Day starts are kept: the same few days are asked often (a claim's week, a report's day), and finding a
// zone's offset costs more than a claim's SQL.
const dayStarts = new Map<string, number>();

/** Midnight starting a calendar day in a time zone, as an instant. */
export function midnightOf(day: string, timeZone: string): Date {
  const key = `${day}|${timeZone}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    const [year, month, date] = partsOf(day);
    start = localMidnight(year, month, date, timeZone);
    if (dayStarts.size > 10_000) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return new Date(start);
}

function localMidnight(year: number, month: number, date: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, date);
  const parts: Record<string, number> = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(guess))
      .map((part) => [part.type, Number(part.value)]),
  );
  const at = (type: string) => parts[type] ?? 0;
  const local = Date.UTC(at('year'), at('month') - 1, at('day'), at('hour'), at('minute'), at('second'));
  return guess - (local - guess);
}

/** The instants a calendar day spans in a time zone: `from` inclusive, `to` exclusive. */
export function dayRange(day: string, timeZone: string): { from: Date; to: Date } {
  return { from: midnightOf(day, timeZone), to: midnightOf(addDays(day, 1), timeZone) };
}

/** The instant the calendar day holding `now` began: midnight in the time zone. */
export function startOfDay(now: Date, timeZone: string): Date {
  return midnightOf(calendarDayOf(now, timeZone), timeZone);
}

/** The instants a site day spans: `from` inclusive, `to` exclusive (the next day's reset). */
export function siteDayRange(day: string, market: SiteDayMarket): { from: Date; to: Date } {
  const { from, to } = dayRange(day, market.timeZone);
  const shift = market.promotions.resetHour * HOUR;
  return { from: new Date(from.getTime() + shift), to: new Date(to.getTime() + shift) };
}

/** The instants a week (its Monday) spans: Monday 00:00 inclusive, the next Monday 00:00 exclusive. */
export function weekRange(week: string, timeZone: string): { from: Date; to: Date } {
  return { from: midnightOf(week, timeZone), to: midnightOf(addDays(week, 7), timeZone) };
}

/**
 * The instants a month (`YYYY-MM`) spans in a time zone: `from` inclusive, `to` exclusive. The records
 * queries filter `created_at` by this range, which an index on (member, id) serves without a date per row.
 */
export function monthRange(month: string, timeZone: string): { from: Date; to: Date } {
  const [year, monthOfYear] = month.split('-').map(Number) as [number, number];
  const next = monthOfYear === 12 ? `${year + 1}-01` : `${year}-${String(monthOfYear + 1).padStart(2, '0')}`;
  return { from: midnightOf(`${month}-01`, timeZone), to: midnightOf(`${next}-01`, timeZone) };
}
