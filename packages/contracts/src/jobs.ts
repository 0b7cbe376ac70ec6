import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';

/**
 * Operators' view of the background jobs (docs/api.md "Operators: jobs"): every queue with its schedule,
 * next and last run and its runs counted by state, and the failed runs with their error. Times are ISO
 * 8601 instants; schedules are read in the market's time zone.
 */

export const JobScheduleSchema = zod.union([
  /** A cron expression (minutes) in the market's time zone. */
  zod.object({ cron: zod.string() }),
  /** A run every so many seconds (below a minute). */
  zod.object({ everySeconds: zod.number().int().positive() }),
]);

export const JobQueueSchema = zod.object({
  name: zod.string(),
  /** null for a queue in the database that this version defines no job for. */
  schedule: JobScheduleSchema.nullable(),
  timeZone: zod.string(),
  nextRunAt: zod.string().nullable(),
  lastRun: zod
    .object({
      /** active, completed, failed, retry or cancelled. */
      state: zod.string(),
      startedAt: zod.string(),
      endedAt: zod.string().nullable(),
    })
    .nullable(),
  /** The end of its latest successful run (kept 3 days), or null. */
  lastSuccessAt: zod.string().nullable(),
  /** Its latest failed run (out of tries, kept 3 days), with its error, or null. */
  lastFailure: zod.object({ at: zod.string(), error: zod.string() }).nullable(),
  /**
   * Failing now: its latest outcome is a failure (no success since the last failed run), or its latest
   * run failed and waits for its retry.
   */
  failing: zod.boolean(),
  /** Runs kept in the database (finished ones for 3 days), by state. */
  counts: zod.object({
    queued: zod.number().int(),
    active: zod.number().int(),
    completed: zod.number().int(),
    failed: zod.number().int(),
    cancelled: zod.number().int(),
  }),
});
export type JobQueue = zod.infer<typeof JobQueueSchema>;

export const JobsOverviewSchema = zod.object({
  timeZone: zod.string(),
  queues: zod.array(JobQueueSchema),
});
export type JobsOverview = zod.infer<typeof JobsOverviewSchema>;

/** A queue's name: lower case, digits and dashes (job-runner.ts). */
export const JobQueueNameSchema = zod.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/);

export const JobFailuresQuerySchema = zod.object({
  limit: wholeNumber(1, 500).default(50),
  /** Only this queue's failures; absent: every queue's. */
  queue: JobQueueNameSchema.optional(),
});

export const JobFailureSchema = zod.object({
  id: zod.string(),
  queue: zod.string(),
  /** Tries made, the first included. */
  attempts: zod.number().int(),
  startedAt: zod.string().nullable(),
  failedAt: zod.string().nullable(),
  error: zod.string(),
});
export type JobFailure = zod.infer<typeof JobFailureSchema>;

export const JobFailuresSchema = zod.object({ failures: zod.array(JobFailureSchema) });
