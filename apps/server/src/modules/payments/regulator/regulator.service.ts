import { Readable } from 'node:stream';
import { addDays, calendarDayOf } from '@app/contracts/market-calendar';
import type { RegulatorExportRun, RegulatorExports } from '@app/contracts/regulator';
import { AppError } from '../../../http/app-error.ts';
import type { Job } from '../../../jobs/job-runner.ts';
import {
  contentTypeOf,
  deadlineOf,
  formatOf,
  partKey,
  runDailyExport,
  runOf,
  type RegulatorDeps,
} from './regulator-export.ts';
import { liveFeedJob } from './regulator-live.ts';
import * as repository from './regulator.repository.ts';

export { runDailyExport, type RegulatorDeps } from './regulator-export.ts';
export { liveFeed, storeLiveBatches } from './regulator-live.ts';

/**
 * The regulator's feed (issue 25 §4; docs/compliance.md "The regulator's feed"): the day's export produced
 * on time by a job, Kenya's near-real-time feed, and what operators read of them. The index of the module's
 * public API; the export is in regulator-export.ts, the live feed in regulator-live.ts, the formats in
 * regulator-formats.ts.
 */

/** How long after local midnight the previous day is exported: transactions begun before it have committed. */
export const SETTLE_MINUTES = 15;
/** A run still `running` after this is taken as stopped with its process (the job may start another). */
const ABANDONED_MINUTES = 30;

/**
 * One pass of the daily job: exports the previous local day unless it has a finished run or one in progress,
 * once the day has settled. A failed run is tried again on the next pass, every quarter of an hour until it
 * succeeds, well before the deadline (06:00). The run, or undefined when there was nothing to do.
 */
export async function exportPreviousDay(
  deps: RegulatorDeps,
  now: Date = new Date(),
): Promise<RegulatorExportRun | undefined> {
  const { db, country } = deps;
  const today = calendarDayOf(now, country.timeZone);
  const settled = calendarDayOf(new Date(now.getTime() - SETTLE_MINUTES * 60_000), country.timeZone);
  if (settled !== today) return undefined;
  const day = addDays(today, -1);
  await repository.failAbandonedRuns(db, country.code, new Date(now.getTime() - ABANDONED_MINUTES * 60_000));
  if (await repository.findLatestRun(db, country.code, day, ['done', 'running'])) return undefined;
  return runDailyExport(deps, day);
}

/** The jobs: the daily export every quarter of an hour (cheap when done), and the live feed where the law asks. */
export function regulatorJobs(deps: RegulatorDeps): Job[] {
  const daily: Job = {
    name: 'regulator-daily-export',
    schedule: { cron: '*/15 * * * *' },
    run: () => exportPreviousDay(deps),
  };
  return deps.country.compliance.regulatorFeed.nearRealTime ? [daily, liveFeedJob(deps.db, deps)] : [daily];
}

/** The runs of a day (or of the last 14 days), and the live feed's progress. */
export async function getExports(deps: RegulatorDeps, day?: string): Promise<RegulatorExports> {
  const { db, country } = deps;
  const since = addDays(calendarDayOf(new Date(), country.timeZone), -14);
  const rows = await repository.findRuns(db, country.code, day ? { day } : { since });
  const live = country.compliance.regulatorFeed.nearRealTime
    ? await repository.liveFeedSummary(db, country.code)
    : undefined;
  return {
    format: country.compliance.regulatorFeed.format,
    dailyDeadline: country.compliance.regulatorFeed.dailyDeadline,
    timeZone: country.timeZone,
    firstDay: (await repository.findFirstDay(db, country.code)) ?? null,
    runs: rows.map((row) => runOf(country, row)),
    live: live
      ? {
          batches: Number(live.batches),
          waiting: Number(live.waiting),
          lastTransactionId: live.last_transaction_id === null ? null : Number(live.last_transaction_id),
          lastStoredAt: live.last_stored_at ? new Date(live.last_stored_at).toISOString() : null,
        }
      : null,
  };
}

/**
 * One file of the day's latest finished run, read from the store a part at a time as it is sent
 * (NOT_FOUND: no finished run that day, or no such file in the format).
 */
export async function readExportFile(
  deps: RegulatorDeps,
  day: string,
  name: string,
): Promise<{ fileName: string; contentType: string; bytes: number; checksum: string; body: Readable }> {
  const run = await repository.findLatestRun(deps.db, deps.country.code, day, ['done']);
  const file = run?.files.find((each) => each.name === name);
  if (!run || !file) throw new AppError('NOT_FOUND');
  const { store } = deps;
  async function* parts() {
    for (let part = 1; part <= file!.parts; part += 1) {
      const content = await store.get(partKey({ id: Number(run!.id), day }, name, part));
      if (!content) throw new Error(`regulator export: part ${part} of ${name} (run ${run!.id}) is missing`);
      yield content;
    }
  }
  return {
    fileName: `${run.format}-${day}-${name}`,
    contentType: contentTypeOf(name),
    bytes: file.bytes,
    checksum: file.checksum,
    body: Readable.from(parts()),
  };
}

export { deadlineOf, formatOf };
