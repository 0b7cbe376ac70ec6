import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import { fromPglite, PgBoss, type ConstructorOptions, type Db } from 'pg-boss';
import type { JobFailure, JobQueue, JobsOverview } from '@app/contracts/jobs';
import type { DatabaseHandle } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/**
 * Background jobs on pg-boss (docs/decisions.md "Jobs on pg-boss"). Every job is a pg-boss queue; its
 * runs are rows in pg-boss's schema of our database, so a restart loses none and several processes share
 * them: each due run is fetched by one worker (SKIP LOCKED). The effect of a run is still made safe by the
 * job itself (rows claimed with conditional updates, money moved under idempotency keys): any queue can
 * run a job twice, so a replayed or late run must change nothing.
 */
export type Job = {
  /** The queue's name: lower case, digits and dashes. */
  name: string;
  /**
   * When it runs. `cron`: a cron expression (minutes) in the market's time zone, sent once per minute
   * across every process by pg-boss's scheduler. `everySeconds`: below a minute; each run first queues
   * the next one for the next slot of that length (one per slot across processes), and a schedule every
   * minute restarts the chain should it ever break.
   */
  schedule: { cron: string } | { everySeconds: number };
  /** One pass over due work. Safe twice, late, and on several processes at once. */
  run: () => Promise<unknown>;
  /**
   * The pass at start-up, when it differs: before this process serves a request it knows that nothing
   * of its own is in flight (in-house rounds). It runs in this process, before the app is ready.
   */
  runAtStart?: () => Promise<unknown>;
  /** Attempts after a failure before the run is marked failed (default 2). */
  retryLimit?: number;
  /**
   * Jobs of one group (same schedule) share one pg-boss queue, named by the group: each run of it runs every
   * job of the group in turn, and a job's failure is logged and fails the run without stopping the others.
   * For frequent jobs that are cheap when idle (the money facts' consumers, every 2 s): a queue polls, chains
   * its next run and records each run, statements a second that one queue pays once for all (issue 22).
   */
  group?: string;
};

/** A pg-boss queue: one job, or a group of jobs on one schedule. */
type Queue = { name: string; schedule: Job['schedule']; retryLimit: number; jobs: Job[] };

/** The queues of `jobs`: each ungrouped job its own, each group one (its jobs must share a schedule). */
function queuesOf(jobs: Job[]): Map<string, Queue> {
  const queues = new Map<string, Queue>();
  for (const job of jobs) {
    const name = job.group ?? job.name;
    const queue = queues.get(name);
    if (!queue) {
      queues.set(name, { name, schedule: job.schedule, retryLimit: job.retryLimit ?? 2, jobs: [job] });
      continue;
    }
    if (!job.group || JSON.stringify(queue.schedule) !== JSON.stringify(job.schedule)) {
      throw new Error(`jobs: ${job.name} cannot share the queue ${name} (a name twice, or another schedule)`);
    }
    queue.jobs.push(job);
    queue.retryLimit = Math.max(queue.retryLimit, job.retryLimit ?? 2);
  }
  return queues;
}

/** How pg-boss reaches our database: its own small pool on PostgreSQL, our PGlite session otherwise. */
export type JobsDatabase =
  { engine: 'postgres'; url: string } | { engine: 'pglite'; db: Kysely<Database>; pglite: PGlite };

export type JobRunnerOptions = {
  database: JobsDatabase;
  /** The market's time zone (country profile): cron schedules are read in it. */
  timeZone: string;
  jobs: Job[];
  log: { error: (details: object, message: string) => void };
  /** Fetch and run due jobs here (default true); false only keeps the queues and schedules. */
  work?: boolean;
  /** How often an idle worker looks for due runs (default 2 s). */
  pollingIntervalSeconds?: number;
};

export type JobRunner = {
  /** Creates or updates the queues and schedules, runs the start-up passes, then starts the workers. */
  start: () => Promise<void>;
  /** Stops fetching, waits for the runs in progress and closes pg-boss's connections. */
  stop: () => Promise<void>;
  /** Queues one run now, outside its schedule (tests, an operator's retry). */
  send: (name: string) => Promise<string | null>;
  overview: (now?: Date) => Promise<JobsOverview>;
  /** The latest failed runs, newest first: of every queue, or of `queue`. */
  failures: (limit: number, queue?: string) => Promise<JobFailure[]>;
};

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The app's job runner, when it runs the jobs (AppOptions.jobs). */
    jobs: JobRunner | undefined;
  }
}

/** How pg-boss reaches a database we opened (db/database.ts). */
export function jobsDatabaseOf(handle: DatabaseHandle): JobsDatabase {
  if (handle.engine === 'postgres') {
    if (!handle.url) throw new Error('a PostgreSQL handle without its address');
    return { engine: 'postgres', url: handle.url };
  }
  if (!handle.pglite) throw new Error('a PGlite handle without its instance');
  return { engine: 'pglite', db: handle.db, pglite: handle.pglite };
}

/** pg-boss's schema in our database (its default). */
const SCHEMA = 'pgboss';
/** Kept this long after they end, so operators see recent runs and failures. */
const KEEP_FINISHED_SECONDS = 3 * 24 * 60 * 60;
/** A run still active after this is taken as lost (its process died) and retried or failed. */
const EXPIRE_SECONDS = 5 * 60;

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { timeZone, jobs, log } = options;
  const boss = new PgBoss({
    ...connectionOf(options.database),
    schema: SCHEMA,
  });
  boss.on('error', (error) => log.error({ err: error }, 'pg-boss failed'));
  let started = false;

  const db = (): Db => boss.getDb();

  const queuesByName = queuesOf(jobs);

  const start = async () => {
    // Set first: a start that fails half-way is still stopped when the app closes.
    started = true;
    await boss.start();
    for (const queue of queuesByName.values()) {
      await boss.createQueue(queue.name, {
        retryLimit: queue.retryLimit,
        retryDelay: 'everySeconds' in queue.schedule ? queue.schedule.everySeconds : 30,
        expireInSeconds: EXPIRE_SECONDS,
        deleteAfterSeconds: KEEP_FINISHED_SECONDS,
      });
      if ('cron' in queue.schedule) {
        await boss.schedule(queue.name, queue.schedule.cron, null, { tz: timeZone });
      } else {
        const every = queue.schedule.everySeconds;
        // The chain's safety net: a run every minute, throttled into the chain's own slots.
        await boss.schedule(queue.name, '* * * * *', null, { tz: timeZone, singletonSeconds: every });
        await boss.send(queue.name, null, { singletonSeconds: every });
      }
    }
    // A schedule of a job this version no longer has would fill a queue nobody works.
    for (const schedule of await boss.getSchedules()) {
      if (!queuesByName.has(schedule.name)) await boss.unschedule(schedule.name, schedule.key);
    }

    for (const job of jobs) {
      if (!job.runAtStart) continue;
      try {
        await job.runAtStart();
      } catch (error) {
        log.error({ err: error, job: job.name }, 'start-up job failed');
      }
    }

    if (options.work === false) return;
    for (const queue of queuesByName.values()) {
      await boss.work(
        queue.name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        async () => {
          if ('everySeconds' in queue.schedule) {
            const every = queue.schedule.everySeconds;
            // The next run first, so a failing pass never breaks the chain.
            await boss.send(queue.name, null, {
              startAfter: every,
              singletonSeconds: every,
              singletonNextSlot: true,
            });
          }
          if (queue.jobs.length === 1) return queue.jobs[0]!.run();
          // A group: every job runs, whatever another's pass did; the run fails (and is retried) if one failed.
          const failed: unknown[] = [];
          for (const job of queue.jobs) {
            try {
              await job.run();
            } catch (error) {
              log.error({ err: error, job: job.name }, 'job failed');
              failed.push(error);
            }
          }
          if (failed.length > 0) throw failed[0];
        },
      );
    }
  };

  const stop = async () => {
    if (!started) return;
    started = false;
    await boss.stop({ graceful: true, close: true, timeout: 30_000 });
  };

  const overview = async (now = new Date()): Promise<JobsOverview> => {
    const { rows: counted } = await db().executeSql(
      `select name, state::text as state, count(*)::int as count, min(start_after) filter
         (where state in ('created', 'retry')) as next_at
       from ${SCHEMA}.job where name not like '\\_\\_pgboss%' group by name, state`,
      [],
    );
    const { rows: lastRuns } = await db().executeSql(
      `select distinct on (name) name, state::text as state, started_on, completed_on
       from ${SCHEMA}.job where started_on is not null and name not like '\\_\\_pgboss%'
       order by name, started_on desc`,
      [],
    );
    // Per queue: the end of its latest success, and its latest failure with the error it ended on.
    const { rows: outcomes } = await db().executeSql(
      `select name, max(completed_on) filter (where state = 'completed') as last_success_at,
         (array_agg(completed_on order by completed_on desc nulls last) filter (where state = 'failed'))[1] as failed_at,
         (array_agg(output order by completed_on desc nulls last) filter (where state = 'failed'))[1] as failed_output
       from ${SCHEMA}.job where state in ('completed', 'failed') and name not like '\\_\\_pgboss%'
       group by name`,
      [],
    );
    const queueNames = new Set<string>([
      ...queuesByName.keys(),
      ...counted.map((row: { name: string }) => row.name),
    ]);
    const queues: JobQueue[] = [...queueNames].sort().map((name) => {
      const rows = counted.filter((row: { name: string }) => row.name === name) as {
        state: string;
        count: number;
        next_at: Date | string | null;
      }[];
      const count = (state: string) => rows.find((row) => row.state === state)?.count ?? 0;
      const job = queuesByName.get(name);
      const queuedAt = rows
        .map((row) => (row.next_at ? new Date(row.next_at) : null))
        .filter((at): at is Date => at !== null)
        .sort((a, b) => a.getTime() - b.getTime())[0];
      const last = lastRuns.find((row: { name: string }) => row.name === name) as
        { state: string; started_on: Date | string; completed_on: Date | string | null } | undefined;
      const outcome = outcomes.find((row: { name: string }) => row.name === name) as
        | { last_success_at: Date | string | null; failed_at: Date | string | null; failed_output: unknown }
        | undefined;
      const lastSuccessAt = outcome?.last_success_at ? new Date(outcome.last_success_at) : null;
      const lastFailure = outcome?.failed_at
        ? { at: new Date(outcome.failed_at), error: errorMessageOf(outcome.failed_output) }
        : null;
      return {
        name,
        schedule: job ? describeSchedule(job.schedule) : null,
        timeZone,
        nextRunAt: nextRunOf(job, queuedAt, now)?.toISOString() ?? null,
        lastRun: last
          ? {
              state: last.state,
              startedAt: new Date(last.started_on).toISOString(),
              endedAt: last.completed_on ? new Date(last.completed_on).toISOString() : null,
            }
          : null,
        lastSuccessAt: lastSuccessAt?.toISOString() ?? null,
        lastFailure: lastFailure && { at: lastFailure.at.toISOString(), error: lastFailure.error },
        failing:
          last?.state === 'retry' ||
          (lastFailure !== null && (lastSuccessAt === null || lastFailure.at > lastSuccessAt)),
        counts: {
          queued: count('created') + count('retry'),
          active: count('active'),
          completed: count('completed'),
          failed: count('failed'),
          cancelled: count('cancelled'),
        },
      };
    });
    return { timeZone, queues };
  };

  const nextRunOf = (job: Queue | undefined, queuedAt: Date | undefined, now: Date): Date | undefined => {
    if (job && 'cron' in job.schedule) return nextCronRun(job.schedule.cron, timeZone, now);
    return queuedAt;
  };

  const failures = async (limit: number, queue?: string): Promise<JobFailure[]> => {
    const { rows } = await db().executeSql(
      `select id::text as id, name, retry_count, started_on, completed_on, output
       from ${SCHEMA}.job where state = 'failed' and name not like '\\_\\_pgboss%'
         and ($2::text is null or name = $2)
       order by completed_on desc nulls last limit $1`,
      [limit, queue ?? null],
    );
    return rows.map(
      (row: {
        id: string;
        name: string;
        retry_count: number;
        started_on: Date | string | null;
        completed_on: Date | string | null;
        output: unknown;
      }) => ({
        id: row.id,
        queue: row.name,
        attempts: row.retry_count + 1,
        startedAt: row.started_on ? new Date(row.started_on).toISOString() : null,
        failedAt: row.completed_on ? new Date(row.completed_on).toISOString() : null,
        error: errorMessageOf(row.output),
      }),
    );
  };

  return { start, stop, send: (name) => boss.send(name, null), overview, failures };
}

/** The next time a cron expression fires after `from`, read in `timeZone` (DST included). */
export function nextCronRun(cron: string, timeZone: string, from: Date): Date | undefined {
  preview ??= new PgBoss({ connectionString: 'postgres://preview-only.invalid/none' });
  return preview.previewSchedule(cron, { tz: timeZone, from, count: 1 })[0];
}

/** previewSchedule reads no database: one instance that is never started serves every call. */
let preview: PgBoss | undefined;

function describeSchedule(schedule: Job['schedule']): JobQueue['schedule'] {
  return 'cron' in schedule ? { cron: schedule.cron } : { everySeconds: schedule.everySeconds };
}

function errorMessageOf(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) return String(output.message);
  return output === null || output === undefined ? '' : JSON.stringify(output);
}

function connectionOf(database: JobsDatabase): ConstructorOptions {
  if (database.engine === 'postgres') {
    // Its own few connections: workers, the scheduler and maintenance, beside the app's pool.
    return { connectionString: database.url, max: 3, application_name: 'jobs' };
  }
  // PGlite is one session. pg-boss's statements take it through the same queue as the app's queries
  // (PGliteDialect), so none lands inside a transaction of ours; each is one call (a multi-statement
  // block without parameters goes through exec, as pg-boss's own PGlite adapter does).
  const direct = fromPglite(database.pglite);
  return {
    backend: 'pglite',
    db: {
      executeSql: (text: string, values?: unknown[]) =>
        database.db.connection().execute(() => direct.executeSql(text, values)),
    },
  };
}
