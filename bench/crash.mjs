// npm run bench:crash — one crash round at peak (issue 24, Performance): 5,000 players bet within the first
// 5 s of its betting window and 2,000 of them cash out by hand during the flight, over the real API (HTTP
// with the page's game session, as the crash page does), on PostgreSQL; first against one server instance,
// then against a fleet of three behind HAProxy (scripts/fleet.mjs, with Redis). Goal: bet and cash-out p99
// at most 100 ms, no bet lost, every cash-out paid at the curve's multiplier of its receipt time.
//
// bench:wallet (bench/wallet.mjs) runs first in the same run, as the reference for this machine at this
// moment: its ledger transfers/s at 32 clients are printed beside the round's figures.
//
// Players are made through the server's own code, as bench:games does: members inserted 1,000 a statement,
// each given cash from the outside world (creditMember), logged in (startSession: the login holds the
// right to bet) and holding a real-money session of the crash game (openGameSession), whose token their
// calls carry. The round: the bench waits for a round taking bets whose stored crash point is at least
// BENCH_MIN_POINT (the bench reads it from the database; players cannot), so the flight lasts long enough
// for the cash-outs, then sends the bets evenly over BENCH_BET_WINDOW_MS from the round's `betting`
// message, and, from its `started` message, the cash-outs evenly over the first seconds of the flight.
// One WebSocket page per instance follows the round (crash-watcher's protocol), and counts the bets and
// cash-outs it was told of, and the frames they came in (messages said together share one).
//
// What is checked, from the database after the round: every bet answered as taken is there with its stake
// debited; every cash-out answered as paid is settled at the multiplier of the curve at the receipt time
// the server recorded with it (`outcome.receivedAt`), and that time lies between the call's sending and its
// answer; the ledger still sums to zero. A bet refused as too late although it was sent inside the
// window counts as lost. The client's own lag (how late it sent a bet against its schedule) and CPU are
// printed: on 2 cores the client shares the machine with the servers and PostgreSQL.
//
// Environment: DATABASE_URL (the PostgreSQL server; a scratch database is made and dropped), REDIS_URL
// (127.0.0.1:6379) for the fleet, BENCH_PLAYERS (5000), BENCH_CASHOUTS (2000), BENCH_BET_WINDOW_MS (5000),
// BENCH_FLEETS (1,3: the instances of each configuration, in order), BENCH_FLEET_ROLES (split: the first
// instance runs the jobs and the others are web instances, as docs/deployment.md "Process roles" advises;
// all: every instance runs them), BENCH_ROUNDS (1: rounds measured on each), BENCH_MIN_POINT (250
// hundredths), BENCH_WALLET=0 skips the reference. Needs `npm run build`, pgbench (for bench:wallet) and
// HAProxy.
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { startFleet } from '../scripts/fleet.mjs';
import { startServer } from '../scripts/test-server.mjs';
import {
  cpuSecondsOf,
  machineLine,
  ms,
  percentile,
  postgresCpuSince,
  postgresCpuSnapshot,
  timedRequest,
} from './measure.mjs';
import { inLanes, insertMembers, logIn, verifyIdentity } from './players.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 5000);
const CASHOUTS = Math.min(PLAYERS, Number(process.env.BENCH_CASHOUTS ?? 2000));
const BET_WINDOW_MS = Number(process.env.BENCH_BET_WINDOW_MS ?? 5000);
const FLEETS = (process.env.BENCH_FLEETS ?? '1,3').split(',').map(Number);
/** Rounds measured on each configuration: the first is the processes' first bets ever (cold code, cold caches). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const MIN_POINT = Number(process.env.BENCH_MIN_POINT ?? 250);
/** A fleet's roles: `split` (the first instance runs the jobs, the others `RUN_JOBS=0`) or `all`. */
const FLEET_ROLES = process.env.BENCH_FLEET_ROLES ?? 'split';
/** The cash-outs are sent from this long after the start (the curve is below 1.01× for 166 ms)… */
const CASHOUT_FROM_MS = 300;
/** …over at most this long, and ending this long before the crash at the latest. */
const CASHOUT_SPAN_MS = 8000;
const CASHOUT_BEFORE_CRASH_MS = 3000;
/** The server's clock is the database's (db/clock.ts); on one machine it agrees with ours within this. */
const CLOCK_TOLERANCE_MS = 5;
const FUNDS = 1e9;
const database = `bench_crash_${process.pid}`;

const { COUNTRY_PROFILES } = await import('../packages/contracts/src/country.ts');
const { API_BASE, CRASH_PATHS } = await import('../packages/contracts/src/paths.ts');
const { GAME_SESSION_HEADER } = await import('../packages/contracts/src/inhouse.ts');
const { crashMultiplierAt, crashTimeToReach } = await import('../packages/fair/src/crash.ts');
const { openDatabase } = await import('../apps/server/src/db/database.ts');
const wallet = await import('../apps/server/src/modules/platform/wallet/wallet.service.ts');
const gameSessions = await import('../apps/server/src/modules/games/catalogue/game-session.service.ts');

const country = COUNTRY_PROFILES[process.env.COUNTRY ?? 'KE'];
const STAKE = country.minStake || 20 * country.scale;

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
const databaseUrl = (() => {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
})();

/**
 * Kept-alive connections, opened before the round (a phone has its connection open from loading the page):
 * up to BENCH_SOCKETS of them (1,000); a call beyond waits in this client's queue, and that wait counts in
 * its latency. A connection a call each would open 5,000 at once, past the listen backlog (511), and the
 * resets would measure that rather than the game.
 */
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS, maxFreeSockets: SOCKETS });
const sleep = (msToWait) => new Promise((resolve) => setTimeout(resolve, Math.max(0, msToWait)));

/**
 * bench:wallet in a child process, as `npm run bench:wallet` runs it: its lines printed as they come, its
 * transfers/s at the most clients returned as the reference.
 */
function walletReference() {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['bench/wallet.mjs'], {
      cwd: repoRoot,
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(String(chunk).replace(/^(?=.)/gm, '  bench:wallet | '));
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`bench:wallet exited with ${code}`));
      const rates = [...output.matchAll(/(\d+) clients: ledger (\d+) transfers\/s/g)];
      const last = rates.at(-1);
      resolve(last ? { clients: Number(last[1]), perSecond: Number(last[2]) } : undefined);
    });
  });
}

/**
 * The players, made through the server's own code on the migrated database: each a member with cash,
 * logged in, with a real-money session of the crash game. Also a few more sessions of the first member
 * for the WebSocket pages.
 */
async function makePlayers(db, watchers) {
  const game = await db
    .updateTable('game')
    .set({ enabled: true })
    .where('code', '=', 'crash')
    .returning(['id'])
    .executeTakeFirstOrThrow();
  const ids = await insertMembers(db, PLAYERS, {
    tag: 'crash',
    mobileOf: (index) => `07${String(index).padStart(8, '0')}`,
  });
  return inLanes(ids, 16, async (id, index) => {
    await verifyIdentity(db, country, id, 'crash');
    await wallet.creditMember(db, {
      memberId: id,
      from: wallet.ACCOUNT.world,
      key: `bench:seed:${id}`,
      kind: 'deposit',
      cash: FUNDS,
      withdrawable: FUNDS,
    });
    const { loginId } = await logIn(db, country, id);
    const tokens = [];
    for (let count = 0; count < (index === 0 ? 1 + watchers : 1); count += 1) {
      const { token } = await gameSessions.openGameSession(db, {
        memberId: id,
        memberSessionId: loginId,
        gameId: game.id,
        mode: 'launch',
        currency: country.currency,
      });
      tokens.push(token);
    }
    return { memberId: id, token: tokens[0], watcherTokens: tokens.slice(1) };
  });
}

/** A page on the crash WebSocket of `serverUrl`, keeping what it hears of the rounds. */
async function watch(serverUrl, session) {
  const socket = new WebSocket(`${serverUrl.replace('http', 'ws')}${API_BASE}${CRASH_PATHS.socket}`);
  const page = { messages: [], waiters: new Set(), socket };
  socket.on('message', (data) => {
    // A frame is one message or an array of them (CrashServerFrame).
    const frame = JSON.parse(String(data));
    page.frames += 1;
    for (const message of Array.isArray(frame) ? frame : [frame]) {
      // Bets and cash-outs are only counted (thousands of them); the round's steps are kept.
      if (message.type === 'bet' || message.type === 'cashout') {
        const roundId = message.type === 'bet' ? message.bet.roundId : message.roundId;
        const key = `${message.type}:${roundId}`;
        page.counts.set(key, (page.counts.get(key) ?? 0) + 1);
      } else page.messages.push(message);
    }
    for (const check of [...page.waiters]) check();
  });
  page.counts = new Map();
  page.frames = 0;
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'hello', session }));
  page.waitFor = (match, label, timeoutMs = 240_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        page.waiters.delete(check);
        reject(new Error(`${serverUrl}: timed out waiting for ${label}`));
      }, timeoutMs);
      const check = () => {
        const found = page.messages.find(match);
        if (!found) return;
        clearTimeout(timer);
        page.waiters.delete(check);
        resolve(found);
      };
      page.waiters.add(check);
      check();
    });
  await page.waitFor((message) => message.type === 'snapshot', 'its snapshot', 30_000);
  return page;
}

/** The next round taking bets (announced after `seen` messages) whose crash point is at least MIN_POINT. */
async function nextRoundReaching(page, db) {
  for (let rounds = 0; rounds < 30; rounds += 1) {
    const seen = page.messages.length;
    const betting = await page.waitFor(
      (message) => message.type === 'betting' && page.messages.indexOf(message) >= seen,
      'a round taking bets',
    );
    const row = await db
      .selectFrom('crash_round')
      .select('crash_point')
      .where('id', '=', betting.round.id)
      .executeTakeFirstOrThrow();
    if (row.crash_point >= MIN_POINT) return { betting, crashPoint: row.crash_point };
    await page.waitFor(
      (message) => message.type === 'crashed' && message.round.id === betting.round.id,
      'its crash',
    );
  }
  throw new Error(`no round reached ${MIN_POINT / 100}× in 30 rounds`);
}

/**
 * Calls `fire(index)` for index 0…count−1 at `startAt + index × span / count` (performance.now() time),
 * without waiting for the calls; resolves with every call's promise and how late each was fired.
 */
async function schedule(count, startAt, span, fire) {
  const calls = [];
  const lags = [];
  for (let index = 0; index < count; index += 1) {
    const due = startAt + (index * span) / count;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    lags.push(Math.max(0, performance.now() - due));
    calls.push(fire(index));
  }
  return { results: await Promise.all(calls), lags: lags.sort((a, b) => a - b) };
}

const api = (address, route) => new URL(`${API_BASE}${route}`, address);
const codeOf = (result) => (result.status === 200 ? result.answer?.code : undefined);
const failureOf = (result) =>
  result.status === 0
    ? `network: ${result.error}`
    : `HTTP ${result.status} code ${result.answer?.code ?? '-'} ${result.answer?.msg ?? result.error ?? ''}`.trim();

/** Counts by reason, most frequent first, as `reason ×n`. */
function tally(reasons) {
  const counts = new Map();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([reason, times]) => `${reason} ×${times}`)
    .join(', ');
}

/**
 * One round at peak against `target` (the players' address, the pages' addresses, the server pids, a
 * fleet's HAProxy pid): prints its figures and checks; resolves with true when every check held.
 */
async function playRound(name, target, players, db) {
  // The connections opened: as many calls at once as the client keeps sockets.
  const warm = await Promise.all(
    Array.from({ length: SOCKETS }, () => timedRequest({ url: new URL('/healthz', target.url), agent })),
  );
  const cold = warm.filter((result) => result.status !== 200).length;
  const pages = await Promise.all(
    target.pageUrls.map((url, index) => watch(url, players[0].watcherTokens[index])),
  );
  try {
    const { betting, crashPoint } = await nextRoundReaching(pages[0], db);
    const roundId = betting.round.id;
    // Our clock against the server's (both read the machine's clock; the server adds the database's offset).
    const bettingLeftMs = betting.round.bettingEndsAt - Date.now();
    const cpuBefore = {
      client: process.cpuUsage(),
      servers: target.pids.map(cpuSecondsOf),
      postgres: postgresCpuSnapshot(),
      balancer: target.balancerPid === undefined ? 0 : cpuSecondsOf(target.balancerPid),
      redis: postgresCpuSnapshot('redis-server'),
      wall: performance.now(),
    };

    // The bets, evenly over the window from now.
    const betStart = performance.now();
    const bets = await schedule(PLAYERS, betStart, BET_WINDOW_MS, async (index) => {
      const sentAt = Date.now();
      const result = await timedRequest({
        url: api(target.url, CRASH_PATHS.bet),
        method: 'POST',
        headers: { [GAME_SESSION_HEADER]: players[index].token },
        json: { roundId, stake: STAKE },
        agent,
      });
      return { index, sentAt, ...result };
    });
    const betsAnsweredIn = performance.now() - betStart;
    const betCpu = process.cpuUsage(cpuBefore.client);

    const started = await pages[0].waitFor(
      (message) => message.type === 'started' && message.roundId === roundId,
      'the start',
    );
    const startedAt = started.startedAt;
    const flightMs = crashTimeToReach(crashPoint);
    const span = Math.min(CASHOUT_SPAN_MS, flightMs - CASHOUT_BEFORE_CRASH_MS - CASHOUT_FROM_MS);
    const accepted = bets.results.filter((bet) => codeOf(bet) === 0);
    const cashers = accepted.slice(0, CASHOUTS);
    // The cash-outs, evenly from CASHOUT_FROM_MS after the start (on our clock: the server's is within ms).
    const cashoutStart = performance.now() + (startedAt + CASHOUT_FROM_MS - Date.now());
    const cashouts = await schedule(cashers.length, cashoutStart, span, async (index) => {
      const bet = cashers[index];
      const sentAt = Date.now();
      const result = await timedRequest({
        url: api(target.url, CRASH_PATHS.cashout),
        method: 'POST',
        headers: { [GAME_SESSION_HEADER]: players[bet.index].token },
        json: { roundId },
        agent,
      });
      return { bet, sentAt, answeredAt: Date.now(), ...result };
    });

    await Promise.all(
      pages.map((page) =>
        page.waitFor((message) => message.type === 'crashed' && message.round.id === roundId, 'the crash'),
      ),
    );
    // The open bets lose a grace after the crash (crash.engine.ts graceMs).
    const settleBy = performance.now() + 30_000;
    for (;;) {
      const open = await db
        .selectFrom('game_round')
        .select((eb) => eb.fn.countAll().as('open'))
        .where('crash_round_id', '=', roundId)
        .where('state', '=', 'open')
        .executeTakeFirstOrThrow();
      if (Number(open.open) === 0) break;
      if (performance.now() > settleBy)
        throw new Error(`round ${roundId}: bets still open 30 s after its crash`);
      await sleep(250);
    }
    const wall = (performance.now() - cpuBefore.wall) / 1000;
    const serverCpu = target.pids.map((pid, index) => cpuSecondsOf(pid) - cpuBefore.servers[index]);
    const postgresCpu = postgresCpuSince(cpuBefore.postgres);
    // A fleet's balancer and bus share the cores too (one instance has neither).
    const balancerCpu =
      target.balancerPid === undefined ? undefined : cpuSecondsOf(target.balancerPid) - cpuBefore.balancer;
    const redisCpu = postgresCpuSince(cpuBefore.redis, 'redis-server');
    const clientCpu = process.cpuUsage(cpuBefore.client);

    // What the database holds of the round.
    const rows = await db
      .selectFrom('game_round')
      .select([
        'id',
        'member_id',
        'state',
        'stake',
        'payout',
        'multiplier',
        'outcome',
        'bet_transaction_id',
        'win_transaction_id',
      ])
      .where('crash_round_id', '=', roundId)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ledger = await db
      .selectFrom('ledger_account')
      .select((eb) => [eb.fn.sum('cash').as('cash'), eb.fn.sum('withdrawable').as('withdrawable')])
      .executeTakeFirstOrThrow();

    // Bets: taken and recorded with their stake, or refused.
    const windowEnd = betting.round.bettingEndsAt;
    const missing = accepted.filter((bet) => {
      const row = byId.get(bet.answer.data.bet.id);
      return !row || row.stake !== STAKE || row.bet_transaction_id === null;
    });
    const refused = bets.results.filter((bet) => codeOf(bet) !== 0);
    const refusedInWindow = refused.filter((bet) => bet.sentAt < windowEnd);
    const lost = missing.length + refusedInWindow.length;
    const answeredIds = new Set(accepted.map((bet) => bet.answer.data.bet.id));
    const unanswered = rows.filter((row) => !answeredIds.has(row.id)).length;

    // Cash-outs: paid at the curve's multiplier of the receipt time recorded with them.
    const paid = cashouts.results.filter((cashout) => codeOf(cashout) === 0);
    const cashoutFailures = cashouts.results.filter((cashout) => codeOf(cashout) !== 0);
    const wrong = [];
    const receiptDelays = [];
    for (const cashout of paid) {
      const answer = cashout.answer.data.bet;
      const row = byId.get(answer.id);
      const outcome = row?.outcome ?? {};
      const receivedAt = outcome.receivedAt;
      const why = [];
      if (!row || row.state !== 'settled') why.push('not settled');
      else if (typeof receivedAt !== 'number') why.push('no receipt time recorded');
      else {
        const curve = crashMultiplierAt(receivedAt - startedAt);
        if (outcome.cashedOutAt !== curve) why.push(`paid ${outcome.cashedOutAt}, curve at receipt ${curve}`);
        if (answer.cashedOutAt !== outcome.cashedOutAt) why.push('answer and record differ');
        if (row.multiplier !== outcome.cashedOutAt * 100) why.push('multiplier column differs');
        if (row.payout !== Math.floor((row.stake * outcome.cashedOutAt) / 100)) why.push('payout differs');
        if (row.win_transaction_id === null) why.push('win not credited');
        if (
          receivedAt < cashout.sentAt - CLOCK_TOLERANCE_MS ||
          receivedAt > cashout.answeredAt + CLOCK_TOLERANCE_MS
        )
          why.push(`receipt ${receivedAt} outside the call ${cashout.sentAt}–${cashout.answeredAt}`);
        receiptDelays.push(receivedAt - cashout.sentAt);
      }
      if (why.length > 0) wrong.push(`bet ${answer.id}: ${why.join('; ')}`);
    }
    receiptDelays.sort((a, b) => a - b);
    const settledWins = rows.filter((row) => row.state === 'settled' && row.payout > 0).length;
    const lostAtCrash = rows.filter((row) => row.state === 'settled' && row.payout === 0).length;

    const betLatencies = accepted.map((bet) => bet.latency).sort((a, b) => a - b);
    const allBetLatencies = bets.results.map((bet) => bet.latency).sort((a, b) => a - b);
    const cashoutLatencies = paid.map((cashout) => cashout.latency).sort((a, b) => a - b);
    const pageCounts = pages.map(
      (page) =>
        `${page.counts.get(`bet:${roundId}`) ?? 0} bets, ${page.counts.get(`cashout:${roundId}`) ?? 0} cash-outs ` +
        `in ${page.frames} frames`,
    );
    const conserved = ledger.cash === '0' && ledger.withdrawable === '0';
    const calls = bets.results.length + cashouts.results.length;
    const serverMsACall = (serverCpu.reduce((sum, seconds) => sum + seconds, 0) * 1000) / calls;
    const postgresMsACall = (postgresCpu * 1000) / calls;

    console.log(
      `\n${name}: round ${roundId}, crash point ${(crashPoint / 100).toFixed(2)}× (flight ${(flightMs / 1000).toFixed(1)} s); betting closed ${bettingLeftMs} ms after the bench heard it open`,
    );
    console.log(
      `  bets: ${PLAYERS} sent over ${BET_WINDOW_MS} ms (${((PLAYERS / BET_WINDOW_MS) * 1000).toFixed(0)}/s), all answered ${(betsAnsweredIn / 1000).toFixed(1)} s after the first; ` +
        `${accepted.length} taken, p50 ${ms(percentile(betLatencies, 50))} ms, p99 ${ms(percentile(betLatencies, 99))} ms, max ${ms(betLatencies.at(-1))} ms ` +
        `(every answer: p99 ${ms(percentile(allBetLatencies, 99))} ms)`,
    );
    // Where in the window the slow answers were: a tail at the start is a cold path, one spread out is load.
    const firstSent = Math.min(...bets.results.map((bet) => bet.sentAt));
    const bySecond = Array.from({ length: Math.ceil(BET_WINDOW_MS / 1000) }, (_, second) =>
      accepted
        .filter((bet) => Math.floor((bet.sentAt - firstSent) / 1000) === second)
        .map((bet) => bet.latency)
        .sort((a, b) => a - b),
    );
    console.log(
      `  taken bets by the second they were sent in, p50 / p99: ` +
        bySecond
          .map((latencies) => `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 99))} ms`)
          .join(', '),
    );
    if (refused.length > 0)
      console.log(
        `  bets refused: ${tally(refused.map(failureOf))}; ${refusedInWindow.length} of them sent before the betting time ended`,
      );
    console.log(
      `  bets lost: ${lost} (${missing.length} answered as taken but not recorded with their stake, ${refusedInWindow.length} refused though sent in time); ` +
        `${unanswered} recorded bets without a taken answer`,
    );
    console.log(
      `  cash-outs: ${cashers.length} sent over ${(span / 1000).toFixed(1)} s of the flight (${((cashers.length / span) * 1000).toFixed(0)}/s); ${paid.length} paid, ` +
        `p50 ${ms(percentile(cashoutLatencies, 50))} ms, p99 ${ms(percentile(cashoutLatencies, 99))} ms, max ${ms(cashoutLatencies.at(-1))} ms` +
        (cashoutFailures.length > 0 ? `; refused: ${tally(cashoutFailures.map(failureOf))}` : ''),
    );
    console.log(
      `  judged at receipt: ${paid.length - wrong.length} of ${paid.length} paid exactly the curve's multiplier at the receipt time recorded, inside the call's span; ` +
        `receipt after sending p50 ${ms(percentile(receiptDelays, 50))} ms, p99 ${ms(percentile(receiptDelays, 99))} ms`,
    );
    for (const line of wrong.slice(0, 10)) console.log(`    WRONG ${line}`);
    console.log(
      `  round settled: ${rows.length} bets, ${settledWins} won, ${lostAtCrash} lost at the crash; pages saw ${pageCounts.join(' | ')}; ` +
        `ledger cash ${ledger.cash}, withdrawable ${ledger.withdrawable} (both must be 0)`,
    );
    console.log(
      `  client: bets sent late against their schedule p50 ${ms(percentile(bets.lags, 50))} ms, p99 ${ms(percentile(bets.lags, 99))} ms; ` +
        `CPU ${(((betCpu.user + betCpu.system) / 1e6 / (BET_WINDOW_MS / 1000)) * 100).toFixed(0)} % of a core during the bets, ` +
        `cash-outs late p99 ${ms(percentile(cashouts.lags, 99))} ms`,
    );
    console.log(
      `  CPU over the round (${wall.toFixed(1)} s): bench ${((clientCpu.user + clientCpu.system) / 1e6).toFixed(1)} s, ` +
        `server${target.pids.length > 1 ? 's' : ''} ${serverCpu.map((seconds) => seconds.toFixed(1)).join(' + ')} s, PostgreSQL ${postgresCpu.toFixed(1)} s` +
        (balancerCpu === undefined
          ? ''
          : `, HAProxy ${balancerCpu.toFixed(1)} s, Redis ${redisCpu.toFixed(1)} s`) +
        '; ' +
        `a call (bet or cash-out, the round's own work included) ${serverMsACall.toFixed(2)} ms of server and ${postgresMsACall.toFixed(2)} ms of PostgreSQL: ` +
        `${PLAYERS} bets in ${BET_WINDOW_MS / 1000} s need ${(((PLAYERS / (BET_WINDOW_MS / 1000)) * (serverMsACall + postgresMsACall)) / 1000).toFixed(1)} cores for them alone` +
        (cold > 0 ? `; ${cold} of ${SOCKETS} connections could not be opened before the round` : ''),
    );
    const p99ok = percentile(betLatencies, 99) <= 100 && percentile(cashoutLatencies, 99) <= 100;
    console.log(
      `  goal: bet and cash-out p99 ≤ 100 ms ${p99ok ? 'MET' : 'NOT MET'}; no bet lost ${lost === 0 ? 'MET' : 'NOT MET'}; ` +
        `every cash-out judged at its receipt time ${wrong.length === 0 ? 'MET' : 'NOT MET'}`,
    );
    return lost === 0 && missing.length === 0 && wrong.length === 0 && conserved;
  } finally {
    for (const page of pages) page.socket.close();
  }
}

let exitCode = 0;
let handle;
try {
  const reference = process.env.BENCH_WALLET === '0' ? undefined : await walletReference();
  await admin.query(`create database ${database}`);
  const { rows: version } = await admin.query('show server_version');
  console.log(
    `bench:crash — ${PLAYERS} players bet ${STAKE} minor units (${country.currency}) within ${BET_WINDOW_MS} ms, ` +
      `${CASHOUTS} cash out by hand; PostgreSQL ${version[0].server_version}; configurations: ${FLEETS.join(', ')} instance(s)`,
  );
  let players;
  for (const size of FLEETS) {
    // One instance as `npm start` runs it (no Redis); more as a fleet behind HAProxy, on Redis.
    const target =
      size === 1
        ? await startServer('bench-crash', { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }).then(
            (server) => ({
              url: server.url,
              pageUrls: [server.url],
              pids: [server.pid],
              stop: server.stop,
            }),
          )
        : await startFleet({
            size,
            databaseUrl,
            redisUrl,
            env: { LOG_LEVEL: 'warn' },
            // docs/deployment.md "Process roles": the first instance runs the jobs and drives the rounds,
            // the others are web instances (BENCH_FLEET_ROLES=all: every instance runs the jobs).
            instanceEnv: (index) => (FLEET_ROLES === 'split' && index > 1 ? { RUN_JOBS: '0' } : {}),
          }).then((fleet) => ({
            url: fleet.url,
            pageUrls: fleet.instances.map((instance) => instance.process.url),
            pids: fleet.instances.map((instance) => instance.process.pid),
            balancerPid: fleet.balancerPid,
            stop: fleet.stop,
          }));
    try {
      if (!players) {
        handle = await openDatabase({ engine: 'postgres', url: databaseUrl, poolSize: 16 });
        const began = performance.now();
        players = await makePlayers(handle.db, Math.max(...FLEETS));
        console.log(`${PLAYERS} players made in ${((performance.now() - began) / 1000).toFixed(1)} s`);
      }
      const name =
        size === 1
          ? 'one instance'
          : `${size} instances behind HAProxy (${FLEET_ROLES === 'split' ? `one running the jobs, ${size - 1} web` : 'each running the jobs'})`;
      for (let round = 1; round <= ROUNDS; round += 1) {
        const label =
          ROUNDS > 1
            ? `${name}, its ${round === 1 ? 'first' : `round ${round}`} of ${ROUNDS} measured`
            : name;
        if (!(await playRound(label, target, players, handle.db))) exitCode = 1;
      }
    } finally {
      await target.stop();
    }
  }
  if (reference) {
    console.log(
      `\nreference, same run: bench:wallet ${reference.perSecond} ledger transfers/s at ${reference.clients} clients`,
    );
  }
  console.log(machineLine());
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  agent.destroy();
  await handle?.close();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
}
process.exit(exitCode);
