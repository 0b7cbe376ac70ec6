// npm run bench:mpesa — M-Pesa at peak (issue 24, Performance): a burst of 500 deposits through the server's
// deposit API while the Daraja simulator holds the paybill to a TPS ceiling of 10 a second (its `tpsLimit`
// switch, answering 500.003.02 Spike Arrest beyond it). Goal: none lost, none doubled, every player told
// where their deposit stands.
//
// The built server runs on a scratch PostgreSQL database with its simulators (scripts/test-server.mjs); its
// own admission control is what it is configured with (MPESA_PUSHES_PER_SECOND, default 20, and
// MPESA_PUSH_BURST, both passed through from this script's environment). Members are made through the
// server's own code (inserted 500 a statement, each logged in with startSession, whose token their calls
// carry) with Safaricom numbers ending in 9, and the simulator approves every prompt to such a number at
// once (its `autoApproveSuffix` switch), so the time measured is the server's and Daraja's, not a
// person's. All deposits are sent at once (POST deposit/init, 100 KES each); then every player's page
// polls its order (GET deposit/result) every BENCH_POLL_MS until it is paid or failed, keeping each state
// and message it was shown.
//
// Checked at the end from the database: one order per player, each paid order credited by exactly one
// ledger transaction (and no member credited without a paid order), none left in a state without a message;
// the ledger sums to zero. Printed: the init call's latency, the time until all were paid, the states the
// players saw (with their messages), the pushes the server sent per order, and the simulator's refusals.
//
// Environment: DATABASE_URL, BENCH_DEPOSITS (500), BENCH_TPS (10), BENCH_POLL_MS (2000), BENCH_DEADLINE_S
// (600), and the server's MPESA_PUSHES_PER_SECOND / MPESA_PUSH_BURST. Needs `npm run build`.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startServer } from '../scripts/test-server.mjs';
import { machineLine, ms, percentile, timedRequest } from './measure.mjs';
import { inLanes, insertMembers, logIn, verifyIdentity } from './players.mjs';

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 500);
const TPS = Number(process.env.BENCH_TPS ?? 10);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 2000);
const DEADLINE_MS = Number(process.env.BENCH_DEADLINE_S ?? 600) * 1000;
/** Numbers ending so are approved by the simulator's phone at once. */
const APPROVE_SUFFIX = '9';
const database = `bench_mpesa_${process.pid}`;

const { COUNTRY_PROFILES } = await import('../packages/contracts/src/country.ts');
const { API_BASE, PAYMENT_PATHS } = await import('../packages/contracts/src/paths.ts');
const { DEPOSIT_STATE } = await import('../packages/contracts/src/payment-records.ts');
const { openDatabase } = await import('../apps/server/src/db/database.ts');

const country = COUNTRY_PROFILES.KE;
const PAY_MONEY = 100 * country.scale;
const STATE_NAMES = Object.fromEntries(Object.entries(DEPOSIT_STATE).map(([name, value]) => [value, name]));

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
const databaseUrl = (() => {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
})();
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const sleep = (msToWait) => new Promise((resolve) => setTimeout(resolve, Math.max(0, msToWait)));

/** Members with Safaricom numbers ending in APPROVE_SUFFIX, each logged in: their tokens. */
async function makePlayers(db) {
  const ids = await insertMembers(db, DEPOSITS, {
    tag: 'mpesa',
    mobileOf: (index) => `0712${String(index).padStart(5, '0')}${APPROVE_SUFFIX}`,
    batch: 500,
  });
  return inLanes(ids, 16, async (memberId) => {
    await verifyIdentity(db, country, memberId, 'mpesa');
    return { memberId, token: (await logIn(db, country, memberId)).token, seen: [] };
  });
}

/** Sets the simulator's Daraja switches. */
async function control(simulatorsUrl, switches) {
  const response = await fetch(`${simulatorsUrl}/__control/mpesa`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(switches),
  });
  if (!response.ok) throw new Error(`simulator control: ${response.status} ${await response.text()}`);
}

/** Notes a state (and its message) the player was shown, when it differs from the last one. */
function see(player, state, message, at) {
  const last = player.seen.at(-1);
  if (!last || last.state !== state || last.message !== message) player.seen.push({ state, message, at });
}

let exitCode = 0;
let server;
let handle;
try {
  await admin.query(`create database ${database}`);
  server = await startServer('bench-mpesa', { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
  handle = await openDatabase({ engine: 'postgres', url: databaseUrl, poolSize: 8 });
  const { db } = handle;
  const players = await makePlayers(db);
  const channel = await db
    .selectFrom('pay_channel')
    .select('id')
    .where('direction', '=', 'deposit')
    .where('channel_code', '=', 'MPESA')
    .executeTakeFirstOrThrow();
  await control(server.simulatorsUrl, { tpsLimit: TPS, autoApproveSuffix: APPROVE_SUFFIX });
  const rate = process.env.MPESA_PUSHES_PER_SECOND ?? '20 (default)';
  console.log(
    `bench:mpesa — ${DEPOSITS} deposits of ${PAY_MONEY} minor units at once; Daraja simulator TPS ceiling ${TPS}/s; ` +
      `server pushes at most ${rate}/s, burst ${process.env.MPESA_PUSH_BURST ?? 'default'}; pages poll every ${POLL_MS} ms`,
  );

  // The burst: every player presses Deposit at once.
  const began = performance.now();
  const inits = await Promise.all(
    players.map(async (player) => {
      const result = await timedRequest({
        url: new URL(`${API_BASE}${PAYMENT_PATHS.depositInit}`, server.url),
        method: 'POST',
        headers: { token: player.token },
        form: { payMoney: String(PAY_MONEY), payChannel: String(channel.id) },
        agent,
      });
      const data = result.answer?.data;
      if (result.status === 200 && result.answer?.code === 0) {
        player.transNo = data.transNo;
        see(player, data.state, data.message, performance.now() - began);
      } else
        player.initFailure = `HTTP ${result.status} code ${result.answer?.code ?? '-'} ${result.answer?.msg ?? result.error ?? ''}`;
      return result.latency;
    }),
  );
  const initsAnswered = performance.now() - began;
  inits.sort((a, b) => a - b);

  // Every page polls its order until it is over (paid or failed), or the deadline.
  const pollFailures = [];
  await Promise.all(
    players
      .filter((player) => player.transNo)
      .map(async (player, index) => {
        // The pages' polls spread over the interval, as pages opened at different moments are.
        await sleep((index * POLL_MS) / DEPOSITS);
        while (performance.now() - began < DEADLINE_MS) {
          const result = await timedRequest({
            url: new URL(`${API_BASE}${PAYMENT_PATHS.depositResult}?transNo=${player.transNo}`, server.url),
            headers: { token: player.token },
            agent,
          });
          if (result.status === 200 && result.answer?.code === 0) {
            const { state, message } = result.answer.data;
            see(player, state, message, performance.now() - began);
            if (state === DEPOSIT_STATE.paid || state === DEPOSIT_STATE.failed) return;
          } else pollFailures.push(`HTTP ${result.status} code ${result.answer?.code ?? '-'}`);
          await sleep(POLL_MS);
        }
      }),
  );

  // What the database holds.
  const orders = await db
    .selectFrom('deposit_order')
    .select(['id', 'member_id', 'trans_no', 'state', 'message', 'push_attempts', 'journal_transaction_id'])
    .execute();
  const credits = await db
    .selectFrom('journal_transaction')
    .select(['member_id', (eb) => eb.fn.countAll().as('credits')])
    .where('kind', '=', 'deposit')
    .groupBy('member_id')
    .execute();
  const ledger = await db
    .selectFrom('ledger_account')
    .select((eb) => [eb.fn.sum('cash').as('cash'), eb.fn.sum('withdrawable').as('withdrawable')])
    .executeTakeFirstOrThrow();
  const creditsOf = new Map(credits.map((row) => [row.member_id, Number(row.credits)]));
  const ordersOf = new Map();
  for (const order of orders)
    ordersOf.set(order.member_id, [...(ordersOf.get(order.member_id) ?? []), order]);

  const initFailures = players.filter((player) => player.initFailure);
  const lost = players.filter(
    (player) => (ordersOf.get(player.memberId) ?? []).length === 0 && !player.initFailure,
  );
  const doubledOrders = players.filter((player) => (ordersOf.get(player.memberId) ?? []).length > 1);
  const paidOrders = orders.filter((order) => order.state === DEPOSIT_STATE.paid);
  const doubledCredits = players.filter((player) => (creditsOf.get(player.memberId) ?? 0) > 1);
  const creditedUnpaid = orders.filter(
    (order) => order.state !== DEPOSIT_STATE.paid && (creditsOf.get(order.member_id) ?? 0) > 0,
  );
  const paidUncredited = paidOrders.filter(
    (order) => order.journal_transaction_id === null || (creditsOf.get(order.member_id) ?? 0) !== 1,
  );
  const silent = orders.filter((order) => order.message.trim() === '');
  const finalStates = new Map();
  for (const order of orders) {
    const name = STATE_NAMES[order.state] ?? String(order.state);
    finalStates.set(name, (finalStates.get(name) ?? 0) + 1);
  }
  const paidTimes = players
    .map((player) => player.seen.find((seen) => seen.state === DEPOSIT_STATE.paid)?.at)
    .filter((at) => at !== undefined)
    .sort((a, b) => a - b);
  const paths = new Map();
  const messages = new Map();
  for (const player of players) {
    const path = player.seen.map((seen) => STATE_NAMES[seen.state] ?? seen.state).join(' → ');
    paths.set(path, (paths.get(path) ?? 0) + 1);
    for (const seen of player.seen) messages.set(STATE_NAMES[seen.state] ?? seen.state, seen.message);
  }
  const pushes = orders.map((order) => order.push_attempts).sort((a, b) => a - b);
  const state = await (await fetch(`${server.simulatorsUrl}/__mpesa/state`)).json();
  const prompts = Array.isArray(state.prompts) ? state.prompts.length : '?';

  console.log(
    `deposit/init: ${DEPOSITS} sent at once, all answered in ${(initsAnswered / 1000).toFixed(1)} s; p50 ${ms(percentile(inits, 50))} ms, ` +
      `p99 ${ms(percentile(inits, 99))} ms; refused: ${initFailures.length}${initFailures.length ? ` (${initFailures[0].initFailure})` : ''}`,
  );
  console.log(
    `paid: ${paidTimes.length} of ${DEPOSITS}; the first ${ms(paidTimes[0] / 1000)} s, half ${ms(percentile(paidTimes, 50) / 1000)} s, ` +
      `all ${paidTimes.length === DEPOSITS ? ms(paidTimes.at(-1) / 1000) : '-'} s after the burst (${TPS}/s would take ${(DEPOSITS / TPS).toFixed(0)} s)`,
  );
  console.log(`orders at the end: ${[...finalStates].map(([name, count]) => `${name} ${count}`).join(', ')}`);
  console.log('what the players saw (state by state, as their page polled):');
  for (const [path, count] of [...paths].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(count).padStart(4)} × ${path}`);
  for (const [name, message] of messages) console.log(`  ${name}: "${message}"`);
  console.log(
    `pushes an order: p50 ${percentile(pushes, 50)}, max ${pushes.at(-1)}; prompts the simulator made: ${prompts}; ` +
      `poll answers that failed: ${pollFailures.length}`,
  );
  const ok =
    lost.length === 0 &&
    doubledOrders.length === 0 &&
    doubledCredits.length === 0 &&
    creditedUnpaid.length === 0 &&
    paidUncredited.length === 0 &&
    silent.length === 0 &&
    ledger.cash === '0' &&
    ledger.withdrawable === '0';
  console.log(
    `checks: ${lost.length} lost, ${doubledOrders.length} players with two orders, ${doubledCredits.length} credited twice, ` +
      `${creditedUnpaid.length} credited without a paid order, ${paidUncredited.length} paid without one credit, ${silent.length} without a message; ` +
      `ledger cash ${ledger.cash}, withdrawable ${ledger.withdrawable}: ${ok ? 'ALL HELD' : 'FAILED'}`,
  );
  console.log(machineLine());
  if (!ok || paidTimes.length !== DEPOSITS) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  agent.destroy();
  await handle?.close();
  await server?.stop();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
}
process.exit(exitCode);
