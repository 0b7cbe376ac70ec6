import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CrashServerMessage } from '@app/contracts/crash';
import { GAME_SESSION_HEADER } from '@app/contracts/inhouse';
import { API_BASE, CRASH_PATHS, GAME_PATHS } from '@app/contracts/paths';
import { openDatabase } from '../../src/db/database.ts';
import type { Database } from '../../src/db/schema.ts';
import { watchCrash, type CrashWatcher } from '../crash-watcher.ts';
import { expectLedgerInvariants } from '../ledger-invariants.ts';

/** What scripts/fleet.mjs starts (a plain script: its shape is written here for the compiler). */
type ServerProcess = {
  pid: number;
  url: string;
  kill(signal: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
};
type Instance = { id: string; port: number; process: ServerProcess | undefined };
type Fleet = {
  url: string;
  instances: Instance[];
  restart(instance: Instance): Promise<Instance>;
  stop(): Promise<void>;
};
const { startFleet } = (await import('../../../../scripts/fleet.mjs' as string)) as {
  startFleet(options: { size: number; databaseUrl: string; redisUrl: string }): Promise<Fleet>;
};

/**
 * The fleet as an operator deploys it (issue 24 §5): three instances of the built server on one PostgreSQL
 * database and one Redis, behind HAProxy. Each test talks to the instances one by one (as a balancer may
 * send a player's calls anywhere) and reads the database to check what happened. `npm run test:fleet`
 * builds first; it needs DATABASE_URL (the server whose `postgres` database it may create a database
 * in), Redis and HAProxy.
 */
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error('DATABASE_URL is not set: the fleet runs on PostgreSQL');
const databaseUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = `/fleet_${randomBytes(4).toString('hex')}`;
  return url.toString();
})();

let fleet: Fleet;
let database: Awaited<ReturnType<typeof openDatabase>>;
let db: Kysely<Database>;
let crashGameId: number;

beforeAll(async () => {
  fleet = await startFleet({
    size: 3,
    databaseUrl,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  });
  database = await openDatabase({ engine: 'postgres', url: databaseUrl, poolSize: 2 });
  db = database.db;
  const game = await db
    .updateTable('game')
    .set({ enabled: true })
    .where('code', '=', 'crash')
    .returning('id')
    .executeTakeFirstOrThrow();
  crashGameId = game.id;
}, 240_000);

afterAll(async () => {
  await fleet?.stop();
  await database?.close();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
  await admin.end();
}, 60_000);

const urlOf = (instance: Instance) => (instance.process as { url: string }).url;

async function call(instance: Instance, path: string, init: { session?: string; json?: unknown } = {}) {
  const response = await fetch(`${urlOf(instance)}${API_BASE}${path}`, {
    method: init.json === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(init.session ? { [GAME_SESSION_HEADER]: init.session } : {}),
    },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
  return (await response.json()) as { code: number; msg: string; data: Record<string, unknown> };
}

/** A demo session of the crash game, opened on `instance`. */
async function demoSession(instance: Instance): Promise<string> {
  const answer = await call(instance, GAME_PATHS.launch, { json: { id: crashGameId, mode: 'demo' } });
  expect(answer.code, answer.msg).toBe(0);
  const session = new URL(String(answer.data.url), 'http://x').searchParams.get('session');
  if (!session) throw new Error(`no session in ${String(answer.data.url)}`);
  return session;
}

type Watcher = CrashWatcher;

/**
 * A page watching the crash game through `instance`, its snapshot received. Its waits last up to three
 * minutes: a round flying to 10× takes 38 s, and the rare one to 1,000× two minutes.
 */
async function watch(instance: Instance): Promise<Watcher> {
  const watcher = await watchCrash(urlOf(instance), await demoSession(instance));
  const waitFor = ((match: (message: CrashServerMessage) => boolean, label: string, timeoutMs = 180_000) =>
    watcher.waitFor(match, label, timeoutMs)) as Watcher['waitFor'];
  await waitFor((message) => message.type === 'snapshot', 'the snapshot');
  return { ...watcher, waitFor };
}

/** The round events of `roundId` a page saw, as comparable text. */
function eventsOf(watcher: Watcher, roundId: number): string[] {
  return watcher.messages.flatMap((message) => {
    if (message.type === 'betting' && message.round.id === roundId) return [`betting ${roundId}`];
    if (message.type === 'started' && message.roundId === roundId) return [`started ${message.startedAt}`];
    if (message.type === 'bet' && message.bet.roundId === roundId) return [`bet ${message.bet.id}`];
    if (message.type === 'cashout' && message.roundId === roundId)
      return [`cashout ${message.betId} ${message.cashedOutAt}`];
    if (message.type === 'crashed' && message.round.id === roundId)
      return [`crashed ${message.round.crashPoint}`];
    return [];
  });
}

const isBetting = (
  message: CrashServerMessage,
): message is Extract<CrashServerMessage, { type: 'betting' }> => message.type === 'betting';

/**
 * The next round taking bets whose (stored, still secret) crash point is at least `point`: the crash
 * points are the chain's, so the test waits for a round that flies long enough for what it does.
 */
async function nextRoundReaching(watcher: Watcher, point: number, atMost = 1_000): Promise<number> {
  for (let rounds = 0; rounds < 15; rounds += 1) {
    const seen = watcher.messages.length;
    const betting = await watcher.waitFor(
      (message) => isBetting(message) && watcher.messages.indexOf(message) >= seen,
      'a round taking bets',
    );
    if (!isBetting(betting)) continue;
    const row = await db
      .selectFrom('crash_round')
      .select('crash_point')
      .where('id', '=', betting.round.id)
      .executeTakeFirstOrThrow();
    if (row.crash_point >= point && row.crash_point <= atMost) return betting.round.id;
    await watcher.waitFor((m) => m.type === 'crashed' && m.round.id === betting.round.id, 'its crash');
  }
  throw new Error(`no round reached ${point / 100}× in 15 rounds`);
}

async function driverPid(): Promise<number> {
  const driver = await db
    .selectFrom('crash_driver')
    .select('holder')
    .where(sql<boolean>`lease_until > clock_timestamp()`)
    .executeTakeFirstOrThrow();
  return Number(driver.holder.split(':')[1]);
}

describe('a fleet of three behind HAProxy', () => {
  it('answers through the balancer, and one instance drives the crash game', async () => {
    for (let call = 0; call < 6; call += 1) expect((await fetch(`${fleet.url}/readyz`)).status).toBe(200);
    const pids = fleet.instances.map((instance) => (instance.process as { pid: number }).pid);
    expect(pids).toContain(await driverPid());
  });

  it('pages on every instance see the same round; a bet on one is cashed out on another', async () => {
    const [first, second, third] = fleet.instances as [Instance, Instance, Instance];
    const watchers = [await watch(first), await watch(second), await watch(third)];
    const player = await demoSession(first);
    try {
      // A round flying past 1.50× (6.8 s): its bet goes to the first instance, its cash-out to the second,
      // asked again while the curve is below 1.01× (the first 166 ms).
      const roundId = await nextRoundReaching(watchers[0]!, 150);
      const bet = await call(first, CRASH_PATHS.bet, { session: player, json: { stake: 100_00 } });
      expect(bet.code, bet.msg).toBe(0);
      await watchers[2]!.waitFor((m) => m.type === 'started' && m.roundId === roundId, 'the start');
      await vi.waitFor(
        async () => {
          const cashOut = await call(second, CRASH_PATHS.cashout, { session: player, json: { roundId } });
          expect(cashOut.code, cashOut.msg).toBe(0);
        },
        { timeout: 5_000, interval: 50 },
      );
      for (const watcher of watchers)
        await watcher.waitFor((m) => m.type === 'crashed' && m.round.id === roundId, 'the crash');
      const [one, two, three] = watchers.map((watcher) => eventsOf(watcher, roundId));
      expect(two).toEqual(one);
      expect(three).toEqual(one);
      expect(one).toContain(`bet ${(bet.data.bet as { id: number }).id}`);
    } finally {
      for (const watcher of watchers) watcher.close();
    }
  }, 600_000);

  it('kill -9 of the driver mid-flight: a successor finishes its round and makes its automatic cash-outs', async () => {
    // A round that flies past 1.50× (6.8 s), so the driver can be killed before its automatic cash-out.
    const watchers = await Promise.all(fleet.instances.map((instance) => watch(instance)));
    const players = await Promise.all(fleet.instances.map((instance) => demoSession(instance)));
    try {
      const roundId = await nextRoundReaching(watchers[0]!, 200);
      const automatic = await call(fleet.instances[1]!, CRASH_PATHS.bet, {
        session: players[1],
        json: { stake: 100_00, autoCashout: 150 },
      });
      const open = await call(fleet.instances[2]!, CRASH_PATHS.bet, {
        session: players[2],
        json: { stake: 100_00 },
      });
      expect(automatic.code, automatic.msg).toBe(0);
      expect(open.code, open.msg).toBe(0);
      await watchers[0]!.waitFor((m) => m.type === 'started' && m.roundId === roundId, 'the start');

      const driver = await driverPid();
      const killed = fleet.instances.find(
        (instance) => (instance.process as { pid: number }).pid === driver,
      )!;
      await (killed.process as { kill(signal: string): Promise<void> }).kill('SIGKILL');
      const watching = watchers.filter((_, index) => fleet.instances[index] !== killed);
      for (const watcher of watching) {
        await watcher.waitFor(
          (m) => m.type === 'crashed' && m.round.id === roundId,
          'the crash, made by a successor',
          90_000,
        );
      }
      // The bets still open lose after the grace that follows the crash.
      const bets = await vi.waitFor(
        async () => {
          const rows = await db
            .selectFrom('game_round')
            .select(['id', 'state', 'payout'])
            .where('crash_round_id', '=', roundId)
            .execute();
          expect(rows.filter((row) => row.state === 'open')).toEqual([]);
          return rows;
        },
        { timeout: 15_000, interval: 100 },
      );
      const byId = new Map(bets.map((bet) => [bet.id, bet]));
      expect(byId.get((automatic.data.bet as { id: number }).id)).toMatchObject({
        state: 'settled',
        payout: 150_00,
      });
      expect(byId.get((open.data.bet as { id: number }).id)).toMatchObject({ state: 'settled', payout: 0 });
      const round = await db
        .selectFrom('crash_round')
        .select('state')
        .where('id', '=', roundId)
        .executeTakeFirstOrThrow();
      expect(round.state).toBe('crashed');
      expect(await driverPid()).not.toBe(driver);
      await fleet.restart(killed);
    } finally {
      for (const watcher of watchers) watcher.close();
    }
  }, 600_000);

  it('SIGTERM of an instance that does not drive cancels no round', async () => {
    const driver = await driverPid();
    const other = fleet.instances.find((instance) => (instance.process as { pid: number }).pid !== driver)!;
    const cancelledBefore = await db
      .selectFrom('crash_round')
      .select('id')
      .where('state', '=', 'cancelled')
      .execute();
    const watcher = await watch(fleet.instances.find((instance) => instance !== other)!);
    try {
      await (other.process as { stop(): Promise<void> }).stop();
      const seen = watcher.messages.length;
      const next = await watcher.waitFor(
        (m) => isBetting(m) && watcher.messages.indexOf(m) >= seen,
        'the next round',
      );
      if (!isBetting(next)) throw new Error('not a betting message');
      await watcher.waitFor((m) => m.type === 'crashed' && m.round.id === next.round.id, 'its crash');
      const cancelledAfter = await db
        .selectFrom('crash_round')
        .select('id')
        .where('state', '=', 'cancelled')
        .execute();
      expect(cancelledAfter).toEqual(cancelledBefore);
      expect(await driverPid()).toBe(driver);
      await fleet.restart(other);
    } finally {
      watcher.close();
    }
    await expectLedgerInvariants(db);
  }, 600_000);
});
