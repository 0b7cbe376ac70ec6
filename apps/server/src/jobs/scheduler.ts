import type { FastifyInstance } from 'fastify';

export type Job = {
  name: string;
  /** Time between the end of one run and the start of the next. */
  intervalMs: number;
  /** One pass over due work. Must be safe on several processes at once (rows claimed with SKIP LOCKED). */
  run: () => Promise<unknown>;
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

  const plan = (job: Job) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      const run = job
        .run()
        .catch((error: unknown) => app.log.error({ err: error, job: job.name }, 'job failed'))
        .finally(() => {
          running.delete(run);
          plan(job);
        });
      running.add(run);
    }, job.intervalMs);
    timer.unref();
    timers.set(job.name, timer);
  };

  app.addHook('onReady', async () => {
    for (const job of jobs) plan(job);
  });
  app.addHook('onClose', async () => {
    stopped = true;
    for (const timer of timers.values()) clearTimeout(timer);
    await Promise.allSettled([...running]);
  });
}
