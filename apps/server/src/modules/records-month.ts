/**
 * The instants a records month (`monthOfYear`, `YYYY-MM`) spans in the country's time zone: `from`
 * inclusive, `to` exclusive. Both records queries filter `created_at` by this range, which an index on
 * (member, id) serves without computing a date per row.
 */
export function monthRange(monthOfYear: string, timeZone: string): { from: Date; to: Date } {
  const [year, month] = monthOfYear.split('-').map(Number) as [number, number];
  const [nextYear, nextMonth] = month === 12 ? [year + 1, 1] : [year, month + 1];
  return { from: monthStart(year, month, timeZone), to: monthStart(nextYear, nextMonth, timeZone) };
}

/** Midnight at the start of a month in a time zone, as an instant. */
function monthStart(year: number, month: number, timeZone: string): Date {
  return zonedMidnight(year, month, 1, timeZone);
}

/** The instant the market day holding `now` began: midnight in the country's time zone. */
export function dayStart(now: Date, timeZone: string): Date {
  const parts = zonedParts(now, timeZone);
  return zonedMidnight(parts.year, parts.month, parts.day, timeZone);
}

function zonedParts(instant: Date, timeZone: string) {
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
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  const at = (type: string) => parts[type] ?? 0;
  return {
    year: at('year'),
    month: at('month'),
    day: at('day'),
    hour: at('hour'),
    minute: at('minute'),
    second: at('second'),
  };
}

/** Midnight of a calendar day in a time zone, as an instant. */
function zonedMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day);
  const local = zonedParts(new Date(guess), timeZone);
  const localTime = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return new Date(guess - (localTime - guess));
}
