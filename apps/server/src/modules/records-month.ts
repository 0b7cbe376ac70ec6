/**
 * The instants a records month (`monthOfYear`, `YYYY-MM`) spans in the country's time zone: `from`
 * inclusive, `to` exclusive. Both records queries filter `created_at` by this range, which an index on
 * (member, id) serves without computing a date per row.
 */
export function monthRange(monthOfYear: string, timeZone: string): { from: Date; to: Date } {
  const [year, month] = monthOfYear.split('-').map(Number) as [number, number];
  const [nextYear, nextMonth] = month === 12 ? [year + 1, 1] : [year, month + 1];
  return {
    from: localMidnight(year, month, 1, timeZone),
    to: localMidnight(nextYear, nextMonth, 1, timeZone),
  };
}

/**
 * The instants a day (`YYYY-MM-DD`, a real date) spans in the country's time zone: `from` inclusive, `to`
 * exclusive (the operator's daily tax report).
 */
export function dayRange(day: string, timeZone: string): { from: Date; to: Date } {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  return {
    from: localMidnight(year, month, date, timeZone),
    to: localMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone),
  };
}

/** The calendar day of an instant in a time zone, `YYYY-MM-DD`. */
export function dayOf(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** Midnight at the start of a day in a time zone, as an instant. */
function localMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day);
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
  return new Date(guess - (local - guess));
}

/** The instant the market day holding `now` began: midnight in the country's time zone. */
export function dayStart(now: Date, timeZone: string): Date {
  return dayRange(dayOf(now, timeZone), timeZone).from;
}
