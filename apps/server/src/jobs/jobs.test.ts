import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { depositSplit } from '@app/contracts/tax-rules';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { getBalances } from '../modules/platform/wallet/wallet.service.ts';
import { callApi } from '../../test/api-client.ts';
import { expectLedgerInvariants } from '../../test/ledger-invariants.ts';
import { depositByMpesa, depositOrder, newMember, transactionsOf } from '../../test/factory.ts';
import { staffSession } from '../../test/staff-session.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/test-app.ts';
import { createJobRunner, jobsDatabaseOf, nextCronRun, type Job, type JobRunner } from './job-runner.ts';

const KES = 100;
const ADMIN_TOKEN = 'operator-token-for-job-tests-0123456';
const quietLog = { error: () => {} };
const onPostgres = Boolean(process.env.DATABASE_URL);

/** The state of one pg-boss run, read from its table. */
async function runState(db: DatabaseHandle['db'], id: string): Promise<string | undefined> {
  const { rows } = await sql<{
    state: string;
  }>`select state::text as state from pgboss.job where id = ${id}::uuid`.execute(db);
  return rows[0]?.state;
}

describe('schedules in the market’s time zone', () => {
  it('reads a cron expression in the zone: 21:00 in Nairobi and São Paulo, cash back Monday 06:00', () => {
    const from = new Date('2026-11-25T12:00:00Z'); // a Wednesday
    expect(nextCronRun('0 21 * * *', COUNTRY_PROFILES.KE.timeZone, from)?.toISOString()).toBe(
      '2026-11-25T18:00:00.000Z',
    );
    expect(nextCronRun('0 21 * * *', COUNTRY_PROFILES.BR.timeZone, from)?.toISOString()).toBe(
      '2026-11-26T00:00:00.000Z',
    );
    expect(nextCronRun('0 6 * * 1', 'Africa/Nairobi', from)?.toISOString()).toBe('2026-11-30T03:00:00.000Z');
  });

  it('stores the app’s schedules with the country profile’s zone', async () => {
    const ctx = await createTestApp({ COUNTRY: 'BR', ADMIN_TOKEN }, { jobs: {} });
    try {
      const { rows } = await sql<{ name: string; timezone: string }>`
        select name, timezone from pgboss.schedule order by name`.execute(ctx.db);
      expect(rows.map((row) => row.name)).toEqual([
        'cash-back-settle',
        'cash-rain-slots',
        'check-b2c-float',
        'close-c2b-payments',
        'draws-advance',
        'draws-schedule',
        'expire-bonus-grants',
        'expire-bonus-offers',
        // The money facts' eight consumers, one queue (Job.group).
        'money-fact-consumers',
        'probe-mpesa-maintenance',
        'pull-c2b-payments',
        'push-queued-deposits',
        'reconcile-deposits',
        'reconcile-withdrawals',
        'referral-payout',
        'regulator-daily-export',
        'repair-inhouse-rounds',
        'revenue-daily-rollup',
        'send-queued-payouts',
      ]);
      expect(new Set(rows.map((row) => row.timezone))).toEqual(new Set(['America/Sao_Paulo']));
      const { headers } = await staffSession(ctx, ['viewer']);
      const answer = await callApi(ctx, ADMIN_PATHS.jobs, { method: 'GET', headers });
      expect(answer.code).toBe(0);
      expect(answer.data.timeZone).toBe('America/Sao_Paulo');
      const repair = answer.data.queues.find(
        (queue: { name: string }) => queue.name === 'repair-inhouse-rounds',
      );
      expect(repair.schedule).toEqual({ cron: '* * * * *' });
      expect(Date.parse(repair.nextRunAt) - Date.now()).toBeLessThanOrEqual(60_000);
    } finally {
      await ctx.close();
    }
  });
});

describe('the operator API and a job run twice', () => {
  let ctx: TestApp;
  const failing: Job = {
    name: 'test-always-fails',
    schedule: { everySeconds: 3600 },
    retryLimit: 0,
    run: async () => {
      throw new Error('the provider did not answer');
    },
  };

  /** Fails its first run, then succeeds: a job that failed and recovered. */
  let recoveringRuns = 0;
  const recovering: Job = {
    name: 'test-fails-then-recovers',
    schedule: { everySeconds: 3600 },
    retryLimit: 0,
    run: async () => {
      recoveringRuns += 1;
      if (recoveringRuns === 1) throw new Error('the store was full');
    },
  };

  beforeAll(async () => {
    ctx = await createTestApp(
      { ADMIN_TOKEN },
      { listen: true, jobs: { more: [failing, recovering], pollingIntervalSeconds: 0.5 } },
    );
  });
  afterAll(async () => {
    await ctx.close();
  });

  let operator: { authorization: string };
  beforeAll(async () => {
    operator = (await staffSession(ctx, ['viewer'])).headers;
  });

  const asOperator = (pathname: string, query = '') =>
    callApi(ctx, pathname, { method: 'GET', query, headers: operator });

  it('lists a failed run with its error, and the queues with their runs by state', async () => {
    const failures = await vi.waitFor(
      async () => {
        const answer = await asOperator(ADMIN_PATHS.jobFailures, '?limit=10');
        expect(answer.code).toBe(0);
        const failure = answer.data.failures.find((f: { queue: string }) => f.queue === failing.name);
        expect(failure).toBeDefined();
        return answer.data.failures;
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(failures.find((f: { queue: string }) => f.queue === failing.name)).toMatchObject({
      queue: failing.name,
      attempts: 1,
      error: 'the provider did not answer',
    });

    const overview = await asOperator(ADMIN_PATHS.jobs);
    expect(overview.code).toBe(0);
    expect(overview.data.timeZone).toBe('Africa/Nairobi');
    const byName = new Map(
      overview.data.queues.map((queue: { name: string }) => [queue.name, queue] as const),
    );
    expect(byName.get('reconcile-deposits')).toMatchObject({ schedule: { everySeconds: 5 } });
    expect(byName.get(failing.name)).toMatchObject({
      counts: { failed: 1 },
      lastRun: { state: 'failed' },
    });
  });

  it('marks a job failing now with its last failure, and one that recovered with its success after it', async () => {
    const queueOf = async (name: string) => {
      const overview = await asOperator(ADMIN_PATHS.jobs);
      return overview.data.queues.find((queue: { name: string }) => queue.name === name);
    };
    const failingNow = await vi.waitFor(
      async () => {
        const queue = await queueOf(recovering.name);
        expect(queue.lastFailure).not.toBeNull();
        return queue;
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(failingNow).toMatchObject({
      failing: true,
      lastSuccessAt: null,
      lastFailure: { error: 'the store was full' },
    });
    expect(await queueOf(failing.name)).toMatchObject({
      failing: true,
      lastFailure: { error: 'the provider did not answer' },
    });

    // Its next run succeeds: no longer failing, the failure still shown, the success after it.
    await (ctx.app.jobs as JobRunner).send(recovering.name);
    const recovered = await vi.waitFor(
      async () => {
        const queue = await queueOf(recovering.name);
        expect(queue.lastSuccessAt).not.toBeNull();
        return queue;
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(recovered.failing).toBe(false);
    expect(Date.parse(recovered.lastSuccessAt)).toBeGreaterThan(Date.parse(recovered.lastFailure.at));

    // One job's failures alone; a name that is not a queue's is refused before any query.
    const own = await asOperator(ADMIN_PATHS.jobFailures, `?queue=${recovering.name}`);
    expect(own.data.failures).toEqual([
      expect.objectContaining({ queue: recovering.name, error: 'the store was full' }),
    ]);
    const none = await asOperator(ADMIN_PATHS.jobFailures, '?queue=reconcile-deposits');
    expect(none.data.failures).toEqual([]);
    const refused = await asOperator(ADMIN_PATHS.jobFailures, '?queue=Robert%27);drop');
    expect(refused.status).toBe(400);
  });

  it('refuses a caller without a staff session (even with ADMIN_TOKEN), and staff without jobs.read', async () => {
    const answer = await callApi(ctx, ADMIN_PATHS.jobs, { method: 'GET' });
    expect(answer.status).toBe(401);
    for (const token of ['not-the-token-at-all-000000', ADMIN_TOKEN]) {
      const wrong = await callApi(ctx, ADMIN_PATHS.jobFailures, {
        method: 'GET',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(wrong.status).toBe(401);
    }
    const support = await staffSession(ctx, ['support']);
    const forbidden = await callApi(ctx, ADMIN_PATHS.jobs, { method: 'GET', headers: support.headers });
    expect(forbidden.status).toBe(403);
  });

  it('a deposit reconciliation run twice, and by the schedule beside, credits the payment once', async () => {
    const registered = await newMember(ctx);
    const memberId = registered.id;

    // The customer pays, and the callback that would say so never comes.
    await ctx.mpesa.control({ dropCallbacks: true, callbackDelayMs: 0 });
    const transNo = await depositByMpesa(ctx, registered, 200 * KES, { until: 'answered' });
    // Due for its query now rather than in 20 s.
    await ctx.db
      .updateTable('deposit_order')
      .set({ next_check_at: new Date(Date.now() - 1_000) })
      .where('trans_no', '=', transNo)
      .execute();

    const runner = ctx.app.jobs as JobRunner;
    const runs = await Promise.all([runner.send('reconcile-deposits'), runner.send('reconcile-deposits')]);
    expect(runs.every((id) => typeof id === 'string')).toBe(true);
    await vi.waitFor(
      async () => {
        for (const id of runs) expect(await runState(ctx.db, id as string)).toBe('completed');
      },
      { timeout: 20_000, interval: 100 },
    );
    expect((await depositOrder(ctx, transNo)).state).toBe(3);
    const credited = depositSplit(200 * KES, COUNTRY_PROFILES.KE.taxes.deposit).credited;
    expect((await getBalances(ctx.db, memberId)).cash).toBe(credited);
    expect(await transactionsOf(ctx, memberId, 'deposit')).toHaveLength(1);
    await expectLedgerInvariants(ctx.db);
    await ctx.mpesa.control({ dropCallbacks: false });
  });
});

describe('runs are rows in the database', () => {
  const counted = (name: string, runs: string[]): Job => ({
    name,
    // A schedule that is never due in a test: only the runs sent by hand.
    schedule: { cron: '0 0 1 1 *' },
    run: async () => {
      runs.push(name);
    },
  });

  it('start() (awaited by the app before it serves) ends only after the start-up passes', async () => {
    const database = await openTestDatabase();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const steps: string[] = [];
    const runner = createJobRunner({
      database: jobsDatabaseOf(database),
      timeZone: 'Africa/Nairobi',
      jobs: [
        {
          name: 'repair-at-start',
          schedule: { cron: '0 0 1 1 *' },
          run: async () => {},
          runAtStart: async () => {
            steps.push('repair began');
            await gate;
            steps.push('repair ended');
          },
        },
      ],
      log: quietLog,
    });
    try {
      const started = runner.start().then(() => steps.push('started'));
      await vi.waitFor(() => expect(steps).toEqual(['repair began']), { timeout: 20_000, interval: 20 });
      release();
      await started;
      expect(steps).toEqual(['repair began', 'repair ended', 'started']);
    } finally {
      await runner.stop();
      await database.close();
    }
  });

  it('a group’s jobs run in one queue, each on every run, one failing without stopping the others', async () => {
    const database = await openTestDatabase();
    const runs: string[] = [];
    const failures: string[] = [];
    const grouped = (name: string, fails = false): Job => ({
      name,
      schedule: { cron: '0 0 1 1 *' },
      group: 'test-group',
      retryLimit: 0,
      run: async () => {
        runs.push(name);
        if (fails) throw new Error(`${name} failed`);
      },
    });
    const runner = createJobRunner({
      database: jobsDatabaseOf(database),
      timeZone: 'Africa/Nairobi',
      jobs: [grouped('first'), grouped('second', true), grouped('third')],
      log: { error: (details: { job?: string }) => failures.push(details.job ?? '?') },
      pollingIntervalSeconds: 0.5,
    });
    try {
      await runner.start();
      const id = await runner.send('test-group');
      if (!id) throw new Error('the group was not queued');
      await vi.waitFor(async () => expect(await runState(database.db, id)).toBe('failed'), {
        timeout: 20_000,
        interval: 100,
      });
      expect(runs).toEqual(['first', 'second', 'third']);
      expect(failures).toEqual(['second']);
      const overview = await runner.overview();
      expect(overview.queues.map((queue) => queue.name)).toContain('test-group');
      expect(overview.queues.map((queue) => queue.name)).not.toContain('first');
    } finally {
      await runner.stop();
      await database.close();
    }
  });

  it('refuses to put jobs of different schedules in one group', () => {
    expect(() =>
      createJobRunner({
        database: { engine: 'postgres', url: 'postgres://127.0.0.1:1/none' },
        timeZone: 'Africa/Nairobi',
        jobs: [
          { name: 'a', group: 'g', schedule: { everySeconds: 2 }, run: async () => {} },
          { name: 'b', group: 'g', schedule: { everySeconds: 5 }, run: async () => {} },
        ],
        log: quietLog,
      }),
    ).toThrow(/cannot share the queue g/);
  });

  it('a run queued before a restart is done after it', async () => {
    const folder = onPostgres ? undefined : await mkdtemp(path.join(tmpdir(), 'jobs-restart-'));
    const open = () => (folder ? openDatabase({ engine: 'pglite', dataDir: folder }) : openTestDatabase());
    let database = await open();
    const runs: string[] = [];
    try {
      const before = createJobRunner({
        database: jobsDatabaseOf(database),
        timeZone: 'Africa/Nairobi',
        jobs: [counted('remember-me', runs)],
        log: quietLog,
        work: false,
      });
      await before.start();
      const id = await before.send('remember-me');
      await before.stop();
      expect(runs).toEqual([]);

      if (folder) {
        // The embedded database itself closes and opens again from its folder, as on a restart.
        await database.close();
        database = await open();
      }
      const after = createJobRunner({
        database: jobsDatabaseOf(database),
        timeZone: 'Africa/Nairobi',
        jobs: [counted('remember-me', runs)],
        log: quietLog,
        pollingIntervalSeconds: 0.5,
      });
      await after.start();
      try {
        await vi.waitFor(async () => expect(await runState(database.db, id as string)).toBe('completed'), {
          timeout: 20_000,
          interval: 100,
        });
        expect(runs).toEqual(['remember-me']);
      } finally {
        await after.stop();
      }
    } finally {
      await database.close();
      if (folder) await rm(folder, { recursive: true, force: true });
    }
  });

  it('two processes on one database run a due job once', async () => {
    // Two pg-boss instances with their own connections, as two server processes have (on PostgreSQL;
    // on PGlite they share its one session).
    const database = await openTestDatabase();
    const runs: string[] = [];
    const job: Job = {
      name: 'once-per-slot',
      // One slot per hour: both processes queue the run of this slot at start, at the same moment.
      schedule: { everySeconds: 3600 },
      run: async () => {
        runs.push('run');
      },
    };
    // pg-boss's schema first (the first start of a first process), then two processes start together.
    const installer = createJobRunner({
      database: jobsDatabaseOf(database),
      timeZone: 'Africa/Nairobi',
      jobs: [],
      log: quietLog,
      work: false,
    });
    await installer.start();
    await installer.stop();
    const runners = [0, 1].map(() =>
      createJobRunner({
        database: jobsDatabaseOf(database),
        timeZone: 'Africa/Nairobi',
        jobs: [job],
        log: quietLog,
        pollingIntervalSeconds: 0.5,
      }),
    );
    try {
      await Promise.all(runners.map((runner) => runner.start()));
      const slotRuns = async () =>
        (
          await sql<{ state: string; singleton_on: Date }>`
            select state::text as state, singleton_on from pgboss.job
            where name = 'once-per-slot' and start_after <= now() order by created_on`.execute(database.db)
        ).rows;
      await vi.waitFor(
        async () => {
          const rows = await slotRuns();
          expect(rows.map((row) => row.state)).toEqual(['completed']);
        },
        { timeout: 20_000, interval: 100 },
      );
      // Both queued this slot's run: one row, run once. The run queued the next slot's, once.
      const { rows: all } = await sql<{ n: number }>`
        select count(*)::int as n from pgboss.job where name = 'once-per-slot'`.execute(database.db);
      expect(runs).toHaveLength(1);
      expect(all[0]?.n).toBe(2);
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
      await database.close();
    }
  });
});
