import { z as zod } from 'zod';

/**
 * The one rule for every date a client sends (a site day, a week's Monday, a month, an instant): a real
 * calendar date in the years the platform can have data for. `9999-12-27` reached the cash-back claim and
 * answered 500 (`RangeError: Invalid time value`), and `0001-01-01` answered a tax report for 1900
 * (`Date.UTC` reads years 0 to 99 as 1900 to 1999): both are refused here (issue 22 §4).
 */
export const EARLIEST_YEAR = 2000;
export const LATEST_YEAR = 2099;

const DAY = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const MONTH_DAY = /^(?:(\d{4})-)?(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const DAY_MESSAGE = `A day is written YYYY-MM-DD: a real date from ${EARLIEST_YEAR} to ${LATEST_YEAR}`;
export const MONTH_MESSAGE = `A month is written YYYY-MM, from ${EARLIEST_YEAR} to ${LATEST_YEAR}`;
export const INSTANT_MESSAGE = `An ISO 8601 date and time from ${EARLIEST_YEAR} to ${LATEST_YEAR}`;

function isYearInRange(year: number): boolean {
  return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
}

/** Whether day `date` of month `month` (1-12) exists in `year` (2026-02-30 does not). */
function existsInYear(year: number, month: number, date: number): boolean {
  const instant = new Date(Date.UTC(year, month - 1, date));
  return instant.getUTCMonth() === month - 1 && instant.getUTCDate() === date;
}

/** Whether `text` is `YYYY-MM-DD`, a day that exists, in the platform's years. */
export function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  return isYearInRange(year) && existsInYear(year, month, date);
}

/** `YYYY-MM-DD`: a site day, a week's Monday, a report's day. */
export const CalendarDaySchema = zod.string().refine(isCalendarDay, DAY_MESSAGE);

/** `YYYY-MM` in the platform's years. */
export const CalendarMonthSchema = zod.string().refine((text) => {
  const match = MONTH.exec(text);
  return match !== null && isYearInRange(Number(match[1]));
}, MONTH_MESSAGE);

/** `MM-DD` (every year; 02-29 is allowed) or `YYYY-MM-DD` (that year only). */
export const MonthDaySchema = zod.string().refine((text) => {
  const match = MONTH_DAY.exec(text);
  if (!match) return false;
  const year = match[1] === undefined ? undefined : Number(match[1]);
  if (year !== undefined && !isYearInRange(year)) return false;
  // A leap year for MM-DD, so 29 February is a date that exists (in the years that have it).
  return existsInYear(year ?? 2000, Number(match[2]), Number(match[3]));
}, `A date is MM-DD or YYYY-MM-DD: a real date, the year from ${EARLIEST_YEAR} to ${LATEST_YEAR}`);

/** An instant in ISO 8601 (`2026-03-01T00:00:00Z`, or a day) in the platform's years. */
export const InstantSchema = zod.string().refine((text) => {
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) return false;
  const time = Date.parse(text);
  return !Number.isNaN(time) && isYearInRange(new Date(time).getUTCFullYear());
}, INSTANT_MESSAGE);
