/**
 * A report's period (issue 26 §6): its length rule without zod, so the back office checks a period before
 * asking without loading the schemas (back-office-reports.ts holds the route's schema, built on this).
 */

/** The longest period one report covers: a year, leap day included. */
export const REPORT_MAX_DAYS = 366;

/** Whole days from `from` to `to` (YYYY-MM-DD), both counted (`2026-06-01`..`2026-06-01` is 1). */
export function daysInPeriod(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Whether `from`..`to` is a period a report covers: it ends on or after its first day, within the maximum. */
export function isReportPeriod({ from, to }: { from: string; to: string }): boolean {
  const days = daysInPeriod(from, to);
  return days >= 1 && days <= REPORT_MAX_DAYS;
}
