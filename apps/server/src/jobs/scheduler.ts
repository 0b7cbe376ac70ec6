import type { FastifyInstance } from 'fastify';

export type Job = {
  name: string;
  /** Time between the end of one run and the start of the next. */
  intervalMs: number;
  /** One pass over due work. Must be safe on several processes at once (rows claimed with SKIP LOCKED). */
  run: () => Promise<unknown>;
  /**
   * The pass at start-up, when it differs: before this process has served a request it knows that
   * nothing of its own is in flight (in-house rounds). The interval's passes follow it.
   */
  runAtStart?: () => Promise<unknown>;
};

/**
 * Runs background jobs (payment reconciliation) while the app is up. The work itself lives in database
 * rows with a due time, so a restart loses nothing and several processes share it; this only decides
 * when a process looks. Runs never overlap, a failing run is logged and the next one comes anyway, and
 * closing the app waits for the run in progress.
 */
export function scheduleJobs(app: FastifyInstance, jobs: Job[]): void {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  const runThenPlan = (job: Job, pass: () => Promise<unknown>) => {
    const run = pass()
      .catch((error: unknown) => app.log.error({ err: error, job: job.name }, 'job failed'))
      .finally(() => {
        running.delete(run);
        plan(job);
      });
    running.add(run);
  };

  const plan = (job: Job) => {
    if (stopped) return;
    const timer = setTimeout(() => runThenPlan(job, job.run), job.intervalMs);
    timer.unref();
    timers.set(job.name, timer);
  };

  app.addHook('onReady', async () => {
    for (const job of jobs) {
      if (job.runAtStart) runThenPlan(job, job.runAtStart);
      else plan(job);
    }
  });
  app.addHook('onClose', async () => {
    stopped = true;
    for (const timer of timers.values()) clearTimeout(timer);
    await Promise.allSettled([...running]);
  });
}
