import { addDays, calendarDayOf } from '@app/contracts/market-calendar';
import {
  regulatorDeadlineOf,
  type RegulatorExportRun,
  type RegulatorExports,
} from '@app/contracts/regulator';

/** The days the route reports when asked for none (the last 14 before today). */
const DAYS_SHOWN = 14;

/** A day's place in the feed, from its runs and the clock. */
export type FeedDayState = 'sent' | 'sentLate' | 'running' | 'failed' | 'pending' | 'overdue';

export type FeedDay = {
  day: string;
  state: FeedDayState;
  /** The run whose files were sent (the latest finished one), else the latest run. */
  run: RegulatorExportRun | undefined;
  /** Every run of the day (retries and re-runs). */
  tries: number;
  dueAt: Date;
};

/**
 * Each day of the feed, newest first: sent (its files are in the store the regulator collects from, on time
 * or late), running, failed (its error; the job tries again each quarter of an hour), or with no run yet:
 * pending before the day's deadline, overdue after it. A day with a finished run stays sent whatever a later
 * re-run does (the download serves the latest finished run). The days expected are yesterday and, of the
 * last 14, those since the feed's first run ever: the job exports the previous day from its first start on,
 * so the days before an installation are not overdue, and a feed that stopped shows every day it missed.
 */
export function feedDays(feed: RegulatorExports, now: Date): FeedDay[] {
  const yesterday = addDays(calendarDayOf(now, feed.timeZone), -1);
  const days = new Set<string>(feed.runs.map((run) => run.day));
  for (let back = 0; back < DAYS_SHOWN; back += 1) {
    const day = addDays(yesterday, -back);
    if (back > 0 && (feed.firstDay === null || day < feed.firstDay)) break;
    days.add(day);
  }
  return [...days]
    .sort((a, b) => b.localeCompare(a))
    .map((day) => {
      const runs = feed.runs.filter((run) => run.day === day);
      const sent = runs.find((run) => run.status === 'done');
      const latest = runs[0];
      const dueAt = regulatorDeadlineOf(day, feed);
      const state: FeedDayState = sent
        ? sent.late
          ? 'sentLate'
          : 'sent'
        : latest
          ? latest.status === 'running'
            ? 'running'
            : 'failed'
          : now > dueAt
            ? 'overdue'
            : 'pending';
      return { day, state, run: sent ?? latest, tries: runs.length, dueAt };
    });
}
