import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import type { CrashServerMessage } from '@app/contracts/crash';
import { createCrashChain, crashPoint, generateTerminalSeed } from '@app/fair/crash';
import { GAME_SESSION_HEADER } from '@app/contracts/inhouse';
import {
  ACCOUNT_PATHS,
  API_BASE,
  CRASH_PATHS,
  GAME_PATHS,
  MEMBER_PATHS,
  PAYMENT_PATHS,
} from '@app/contracts/paths';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import { depositSplit } from '@app/contracts/tax-rules';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/schema.ts';
import { getBalances } from '../../src/modules/platform/wallet/wallet.service.ts';
import { watchCrash, type CrashWatcher } from '../crash-watcher.ts';
import { identityFormFor, TEST_PHOTO } from '../factory.ts';
import { expectLedgerInvariants } from '../ledger-invariants.ts';
import { multipart, PNG } from '../uploads.ts';

/** What scripts/fleet.mjs starts (a plain script: its shape is written here for the compiler). */
type ServerProcess = {
  pid: number;
  url: string;
  /** Every variable the instance was started with: it inherits none. */
  env: Record<string, string>;
  kill(signal: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
};
type Instance = { id: string; port: number; process: ServerProcess | undefined };
type Fleet = {
  url: string;
  simulatorsUrl: string;
  instances: Instance[];
  /** What the balancer passed on: the instance (`server`) that took each request. */
  requests(): { server: string; method: string; uri: string; status: number; token: string }[];
  restart(instance: Instance): Promise<Instance>;
  stop(): Promise<void>;
};
const { ensureDatabase, startFleet } = (await import('../../../../scripts/fleet.mjs' as string)) as {
  ensureDatabase(url: string): Promise<void>;
  startFleet(options: {
    size: number;
    databaseUrl: string;
    redisUrl: string;
    requestLog: boolean;
  }): Promise<Fleet>;
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
/** The chain the fleet plays (`commitBoundedChain`). */
let boundedChainId: number;
/** When the fleet began to start: the jobs' slots are counted from it. */
let startedAt: Date;

/** The highest crash point of the fleet's chain (hundredths): 20×, a flight of 50 s at most. */
const HIGHEST_POINT = 2_000;

/**
 * A hash chain of 100 games none of which crashes above HIGHEST_POINT, committed before the fleet starts so
 * that its driver plays it (the newest chain not used up). The crash tests wait for a round in a range of
 * crash points and sit through every round before it; on a chain left to chance a round of 100× flies 77 s
 * and one of 1,000× 115 s (the fleet test ran from 103 to 336 s in CI). A chain with such a bound is one
 * in a few hundred: found in well under a second.
 */
async function commitBoundedChain(): Promise<number> {
  const salt = randomBytes(16).toString('hex');
  for (let attempt = 0; attempt < 100_000; attempt += 1) {
    const seed = generateTerminalSeed();
    const chain = createCrashChain(seed, 100);
    let bounded = true;
    for (let game = 1; bounded && game <= 100; game += 1) {
      bounded = crashPoint(chain.hashOf(game), salt) <= HIGHEST_POINT;
    }
    if (!bounded) continue;
    const row = await db
      .insertInto('crash_chain')
      .values({ seed, length: 100, commitment: chain.commitment, salt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  throw new Error('no chain fits');
}

beforeAll(async () => {
  startedAt = new Date();
  // The fleet's database, migrated as an instance would, holds the chain before any instance drives.
  await ensureDatabase(databaseUrl);
  database = await openDatabase({ engine: 'postgres', url: databaseUrl, poolSize: 2 });
  db = database.db;
  await migrateToLatest(db);
  boundedChainId = await commitBoundedChain();
  fleet = await startFleet({
    size: 3,
    databaseUrl,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    requestLog: true,
  });
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

/**
 * An API call to one instance, or to an address (the balancer's): JSON, or a form as the web app sends
 * it, with a game session (`session`) or a member's (`token`).
 */
async function call<Data = Record<string, unknown>>(
  at: Instance | string,
  path: string,
  init: { session?: string; token?: string; json?: unknown; form?: Record<string, string | number> } = {},
) {
  const body =
    init.form === undefined
      ? init.json === undefined
        ? undefined
        : JSON.stringify(init.json)
      : new URLSearchParams(
          Object.entries(init.form).map(([name, value]): [string, string] => [name, String(value)]),
        ).toString();
  const response = await fetch(`${typeof at === 'string' ? at : urlOf(at)}${API_BASE}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': init.form === undefined ? 'application/json' : 'application/x-www-form-urlencoded',
      ...(init.session ? { [GAME_SESSION_HEADER]: init.session } : {}),
      ...(init.token ? { token: init.token } : {}),
    },
    ...(body === undefined ? {} : { body }),
  });
  return (await response.json()) as { code: number; msg: string; data: Data };
}

type Member = { id: number; token: string };

/** A member registered through the balancer with the code the SMS simulator received, as a phone does. */
async function registerMember(mobile: string): Promise<Member> {
  const e164 = `+254${mobile.slice(1)}`;
  const sent = await call(fleet.url, MEMBER_PATHS.sendSms, { form: { mobile, type: 'register' } });
  expect(sent.code, sent.msg).toBe(0);
  const smsCode = await vi.waitFor(
    async () => {
      const inbox = await fetch(`${fleet.simulatorsUrl}/sms/messages?number=${encodeURIComponent(e164)}`);
      const code = ((await inbox.json()) as { message: string }[])[0]?.message.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code sent to ${e164} yet`);
      return code;
    },
    { timeout: 30_000, interval: 100 },
  );
  const registered = await call<{ token: string; memberInfo: { id: number } }>(
    fleet.url,
    MEMBER_PATHS.register,
    { form: { mobile, password: 'secret12', confirmPassword: 'secret12', smsCode } },
  );
  expect(registered.code, registered.msg).toBe(0);
  const member = { id: registered.data.memberInfo.id, token: registered.data.token };
  // Kenya asks for a verified identity before play and deposits (issue 25 §1): the form, then the photo to
  // the identity simulator, which matches the factory's numbers.
  const form = await call(fleet.url, ACCOUNT_PATHS.kyc, {
    token: member.token,
    form: identityFormFor(COUNTRY_PROFILES.KE, member.id),
  });
  expect(form.code, form.msg).toBe(0);
  const verified = await call<{ status: string }>(fleet.url, ACCOUNT_PATHS.kycVerify, {
    token: member.token,
    json: { photo: TEST_PHOTO },
  });
  expect(verified.data?.status, verified.msg).toBe('verified');
  return member;
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

  it('each instance is given the variables docs/deployment.md names for a fleet, and no others', () => {
    const doc = readFileSync(new URL('../../../../docs/deployment.md', import.meta.url), 'utf8');
    const table = doc
      .slice(doc.indexOf('## A fleet: the variables'), doc.indexOf('\n## Uploads'))
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .join('\n');
    // `NAME`, `NAME=value`, and `PREFIX_*` for a family (`MPESA_*`).
    const named = [...table.matchAll(/`([A-Z][A-Z0-9_]*\*?)(?:=[^`]*)?`/g)].map((match) => match[1]!);
    const isNamed = (variable: string) =>
      named.some((name) => (name.endsWith('*') ? variable.startsWith(name.slice(0, -1)) : name === variable));
    for (const instance of fleet.instances) {
      const variables = Object.keys((instance.process as ServerProcess).env);
      expect(variables).toEqual(expect.arrayContaining(['FLEET', 'DATABASE_URL', 'REDIS_URL', 'UPLOAD_DIR']));
      expect(
        variables.filter((variable) => !isNamed(variable)),
        `${instance.id}: variables deployment.md does not name`,
      ).toEqual([]);
    }
  });

  it('24 parallel deposits over the three instances: each paid once, whichever instance M-Pesa calls back', async () => {
    // Numbers ending in 77 approve their prompt at once on the simulated phone: nobody types the PIN.
    const control = await fetch(`${fleet.simulatorsUrl}/__control/mpesa`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ autoApproveSuffix: '77' }),
    });
    expect(control.status).toBe(200);
    const members = await Promise.all(
      Array.from({ length: 24 }, (_, index) => registerMember(`0712${String(index).padStart(4, '0')}77`)),
    );
    const channels = await call<{ id: number; channelCode: string }[]>(
      fleet.url,
      PAYMENT_PATHS.depositChannels,
      { token: members[0]!.token },
    );
    const mpesa = channels.data.find((channel) => channel.channelCode === 'MPESA')!.id;
    const amount = 500_00;
    const logged = fleet.requests().length;

    const started = await Promise.all(
      members.map((member) =>
        call<{ transNo: string; state: number }>(fleet.url, PAYMENT_PATHS.depositInit, {
          token: member.token,
          form: { payMoney: amount, payChannel: mpesa },
        }),
      ),
    );
    expect(started.map((answer) => `${answer.code} ${answer.msg}`)).toEqual(started.map(() => '0 success'));
    const transNos = started.map((answer) => answer.data.transNo);
    await vi.waitFor(
      async () => {
        const orders = await db
          .selectFrom('deposit_order')
          .select(['trans_no', 'state'])
          .where('trans_no', 'in', transNos)
          .execute();
        expect(orders.filter((order) => order.state !== DEPOSIT_STATE.paid)).toEqual([]);
        expect(orders).toHaveLength(24);
      },
      { timeout: 60_000, interval: 250 },
    );

    // Paid once: one deposit in each member's journal, and the amount less its excise in the balance.
    const deposits = await db
      .selectFrom('journal_transaction')
      .select(['member_id', (eb) => eb.fn.countAll<string>().as('count')])
      .where('kind', '=', 'deposit')
      .where(
        'member_id',
        'in',
        members.map((member) => member.id),
      )
      .groupBy('member_id')
      .execute();
    expect(deposits.map((row) => Number(row.count))).toEqual(members.map(() => 1));
    const credited = depositSplit(amount, COUNTRY_PROFILES.KE.taxes.deposit).credited;
    for (const member of members) expect((await getBalances(db, member.id)).cash).toBe(credited);

    // Where each went: the balancer's log names the instance that took each order (the push sent in that
    // call) and the one that took M-Pesa's callback for it, which names the order in its address.
    const requests = fleet.requests().slice(logged);
    const callbackOf = (transNo: string) =>
      requests.find((request) => request.method === 'POST' && request.uri.includes(`transNo=${transNo}`));
    await vi.waitFor(() => expect(transNos.filter((transNo) => !callbackOf(transNo))).toEqual([]), {
      timeout: 10_000,
    });
    const orderTakers = new Map(
      requests
        .filter((request) => request.uri === `${API_BASE}${PAYMENT_PATHS.depositInit}`)
        .map((request) => [request.token, request.server]),
    );
    const pairs = members.flatMap((member, index) =>
      // A push queued at the paybill's rate was sent by a job, on any instance: only those sent at once count.
      started[index]!.data.state === DEPOSIT_STATE.waiting
        ? [{ pushed: orderTakers.get(member.token), called: callbackOf(transNos[index]!)!.server }]
        : [],
    );
    const instanceIds = fleet.instances.map((instance) => instance.id).sort();
    expect([...new Set(orderTakers.values())].sort()).toEqual(instanceIds);
    expect([...new Set(transNos.map((transNo) => callbackOf(transNo)!.server))].sort()).toEqual(instanceIds);
    // Taken, not refused: every instance knows the callback secret and the order the address names.
    expect(transNos.filter((transNo) => callbackOf(transNo)!.status !== 200)).toEqual([]);
    expect(pairs.filter((pair) => pair.pushed !== pair.called).length).toBeGreaterThan(0);
  }, 180_000);

  it('an avatar uploaded on one instance is served by all three, each asked directly', async () => {
    const member = await registerMember('0712999901');
    const [, uploader] = fleet.instances as [Instance, Instance, Instance];
    const form = multipart([{ name: 'file', file: PNG }]);
    const response = await fetch(`${urlOf(uploader)}${API_BASE}${MEMBER_PATHS.modifyImg}`, {
      method: 'POST',
      headers: { ...form.headers, token: member.token },
      body: form.payload,
    });
    const uploaded = (await response.json()) as { code: number; msg: string; data: { img: string } };
    expect(uploaded.code, uploaded.msg).toBe(0);
    expect(uploaded.data.img).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    for (const address of [...fleet.instances.map(urlOf), fleet.url]) {
      const served = await fetch(`${address}${uploaded.data.img}`);
      expect(served.status, address).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG), address).toBe(true);
    }
  });

  it('pages on every instance see the same round; a bet on one is cashed out on another', async () => {
    const [first, second, third] = fleet.instances as [Instance, Instance, Instance];
    const watchers = [await watch(first), await watch(second), await watch(third)];
    const player = await demoSession(first);
    try {
      // A round flying past 1.50× (6.8 s): its bet goes to the first instance, its cash-out to the second,
      // asked again while the curve is below 1.01× (the first 166 ms).
      const roundId = await nextRoundReaching(watchers[0]!, 150);
      const { chain_id: chainId } = await db
        .selectFrom('crash_round')
        .select('chain_id')
        .where('id', '=', roundId)
        .executeTakeFirstOrThrow();
      expect(chainId).toBe(boundedChainId);
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
  }, 600_000);

  it('jobs ran once per slot across the three processes, and the ledger balances', async () => {
    // A job every 5 s (reconcile-deposits): pg-boss files each run under its slot, and every process
    // that runs the jobs asks for it; one run per slot, whichever process took it.
    const slots = await sql<{ slot: Date | null; runs: string; completed: string }>`
      select singleton_on as slot, count(*) as runs, count(*) filter (where state = 'completed') as completed
      from pgboss.job where name = 'reconcile-deposits' group by singleton_on`.execute(db);
    expect(slots.rows.filter((slot) => slot.slot === null || Number(slot.runs) !== 1)).toEqual([]);
    expect(slots.rows.filter((slot) => Number(slot.completed) === 1).length).toBeGreaterThanOrEqual(2);

    // A job every minute (expire-bonus-grants, cron): no more runs than minutes begun since the fleet
    // started, where a run per process would make three; at least two, the fleet lasting past two minutes.
    const minuteRuns = await vi.waitFor(
      async () => {
        const { rows } = await sql<{ runs: string }>`
          select count(*) as runs from pgboss.job where name = 'expire-bonus-grants'`.execute(db);
        const runs = Number(rows[0]!.runs);
        expect(runs).toBeGreaterThanOrEqual(2);
        return runs;
      },
      { timeout: 150_000, interval: 1_000 },
    );
    const minutesBegun = Math.floor(Date.now() / 60_000) - Math.floor(startedAt.getTime() / 60_000) + 1;
    expect(minuteRuns).toBeLessThanOrEqual(minutesBegun);

    // The ledger after all of it (deposits, bets, a killed driver): every asset's lines sum to zero,
    // and the invariants every money test checks.
    const sums = await sql<{ asset: string; total: string }>`
      select asset, sum(amount) as total from journal_entry group by asset`.execute(db);
    expect(sums.rows.filter((row) => Number(row.total) !== 0)).toEqual([]);
    await expectLedgerInvariants(db);
  }, 200_000);
});
