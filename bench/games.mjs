// npm run bench:games — the Hub88 provider wallet API (/api/provider/hub88/…) under load, over real HTTP on
// PostgreSQL, beside pgbench's simple-update rate on the same database in the same run (issue 5 point 10:
// p99 under 100 ms at 32 players, rounds/s at least a third of pgbench's tps).
//
// A round is what a provider's slot spin costs us: one signed `transaction/bet`, then one signed
// `transaction/win` (often zero) that closes the round. The built server (apps/server/dist/server.js) runs
// as in production on a scratch database, so the measured path is HTTP, the signature check, the route,
// the provider service, the wallet's ledger and the answer's RSA signature. Every concurrent client is a
// distinct player (own member, cash and game session token) playing one round after another. Needs
// PostgreSQL (DATABASE_URL, default the machine's), pgbench, and the server built (npm run build).
//
// BENCH_REFERENCE=1 (issue 22): the reference build too. The commit REFERENCE_COMMIT below is checked out in a
// worktree in the temp folder, installed and built there once (kept for the next run), and its server started
// beside this one on the same PostgreSQL, each on its own scratch database. Every step runs on both, one after
// the other (the order alternating step by step), so both meet the same load on a shared machine; the rows
// and a closing comparison of the server's CPU per round (process CPU time ÷ rounds, which a busy host hides
// less than rates do) print both builds side by side. BENCH_REFERENCE=<commit> measures another commit.
// BENCH_REPEAT=n runs the steps n times (the figures of each build summed over the repeats);
// BENCH_PLAYERS=8,32 picks the steps.
//
// BENCH_CPU_PROF=<folder>: each server runs under `node --cpu-prof` and writes its profile there when it
// stops (open it in Chrome's DevTools). BENCH_COUNT_SQL=1: each server counts the statements its `pg`
// clients send (bench/sql-counter.mjs), and the run prints them per round for each build.
//
// BENCH_PROMOTIONS_COST=1 (run by `npm run bench:promotions`, issue 14 (b)): instead of the steps above, what the
// promotion programmes add to a round. Steps of 8 players alternate with every programme on (the demo's
// defaults) and every programme switched off (the operator's switch, `promotion_programme`), on the same
// server in the same run; the server's and PostgreSQL's CPU per round of each are compared (goal: on at most
// 1.15 × off).
//
// BENCH_LIMITS_COST=1 (run by `npm run bench:limits`, issue 25): what responsible-gambling limits add to a round.
// Steps of 8 players alternate with all nine limits (deposit, loss and stake per day, week and month) set on
// every player, high enough never to refuse, and with none; the wallet checks and counts them in every bet's
// and win's transaction (player-limits.sql.ts). Same comparison as above (goal: with at most 1.10 × without).
import { randomUUID, generateKeyPairSync, sign, verify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import {
  cpuSecondsOf,
  machineLine,
  ms,
  percentile,
  postgresCpuSince,
  postgresCpuSnapshot,
} from './measure.mjs';

/**
 * The reference build: the commit at the end of the core (issue 22), where the provider round's budget was
 * measured (255 rounds/s and 1.75 ms of server CPU a round at 32 players). Update it when the budget is
 * re-based on a later build, and record the run that re-bases it in docs/benchmarks.md.
 */
const REFERENCE_COMMIT = 'e9ca0b3';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PLAYERS = (process.env.BENCH_PLAYERS ?? '1,8,32,128').split(',').map(Number);
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 1));
const REFERENCE =
  process.env.BENCH_REFERENCE === undefined || process.env.BENCH_REFERENCE === ''
    ? undefined
    : process.env.BENCH_REFERENCE === '1'
      ? REFERENCE_COMMIT
      : process.env.BENCH_REFERENCE;
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
const COUNT_SQL = process.env.BENCH_COUNT_SQL === '1';
const COUNTRY = process.env.COUNTRY ?? 'KE';
// A Hub88 game of the demo seed (apps/server/src/db/seed/demo-games.ts): the provider simulator's slot.
const GAME_CODE = 'hub88sim_lucky_fruits';
const WIN_PERCENT = [0, 0, 0, 0, 0, 50, 100, 150, 200, 500];
const FUNDS = 1e9;
// pgbench opens one connection per client. PostgreSQL's max_connections is usually 100, shared with the
// server's pool and with whatever else runs on the machine (other test runs), so pgbench gets at most what
// is free less this margin; its row then says how many clients it really ran.
const CONNECTION_MARGIN = 20;
const database = `bench_games_${process.pid}`;
const PROMOTIONS_COST = process.env.BENCH_PROMOTIONS_COST === '1';
const LIMITS_COST = process.env.BENCH_LIMITS_COST === '1';
/** Either comparison of one build with a feature on and off, on 8 players. */
const COST_MODE = PROMOTIONS_COST || LIMITS_COST;
const { PROGRAMME_CODES } = await import('../packages/contracts/src/promotions.ts');
const { API_BASE, PROVIDER_PATHS } = await import('../packages/contracts/src/paths.ts');

/**
 * What the bench uses of a build's own code (its source, run by tsx): the set-up of the players goes through
 * the build's own services, so each build's database holds what that build writes.
 */
async function loadBuild(name, root) {
  const load = (file) => import(pathToFileURL(path.join(root, file)).href);
  const [{ COUNTRY_PROFILES }, { WEB_PLATFORM }, { startServer }, { openDatabase }] = await Promise.all([
    load('packages/contracts/src/country.ts'),
    load('packages/contracts/src/envelope.ts'),
    load('scripts/test-server.mjs'),
    load('apps/server/src/db/database.ts'),
  ]);
  return {
    name,
    root,
    country: COUNTRY_PROFILES[COUNTRY],
    webPlatform: WEB_PLATFORM,
    startServer,
    openDatabase,
    wallet: await load('apps/server/src/modules/platform/wallet/wallet.service.ts'),
    gameSessions: await load('apps/server/src/modules/games/catalogue/game-session.service.ts'),
    members: await load('apps/server/src/modules/platform/member/member.service.ts'),
    memberRepository: await load('apps/server/src/modules/platform/member/member.repository.ts'),
    hub88: await load('apps/server/src/modules/games/provider/hub88-protocol.ts'),
    // Only a build that has them (bench:limits runs on main alone).
    playerLimits: existsSync(
      path.join(root, 'apps/server/src/modules/platform/wallet/player-limits.service.ts'),
    )
      ? await load('apps/server/src/modules/platform/wallet/player-limits.service.ts')
      : undefined,
    database: name === 'main' ? database : `${database}_reference`,
    /** What the run did on this build, kept to compare with what its database recorded. */
    totals: { rounds: 0, bets: 0, stakes: 0, wins: 0, payouts: 0, failures: new Map() },
  };
}

/**
 * The reference commit checked out, installed and built in a worktree of the temp folder, kept for the next
 * run (remove it with `git worktree remove --force <folder>`). Installs with the npm of the running Node.
 */
function prepareReference(commit) {
  const git = (cwd, ...args) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
  const wanted = git(repoRoot, 'rev-parse', '--verify', `${commit}^{commit}`);
  const folder = path.join(os.tmpdir(), `bench-reference-${wanted.slice(0, 12)}`);
  if (!existsSync(path.join(folder, '.git'))) {
    rmSync(folder, { recursive: true, force: true });
    git(repoRoot, 'worktree', 'prune');
    console.log(`reference ${commit}: checking out ${wanted.slice(0, 12)} in ${folder}`);
    git(repoRoot, 'worktree', 'add', '--detach', folder, wanted);
  }
  if (git(folder, 'rev-parse', 'HEAD') !== wanted)
    throw new Error(`${folder} is not at ${wanted}: remove it`);
  const run = (...args) => execFileSync('npm', args, { cwd: folder, stdio: ['ignore', 'ignore', 'inherit'] });
  if (!existsSync(path.join(folder, 'node_modules'))) {
    console.log(`reference ${commit}: npm ci (a few minutes, once)`);
    run('ci', '--no-audit', '--no-fund');
  }
  const built = ['apps/server/dist/server.js', 'apps/simulators/dist/main.js', 'apps/web/dist/index.html'];
  if (!built.every((file) => existsSync(path.join(folder, file)))) {
    console.log(`reference ${commit}: npm run build (once)`);
    run('run', 'build');
  }
  return folder;
}

const builds = [await loadBuild('main', repoRoot)];
if (REFERENCE !== undefined && !COST_MODE) {
  builds.push(await loadBuild(REFERENCE, prepareReference(REFERENCE)));
}
const [main] = builds;
const country = main.country;
// Stakes in minor units: 20 in the market's currency, Kenya's legal minimum (every bet is held to it), the same
// for every build. Wins are a few multiples of it at most, below WINNER_NOTICE_MIN_WIN, so no round takes the
// winner-notice path (a rare event in real play too).
const STAKE = 20 * country.scale;
const perMinor = main.hub88.unitsPerMinor(country.scale);
const signAsync = promisify(sign);

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
/** The address of a build's scratch database. */
const urlOf = (build) => {
  const url = new URL(baseUrl);
  url.pathname = `/${build.database}`;
  return url.toString();
};
const mainUrl = urlOf(main);

/** Clients pgbench may open now without taking the last connections from everyone else. */
async function pgbenchClientsFor(clients) {
  const { rows } = await admin.query(
    `select current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int
            - (select count(*)::int from pg_stat_activity) as free`,
  );
  return Math.max(1, Math.min(clients, rows[0].free - CONNECTION_MARGIN));
}

function pgbenchTps(clients) {
  const threads = Math.min(clients, os.cpus().length);
  const args = ['-n', '-N', '-c', String(clients), '-j', String(threads), '-T', String(SECONDS), mainUrl];
  const output = execFileSync('pgbench', args, { encoding: 'utf8' });
  return { tps: Number(/tps = ([\d.]+)/.exec(output)?.[1]), clients, threads };
}

// The provider's key pair signs the calls (the server checks them with its public key); ours signs the
// answers (we check them with our public key), as in production, both RSA 2048.
const providerKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const operatorKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pemOf = (key, type) => key.export({ type, format: 'pem' }).toString();

// One keep-alive connection per concurrent player, as a provider's HTTP client pool would hold.
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** POSTs `raw` with its signature; resolves with the HTTP status, the answer's signature and its bytes. */
function post(server, action, raw, signature) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: server.hostname,
        port: server.port,
        path: `${API_BASE}${PROVIDER_PATHS[action]}`,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(raw),
          'x-hub88-signature': signature,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            signature: response.headers['x-hub88-signature'],
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error('no answer within 30 s')));
    request.on('error', reject);
    request.end(raw);
  });
}

/**
 * One wallet call as the provider makes it: signed off the clock (the provider's own CPU), timed from
 * sending to the last byte of the answer, the answer's signature checked. Resolves with the answer and the
 * call's latency, or throws with why the answer cannot be believed.
 */
async function call(server, action, body) {
  const raw = JSON.stringify(body);
  // The callback form runs in libuv's thread pool, so 128 players signing do not stall the event loop
  // that times the answers.
  const signature = (await signAsync('sha256', Buffer.from(raw), providerKeys.privateKey)).toString('base64');
  const started = performance.now();
  const response = await post(server, action, raw, signature);
  const latency = performance.now() - started;
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  const signed =
    typeof response.signature === 'string' &&
    verify('sha256', response.body, operatorKeys.publicKey, Buffer.from(response.signature, 'base64'));
  if (!signed) throw new Error('answer not signed with our key');
  return { answer: JSON.parse(response.body.toString('utf8')), latency };
}

let roundSequence = 0;

/**
 * A bet and its win for `player` on `build`'s server. The answer's balance must be exactly what the player's
 * own rounds leave (nobody else touches their cash), so a lost or doubled movement shows at once.
 */
async function playRound(build, player, timings) {
  const { totals } = build;
  const fail = (reason) => totals.failures.set(reason, (totals.failures.get(reason) ?? 0) + 1);
  const server = build.serverUrl;
  roundSequence += 1;
  const common = {
    user: player.user,
    token: player.token,
    supplier_user: `bench-${player.user}`,
    round: `bench-${roundSequence}`,
    game_code: GAME_CODE,
    currency: country.currency,
    is_free: false,
    is_aggregated: false,
    reward_uuid: null,
    bet: 'spin',
    meta: {},
  };
  const betUuid = randomUUID();
  const bet = await call(server, 'hub88Bet', {
    ...common,
    transaction_uuid: betUuid,
    supplier_transaction_id: `bench-bet-${betUuid}`,
    request_uuid: randomUUID(),
    round_closed: false,
    amount: STAKE * perMinor,
  });
  if (bet.answer.status !== 'RS_OK') return fail(`bet ${bet.answer.status}`);
  totals.bets += 1;
  totals.stakes += STAKE;
  player.balance -= STAKE * perMinor;
  if (bet.answer.balance !== player.balance) {
    fail('bet: balance not as expected');
    player.balance = bet.answer.balance;
  }

  const payout = (STAKE * WIN_PERCENT[Math.floor(Math.random() * WIN_PERCENT.length)]) / 100;
  const winUuid = randomUUID();
  const win = await call(server, 'hub88Win', {
    ...common,
    transaction_uuid: winUuid,
    supplier_transaction_id: `bench-win-${winUuid}`,
    request_uuid: randomUUID(),
    reference_transaction_uuid: betUuid,
    round_closed: true,
    amount: payout * perMinor,
  });
  if (win.answer.status !== 'RS_OK') return fail(`win ${win.answer.status}`);
  totals.wins += 1;
  totals.payouts += payout;
  player.balance += payout * perMinor;
  if (win.answer.balance !== player.balance) {
    fail('win: balance not as expected');
    player.balance = win.answer.balance;
  }
  totals.rounds += 1;
  timings.bet.push(bet.latency);
  timings.win.push(win.latency);
  timings.round.push(bet.latency + win.latency);
}

/**
 * CPU seconds of `build`'s server so far and a snapshot of every PostgreSQL process's (on Linux). During
 * a step only that server's pool plays rounds, so the server's difference across the step is what the rounds
 * cost it (its background jobs included, as in production); PostgreSQL's also counts whatever else the
 * machine's databases did meanwhile (the other build's idle jobs too).
 */
function serverAndDatabaseCpu(build) {
  const database = postgresCpuSnapshot();
  return { server: build.server ? cpuSecondsOf(build.server.pid) : 0, database };
}

/** `players.length` of `build`'s players, each playing rounds back to back until the deadline. */
async function runStep(build, players, seconds) {
  const timings = { round: [], bet: [], win: [] };
  const deadline = performance.now() + seconds * 1000;
  const play = async (player) => {
    while (performance.now() < deadline && !interrupted) {
      try {
        await playRound(build, player, timings);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        build.totals.failures.set(reason, (build.totals.failures.get(reason) ?? 0) + 1);
      }
    }
  };
  await countSql(build); // the counts start with the step
  // On the monotonic clock, in microseconds: the same time base as the servers' CPU profiles' samples.
  const window = process.hrtime.bigint() / 1000n;
  const cpu = process.cpuUsage();
  const serverCpu = serverAndDatabaseCpu(build);
  const started = performance.now();
  await Promise.all(players.map(play));
  const elapsed = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpu);
  const serverCpuAfter = serverAndDatabaseCpu(build);
  const statements = await countSql(build);
  if (CPU_PROFILE_DIR) {
    console.log(
      `${build.name}: the step is ${window}–${process.hrtime.bigint() / 1000n} µs in its CPU profile's clock`,
    );
  }
  const perRoundMs = (seconds) => (seconds * 1000) / Math.max(1, timings.round.length);
  for (const list of Object.values(timings)) list.sort((a, b) => a - b);
  return {
    rounds: timings.round.length,
    perSecond: timings.round.length / elapsed,
    timings,
    // This process's CPU a round (signing, HTTP client): it shares the cores with the server and PostgreSQL.
    clientCpuMs: (user + system) / 1000 / Math.max(1, timings.round.length),
    serverCpuMs: perRoundMs(serverCpuAfter.server - serverCpu.server),
    databaseCpuMs: perRoundMs(postgresCpuSince(serverCpu.database)),
    statements,
  };
}

/**
 * With BENCH_COUNT_SQL=1: asks `build`'s server for the statements it sent since the last ask (SIGUSR2 to the
 * server, which bench/sql-counter.mjs answers with a file), by statement text. Undefined without it.
 */
async function countSql(build) {
  if (!COUNT_SQL || !build.server) return undefined;
  const file = `${build.sqlCountFile}.${build.server.pid}.json`;
  rmSync(file, { force: true });
  process.kill(build.server.pid, 'SIGUSR2');
  for (let wait = 1; wait < 5000; wait *= 2) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (existsSync(file)) {
      try {
        return JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        // Still being written.
      }
    }
  }
  throw new Error(`${build.name}: the server did not write its statement counts`);
}

/** Every promotion programme on (the defaults) or off, by the operator's switch in the server's database. */
async function switchProgrammes(enabled) {
  const client = new pg.Client({ connectionString: mainUrl });
  await client.connect();
  try {
    if (enabled) await client.query('delete from promotion_programme');
    else {
      for (const code of PROGRAMME_CODES) {
        await client.query(
          `insert into promotion_programme (code, enabled, settings) values ($1, false, '{}')
             on conflict (code) do update set enabled = false`,
          [code],
        );
      }
    }
  } finally {
    await client.end();
  }
}

/**
 * Every player with all nine limits (through the wallet's own service, as the limits page sets them: the
 * usage row made and counted from the journal) or none (their rows gone: the trigger's one probe finds
 * nothing). The amounts are the largest allowed, so no bet of the run is refused.
 */
async function switchLimits(build, on) {
  const handle = await build.openDatabase({ engine: 'postgres', url: urlOf(build), poolSize: 2 });
  try {
    if (!on) {
      await handle.db.deleteFrom('player_limit').execute();
      await handle.db.deleteFrom('player_limit_usage').execute();
      return;
    }
    const { LIMIT_NAMES, limitMaxOf } = await import('../packages/contracts/src/limits.ts');
    const market = {
      timeZone: build.country.timeZone,
      coolingOffHours: build.country.compliance.limits.coolingOffHours,
    };
    for (const player of build.players) {
      await build.playerLimits.setPlayerLimits(handle.db, market, player.id, {
        limits: LIMIT_NAMES.map((name) => ({ name, amount: limitMaxOf(name) })),
      });
    }
  } finally {
    await handle.close();
  }
}

/**
 * A feature's cost (bench:promotions (b), bench:limits): steps of the same players alternating the feature
 * on and off; CPU per round of the server and PostgreSQL for each (the fact consumers' work included: they
 * run on the server's jobs).
 */
async function compareCost(build, { title, feature, switchTo, goal }) {
  const players = build.players.slice(0, 8);
  const rounds = 3;
  const sums = { on: { server: 0, database: 0, rounds: 0 }, off: { server: 0, database: 0, rounds: 0 } };
  console.log(
    `${title} — ${players.length} players, ${SECONDS} s per step, ${rounds} steps each, alternating`,
  );
  console.log(`step  ${feature.padStart(10)}  rounds/s  round p50 / p99 ms   CPU/round server, PostgreSQL`);
  for (let step = 0; step < rounds * 2 && !interrupted; step += 1) {
    const state = step % 2 === 0 ? 'on' : 'off';
    await switchTo(state === 'on');
    const result = await runStep(build, players, SECONDS);
    sums[state].server += result.serverCpuMs * result.rounds;
    sums[state].database += result.databaseCpuMs * result.rounds;
    sums[state].rounds += result.rounds;
    console.log(
      [
        String(step + 1).padStart(4),
        state.padStart(11),
        result.perSecond.toFixed(0).padStart(9),
        `${ms(percentile(result.timings.round, 50))} / ${ms(percentile(result.timings.round, 99))}`.padStart(
          19,
        ),
        `${result.serverCpuMs.toFixed(2)}, ${result.databaseCpuMs.toFixed(2)} ms`.padStart(30),
      ].join(' '),
    );
  }
  await switchTo(true);
  const perRound = (state) => (sums[state].server + sums[state].database) / Math.max(1, sums[state].rounds);
  const ratio = perRound('on') / perRound('off');
  console.log(
    `CPU per round (server + PostgreSQL): on ${perRound('on').toFixed(2)} ms, off ${perRound('off').toFixed(2)} ms, ` +
      `ratio ${ratio.toFixed(3)}: goal at most ${goal} ${ratio <= goal ? 'MET' : 'NOT MET'}`,
  );
  const failures = [...build.totals.failures].map(([reason, times]) => `${reason} ×${times}`);
  if (failures.length > 0) console.log(`FAILED calls: ${failures.join(', ')}`);
  console.log(machineLine());
  return failures.length > 0 ? 1 : 0;
}

/**
 * Starts `build`'s built server on its own scratch database (the server migrates it and seeds the demo
 * catalogue, its provider game, itself), then creates its players through the build's own code: members
 * with cash from the outside world, each logged in (the login holds the right to bet: one device at a time)
 * with a real-money session of the game opened from that login, as a launch does; every wallet call carries
 * the session's token.
 */
async function startBuild(build, count) {
  await admin.query(`create database ${build.database}`);
  const databaseUrl = urlOf(build);
  const nodeOptions = [];
  if (CPU_PROFILE_DIR) {
    const folder = path.join(CPU_PROFILE_DIR, build.name);
    mkdirSync(folder, { recursive: true });
    nodeOptions.push('--cpu-prof', `--cpu-prof-dir=${folder}`);
  }
  if (COUNT_SQL) {
    build.sqlCountFile = path.join(os.tmpdir(), `bench-games-sql-${process.pid}-${build.name}`);
    nodeOptions.push(`--import=${pathToFileURL(path.join(repoRoot, 'bench/sql-counter.mjs')).href}`);
  }
  build.server = await build.startServer(`bench-games-${build.name}`, {
    DATABASE_URL: databaseUrl,
    SEED_DEMO: '1',
    PROVIDER_PUBLIC_KEY: pemOf(providerKeys.publicKey, 'spki'),
    PROVIDER_PRIVATE_KEY: pemOf(operatorKeys.privateKey, 'pkcs8'),
    LOG_LEVEL: 'warn',
    ...(nodeOptions.length > 0 ? { NODE_OPTIONS: nodeOptions.join(' ') } : {}),
    ...(build.sqlCountFile ? { SQL_COUNT_FILE: build.sqlCountFile } : {}),
  });
  build.serverUrl = new URL(build.server.url);
  const handle = await build.openDatabase({ engine: 'postgres', url: databaseUrl, poolSize: 4 });
  try {
    const { wallet, gameSessions, members, memberRepository } = build;
    const game = await gameSessions.findGameByCode(handle.db, GAME_CODE);
    if (!game) throw new Error(`${build.name}: the demo seed has no game ${GAME_CODE}`);
    const inserted = await handle.db
      .insertInto('member')
      .values(
        Array.from({ length: count }, (_, index) => ({
          mobile: `07${String(index).padStart(8, '0')}`,
          password_hash: 'x',
          guid: `bench-games-${index}`,
          invite_code: `BENCHG${index}`,
        })),
      )
      .returning('id')
      .execute();
    // Kenya gates play behind a verified identity: the bench's players are verified, as its members are
    // made, by rows of their own (the verification service is not what is measured).
    await handle.db
      .insertInto('member_kyc')
      .values(inserted.map(({ id }) => ({ member_id: id, status: 'verified', fields: {} })))
      .execute();
    build.players = [];
    for (const { id } of inserted) {
      await wallet.creditMember(handle.db, {
        memberId: id,
        from: wallet.ACCOUNT.world,
        key: `bench:seed:${id}`,
        kind: 'deposit',
        cash: FUNDS,
        withdrawable: FUNDS,
      });
      // startSession reads nothing of its deps but the database here (no SMS is sent on a login).
      const member = await memberRepository.findMemberById(handle.db, id);
      await members.startSession({ db: handle.db, country: build.country }, member, {
        ip: '127.0.0.1',
        deviceId: `bench-${id}`,
        platform: build.webPlatform,
      });
      const login = await memberRepository.findMemberById(handle.db, id);
      const { token } = await gameSessions.openGameSession(handle.db, {
        memberId: id,
        memberSessionId: login.betting_session_id,
        gameId: game.id,
        mode: 'launch',
        currency: build.country.currency,
      });
      build.players.push({ id, user: build.hub88.hub88UserFor(id), token, balance: FUNDS * perMinor });
    }
  } finally {
    // Set up: its connections go back, so the servers' pools and pgbench are all that run.
    await handle.close();
  }
}

/**
 * What `build`'s database recorded must be what the run did on it, and its ledger must still balance.
 * Prints the checks; true when all hold.
 */
async function checkRecorded(build) {
  const { totals } = build;
  const checks = new pg.Client({ connectionString: urlOf(build) });
  await checks.connect();
  const ledger = (
    await checks.query(
      'select sum(cash)::text as cash, sum(withdrawable)::text as withdrawable from ledger_account',
    )
  ).rows[0];
  const recorded = (
    await checks.query(
      `select kind, count(*)::int as calls, sum(amount)::text as amount from provider_transaction
        where provider = 'hub88' and state = 'done' group by kind`,
    )
  ).rows;
  const open = (
    await checks.query(
      `select count(*)::int as open from game_round where provider_round like 'bench-%' and state <> 'settled'`,
    )
  ).rows[0].open;
  await checks.end();
  const of = (kind) => recorded.find((row) => row.kind === kind) ?? { calls: 0, amount: '0' };
  const recordedMatches =
    of('bet').calls === totals.bets &&
    Number(of('bet').amount) === totals.stakes &&
    of('win').calls === totals.wins &&
    Number(of('win').amount) === totals.payouts &&
    of('rollback').calls === 0;
  const conserved = ledger.cash === '0' && ledger.withdrawable === '0';
  const prefix = builds.length > 1 ? `${build.name}: ` : '';
  console.log(
    `${prefix}conservation after the run: cash ${ledger.cash}, withdrawable ${ledger.withdrawable} (both must be 0)`,
  );
  console.log(
    `${prefix}recorded: ${of('bet').calls} bets (${of('bet').amount} staked), ${of('win').calls} wins (${of('win').amount} paid), ` +
      `${open} rounds left open; sent ${totals.bets} bets (${totals.stakes}), ${totals.wins} wins (${totals.payouts}): ` +
      (recordedMatches && open === 0 ? 'they match' : 'MISMATCH'),
  );
  const failures = [...totals.failures].map(([reason, times]) => `${reason} ×${times}`);
  console.log(
    failures.length === 0
      ? `${prefix}every call answered RS_OK, signed with our key, with the expected balance (${totals.rounds} rounds, warm-up included)`
      : `${prefix}FAILED calls: ${failures.join(', ')}`,
  );
  return conserved && recordedMatches && open === 0 && failures.length === 0;
}

/** The statements per round of a step's counts, most frequent first (BENCH_COUNT_SQL=1). */
function printStatements(build, counts, rounds) {
  const entries = Object.entries(counts);
  const total = entries.reduce((sum, [, times]) => sum + times, 0);
  console.log(
    `${build.name}: ${(total / Math.max(1, rounds)).toFixed(2)} statements a round sent by the server ` +
      `(${total} in ${rounds} rounds, its jobs included):`,
  );
  for (const [text, times] of entries.slice(0, 25)) {
    console.log(`  ${(times / Math.max(1, rounds)).toFixed(3).padStart(8)}  ${text}`);
  }
}

let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
});

let exitCode = 0;
try {
  for (const build of builds) await startBuild(build, COST_MODE ? 8 : Math.max(...PLAYERS));
  execFileSync('pgbench', ['-i', '-q', '-s', '1', mainUrl], { stdio: 'ignore' });

  // Warm-up, not counted in the figures: the servers' code paths compiled, their pools' connections open.
  for (const build of builds) await runStep(build, build.players.slice(0, 8), Math.min(2, SECONDS));

  if (PROMOTIONS_COST) {
    exitCode = await compareCost(main, {
      title: 'bench:promotions (b)',
      feature: 'programmes',
      switchTo: switchProgrammes,
      goal: 1.15,
    });
  } else if (LIMITS_COST) {
    exitCode = await compareCost(main, {
      title: 'bench:limits',
      feature: 'limits',
      switchTo: (on) => switchLimits(main, on),
      goal: 1.1,
    });
  } else {
    const { rows: version } = await admin.query('show server_version');
    console.log(
      `bench:games — ${SECONDS} s per step, stake ${STAKE} minor units (${country.currency}), ` +
        `server pool ${process.env.DATABASE_POOL_SIZE ?? 10} connections, PostgreSQL ${version[0].server_version}` +
        (builds.length > 1
          ? `; builds main and ${builds[1].name} (${builds[1].root}) alternating, each step ${REPEAT} time(s)`
          : ''),
    );
    const buildColumn = builds.length > 1 ? 'build     ' : '';
    console.log(
      `${buildColumn}players  rounds/s  round p50 / p99 / p999 ms   bet p50 / p99   win p50 / p99   CPU/round bench, server, PostgreSQL   pgbench tps (-c/-j)   ratio`,
    );
    /** Per build and step: rounds and CPU summed over the repeats, for the comparison. */
    const sums = new Map(builds.map((build) => [build.name, new Map()]));
    const results = [];
    let order = 0;
    for (let repeat = 0; repeat < REPEAT; repeat += 1) {
      for (const clients of PLAYERS) {
        if (interrupted) break;
        // The order alternates step by step, so neither build always meets the other's aftermath first.
        const ordered = order % 2 === 0 ? builds : [...builds].reverse();
        order += 1;
        const steps = new Map();
        for (const build of ordered)
          steps.set(build.name, await runStep(build, build.players.slice(0, clients), SECONDS));
        const pgbench = pgbenchTps(await pgbenchClientsFor(clients));
        for (const build of builds) {
          const step = steps.get(build.name);
          const { round, bet, win } = step.timings;
          const row = {
            build: build.name,
            clients,
            perSecond: step.perSecond,
            p99: percentile(round, 99),
            ratio: step.perSecond / pgbench.tps,
          };
          if (build === main) results.push(row);
          const sum = sums.get(build.name).get(clients) ?? {
            rounds: 0,
            server: 0,
            database: 0,
            seconds: 0,
            round: [],
          };
          sum.rounds += step.rounds;
          sum.server += step.serverCpuMs * step.rounds;
          sum.database += step.databaseCpuMs * step.rounds;
          sum.seconds += step.rounds / Math.max(step.perSecond, 1e-9);
          sum.round.push(...round);
          sums.get(build.name).set(clients, sum);
          console.log(
            [
              ...(builds.length > 1 ? [build.name.padEnd(9)] : []),
              String(clients).padStart(7),
              step.perSecond.toFixed(0).padStart(9),
              `${ms(percentile(round, 50))} / ${ms(row.p99)} / ${ms(percentile(round, 99.9))}`.padStart(26),
              `${ms(percentile(bet, 50))} / ${ms(percentile(bet, 99))}`.padStart(15),
              `${ms(percentile(win, 50))} / ${ms(percentile(win, 99))}`.padStart(15),
              `${step.clientCpuMs.toFixed(2)}, ${step.serverCpuMs.toFixed(2)}, ${step.databaseCpuMs.toFixed(2)} ms`.padStart(
                37,
              ),
              `${pgbench.tps.toFixed(0)} (${pgbench.clients}/${pgbench.threads})`.padStart(21),
              row.ratio.toFixed(2).padStart(7),
            ].join(' '),
          );
          if (step.statements) printStatements(build, step.statements, step.rounds);
        }
      }
    }

    let recordedOk = true;
    for (const build of builds) recordedOk = (await checkRecorded(build)) && recordedOk;
    const at32 = results.find((row) => row.clients === 32);
    if (at32) {
      const ratioOk = results.every((row) => row.ratio >= 1 / 3);
      console.log(
        `goal: p99 under 100 ms at 32 players: ${ms(at32.p99)} ms ${at32.p99 < 100 ? 'MET' : 'NOT MET'}; ` +
          `rounds/s at least 1/3 of pgbench: ${results.map((row) => row.ratio.toFixed(2)).join(', ')} ${ratioOk ? 'MET' : 'NOT MET'}`,
      );
    }
    if (builds.length > 1) {
      // Side by side: each build's figures over every repeat of a step, and main's server CPU a round
      // against the reference's (the budget: within 10 %).
      const [, reference] = builds;
      console.log(
        `\nside by side (${REPEAT} repeat(s) of ${SECONDS} s a step): main | ${reference.name}; server CPU a round main ÷ ${reference.name}`,
      );
      console.log(
        'players   rounds/s        round p50 / p99 ms              server CPU a round      PostgreSQL CPU a round   ratio',
      );
      let mainServer = 0;
      let mainRounds = 0;
      let referenceServer = 0;
      let referenceRounds = 0;
      for (const clients of PLAYERS) {
        const a = sums.get(main.name).get(clients);
        const b = sums.get(reference.name).get(clients);
        if (!a || !b) continue;
        for (const sum of [a, b]) sum.round.sort((x, y) => x - y);
        const perRound = (sum, what) => sum[what] / Math.max(1, sum.rounds);
        mainServer += a.server;
        mainRounds += a.rounds;
        referenceServer += b.server;
        referenceRounds += b.rounds;
        console.log(
          [
            String(clients).padStart(7),
            `${(a.rounds / a.seconds).toFixed(0)} | ${(b.rounds / b.seconds).toFixed(0)}`.padStart(12),
            `${ms(percentile(a.round, 50))} / ${ms(percentile(a.round, 99))} | ${ms(percentile(b.round, 50))} / ${ms(percentile(b.round, 99))}`.padStart(
              33,
            ),
            `${perRound(a, 'server').toFixed(2)} | ${perRound(b, 'server').toFixed(2)} ms`.padStart(23),
            `${perRound(a, 'database').toFixed(2)} | ${perRound(b, 'database').toFixed(2)} ms`.padStart(24),
            (perRound(a, 'server') / perRound(b, 'server')).toFixed(3).padStart(8),
          ].join(' '),
        );
      }
      const ratio = mainServer / Math.max(1, mainRounds) / (referenceServer / Math.max(1, referenceRounds));
      console.log(
        `server CPU a round over every step: main ${(mainServer / Math.max(1, mainRounds)).toFixed(2)} ms, ` +
          `${reference.name} ${(referenceServer / Math.max(1, referenceRounds)).toFixed(2)} ms, ratio ${ratio.toFixed(3)}: ` +
          `budget at most 1.10 ${ratio <= 1.1 ? 'MET' : 'NOT MET'}`,
      );
    }
    console.log(machineLine());
    if (!recordedOk) exitCode = 1;
  }
} finally {
  agent.destroy();
  for (const build of builds) await build.server?.stop();
  for (const build of builds) await admin.query(`drop database if exists ${build.database} with (force)`);
  await admin.end();
}
process.exit(exitCode);
