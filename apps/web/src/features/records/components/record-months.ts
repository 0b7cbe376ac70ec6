/**
 * The month filter of the records pages: every month (no filter), then this month and the eleven before
 * it, as `YYYY-MM` (the server's `monthOfYear`).
 */
export const ALL_MONTHS = '';
export const MONTHS_OFFERED = 12;

export function recordMonths(now: Date, count = MONTHS_OFFERED): string[] {
  const months: string[] = [];
  for (let back = 0; back < count; back += 1) {
    const date = new Date(now.getFullYear(), now.getMonth() - back, 1);
    months.push(`${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

/** "November 2026" in the player's language (`useDisplayLocale`). */
export function monthLabel(month: string, locale: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber) return month;
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(
    new Date(year, monthNumber - 1, 1),
  );
}
