// npm run bench:admin — the back office on PostgreSQL (issue 26, performance): on one seeded database,
// member search p99 ≤ 100 ms, the player 360 view ≤ 300 ms and a 90-day report ≤ 1 s, beside bench:wallet's
// transfers/s in the same run, and the back office's bundle size.
//
// The database: 100,000 members registered over 120 days and 4,800,000 money facts over the last 90 days and
// today (bets, wins, refunds, deposits with their excise, paid withdrawals with their tax, about 10 million
// journal entries), with programme payouts from two budgets, seeded with set-based SQL (generate_series) as
// bench/export.mjs does; one in a hundred facts is a bet of one heavy member. Then what search and the view
// read (bench/admin-seed.mjs): nicknames, KYC forms with names and ID numbers, a deposit order with its
// M-Pesa receipt for each deposit, a withdrawal with its number for each withdrawal, a game round for each
// bet, sessions, bonus grants and audit entries.
//
// Measured, in order:
// 1. the 90-day report: the daily job sums the 89 settled days and, on its last pass, today up to a quarter
//    of an hour ago (its passes timed); the report of the 90 days up to today (89 days read from the sums,
//    today from its sums and the ledger after their mark) is asked 7 times, the slowest ≤ 1 s; checked against
//    the ledger's own totals over the period;
// 2. member search through the real route (`GET /api/admin/members?query=`, the app built in-process, a
//    support staff session logged in with its TOTP code): BENCH_SEARCHES queries of each kind (mobile in
//    national and international form, id, nickname prefix, full-name prefix, ID number, deposit receipt and
//    number, withdrawal receipt and number), each kind's p99 ≤ 100 ms;
// 3. the 360 view: the overview (`GET /api/admin/members/:id`), each panel's first page (ledger, rounds,
//    bonuses, sessions, audit), the account and the notes, for BENCH_VIEWED members (the three with the most
//    money facts first), each read's p99 ≤ 300 ms;
// 4. bench:wallet's transfers/s: one step of 8 clients for BENCH_WALLET_SECONDS (its own database, run
//    after the rest, nothing else of this bench running);
// 5. the back office's bundle: the JavaScript of apps/admin/dist gzipped, if it is built.
// A table at the end; the exit code is 1 if a budget is missed or a check fails.
//
// Needs PostgreSQL (DATABASE_URL, default the machine's). Scale: BENCH_MEMBERS (100,000), BENCH_FACTS
// (4,800,000); a trial run: BENCH_MEMBERS=5000 BENCH_FACTS=200000. BENCH_EXPLAIN=1 prints the plans of
// one search of each kind; BENCH_KEEP=1 keeps the seeded database (its name is printed) to look into.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
// The `pg` the server loads, resolved from its package as its own imports are (BENCH_EXPLAIN catches its reads).
const ServerPgClient = createRequire(path.resolve(here, '../apps/server/package.json'))('pg').Client;
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const FACTS = Number(process.env.BENCH_FACTS ?? 4_800_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 200);
const VIEWED = Number(process.env.BENCH_VIEWED ?? 40);
const WALLET_SECONDS = Number(process.env.BENCH_WALLET_SECONDS ?? 5);
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const KEEP = process.env.BENCH_KEEP === '1';
const DAYS = 90;
const REPORT_LIMIT_MS = 1_000;
const SEARCH_LIMIT_MS = 100;
const VIEW_LIMIT_MS = 300;
const REPORT_RUNS = 7;
const database = `bench_admin_${process.pid}`;

const { openDatabase } = await import('../apps/server/src/db/database.ts');
const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
const { revenueReport, rollUpPass } =
  await import('../apps/server/src/modules/platform/revenue/revenue-report.ts');
const { buildApp } = await import('../apps/server/src/composition/app.ts');
const { loadEnv } = await import('../apps/server/src/env.ts');
const outsideWorld = await import('../apps/server/src/adapters/outside-world.ts');
const { staffSession } = await import('../apps/server/test/staff-session.ts');
const { COUNTRY_PROFILES, toE164 } = await import('../packages/contracts/src/country.ts');
const { addDays, calendarDayOf, dayRange } = await import('../packages/contracts/src/market-calendar.ts');
const { ADMIN_PATHS, API_BASE } = await import('../packages/contracts/src/paths.ts');
const { ADMIN_PLAYER_PATHS, PLAYER_PANELS } =
  await import('../packages/contracts/src/back-office-players.ts');
const { sql } = await import('kysely');
const { insertSeedLedger, openBenchBudgets } = await import('./ledger-seed.mjs');
const { HEAVY_MEMBER, NAMES, SURNAMES, insertBackOfficeSeed, searchKeys } = await import('./admin-seed.mjs');

const KE = COUNTRY_PROFILES.KE;
let failed = false;
const check = (ok, message) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
  if (!ok) failed = true;
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
/** A deterministic pick (the same run asks the same queries): the `index`-th of `count` spread over 1…max. */
const spread = (index, count, max) => 1 + Math.floor(((index + 0.5) * max) / count);
/** The table's rows, printed at the end: [what, figure, budget, met]. */
const summary = [];

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${database}`);
const url = new URL(baseUrl);
url.pathname = `/${database}`;
const handle = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 4 });
const { db } = handle;
const deps = { db, country: KE };
const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'bench-admin-'));
let app;

const now = new Date();
const today = calendarDayOf(now, KE.timeZone);
const from = addDays(today, -(DAYS - 1));
// The facts run from the first day's midnight to now: today's last quarter of an hour is what the report reads live.
const start = dayRange(addDays(today, -(DAYS - 1)), KE.timeZone).from;

try {
  await migrateToLatest(db);
  const seeding = performance.now();
  await sql`
    insert into member (mobile, password_hash, guid, invite_code, created_at)
    select '07' || lpad(n::text, 8, '0'), 'x', 'bench-' || n, 'B' || n,
      ${start}::timestamptz - interval '30 days' + (n::float8 / ${MEMBERS}) * (${now}::timestamptz - ${start}::timestamptz + interval '30 days')
    from generate_series(1, ${MEMBERS}) as n`.execute(db);
  await sql`insert into ledger_account (code, kind, member_id) select 'player:' || id, 'player', id from member`.execute(
    db,
  );
  await openBenchBudgets(db, sql);
  // Each fact: its kind by its number's remainder, its member, its game, its amount (cents), its time; ids grow
  // with time as they do in the ledger. Two in 100 are a programme's payout (no money fact) instead; one in
  // 100 is a bet of the heavy member (the 360 view's worst case).
  await sql`
    create temporary table seed as
    select n, 1000 + n as id,
      case when n % 100 < 58 then 'bet' when n % 100 < 86 then 'win' when n % 100 < 87 then 'rollback'
           when n % 100 < 93 then 'deposit' when n % 100 < 96 then 'withdrawal'
           when n % 100 < 98 then 'payout' else 'bet' end as kind,
      case when n % 100 = 99 then ${HEAVY_MEMBER} else 1 + (n * 7919) % ${MEMBERS} end as member_id,
      1 + n % 8 as game_id,
      2000 + (n * 104729) % 48000 as amount,
      ${start}::timestamptz + (n::float8 / ${FACTS}) * (${now}::timestamptz - ${start}::timestamptz) as created_at
    from generate_series(0::bigint, ${FACTS - 1}::bigint) as n`.execute(db);
  await insertSeedLedger(db, sql);
  await sql`select setval('journal_transaction_id_seq', (select max(id) from journal_transaction))`.execute(
    db,
  );
  await insertBackOfficeSeed(db, sql, { members: MEMBERS });
  // The steady state autovacuum keeps: statistics, the visibility map (counts from an index alone) and the
  // BRIN ranges summarised (a span of the ledger found by its time). A bulk load leaves none of them. Then a
  // checkpoint, so the load's and the vacuum's writes are on disk before anything is timed: left to the WAL's
  // own checkpoints, they were being written back (for a minute, every ten seconds) while the searches ran,
  // and a few searches' audit entries waited for them (two asks of 200 over 100 ms, one kind or another).
  await sql`vacuum analyze`.execute(db);
  await sql`checkpoint`.execute(db);
  const { rows } = await sql`
    select (select count(*) from journal_entry) as entries, (select count(*) from money_fact) as facts,
      (select count(*) from deposit_order) as deposits, (select count(*) from withdrawal) as withdrawals,
      (select count(*) from game_round) as rounds, (select count(*) from member_kyc) as kyc`.execute(db);
  const counts = Object.fromEntries(Object.entries(rows[0]).map(([key, value]) => [key, Number(value)]));
  const number = (value) => value.toLocaleString('en');
  console.info(
    `seeded ${number(MEMBERS)} members (${number(counts.kyc)} KYC forms), ${number(counts.facts)} money facts and ` +
      `${number(counts.entries)} journal entries over ${DAYS} days, ${number(counts.deposits)} deposit orders, ` +
      `${number(counts.withdrawals)} withdrawals, ${number(counts.rounds)} game rounds in ${seconds(performance.now() - seeding)}`,
  );

  // 1. The 90-day report. The daily job, as it runs after midnight: passes until every settled day is summed.
  const summing = performance.now();
  let passes = 0;
  let summed = 0;
  for (;;) {
    const days = await rollUpPass(deps, now);
    if (days.length === 0) break;
    passes += 1;
    summed += days.length;
  }
  const sumMs = performance.now() - summing;
  console.info(
    `daily job: ${summed} days summed in ${passes} passes, ${seconds(sumMs)} (${(sumMs / Math.max(summed, 1)).toFixed(0)} ms a day)`,
  );
  check(summed >= DAYS - 1, `the job summed the ${DAYS - 1} settled days of the period (${summed})`);

  const games = new Map(
    Array.from({ length: 8 }, (_, i) => [
      i + 1,
      { code: `g${i + 1}`, name: `Game ${i + 1}`, provider: i % 2 ? 'hub88' : 'inhouse' },
    ]),
  );
  const reportTimes = [];
  let report;
  for (let run = 0; run < REPORT_RUNS; run += 1) {
    const started = performance.now();
    report = await revenueReport(deps, { from, to: today }, games);
    reportTimes.push(performance.now() - started);
  }
  reportTimes.sort((a, b) => a - b);
  const reportMedian = reportTimes[Math.floor(REPORT_RUNS / 2)];
  const reportSlowest = reportTimes.at(-1);
  console.info(
    `90-day report (${from} to ${today}, ${report.days.filter((day) => day.live).length} day(s) live): ` +
      `median ${reportMedian.toFixed(0)} ms, slowest ${reportSlowest.toFixed(0)} ms of ${REPORT_RUNS}`,
  );
  check(
    reportSlowest <= REPORT_LIMIT_MS,
    `the 90-day report in ${reportSlowest.toFixed(0)} ms ≤ ${REPORT_LIMIT_MS} ms`,
  );
  summary.push([
    '90-day report',
    `median ${reportMedian.toFixed(0)} ms, slowest ${reportSlowest.toFixed(0)} ms`,
    `slowest ≤ ${REPORT_LIMIT_MS} ms`,
    reportSlowest <= REPORT_LIMIT_MS,
  ]);

  // The report against the ledger's own totals over the same span.
  const span = { from: dayRange(from, KE.timeZone).from, to: dayRange(today, KE.timeZone).to };
  const { rows: ledger } = await sql`
    select
      (select coalesce(sum(amount), 0) from money_fact where kind = 'bet' and created_at >= ${span.from} and created_at < ${span.to}) as bets,
      (select coalesce(sum(amount), 0) from money_fact where kind = 'win' and created_at >= ${span.from} and created_at < ${span.to}) as wins,
      (select coalesce(sum(amount), 0) from money_fact where kind = 'deposit' and created_at >= ${span.from} and created_at < ${span.to}) as deposits,
      (select -coalesce(sum(e.amount), 0) from journal_entry e join ledger_account a on a.id = e.account_id
        join journal_transaction t on t.id = e.transaction_id
        where a.kind = 'promotion' and t.created_at >= ${span.from} and t.created_at < ${span.to}) as bonus_cost`.execute(
    db,
  );
  const total = report.total;
  check(
    total.revenue.betAmount === Number(ledger[0].bets) &&
      total.revenue.winAmount === Number(ledger[0].wins) &&
      total.deposits.amount === Number(ledger[0].deposits) &&
      total.revenue.bonusCost === Number(ledger[0].bonus_cost),
    `the report equals the ledger: stakes ${total.revenue.betAmount}, wins ${total.revenue.winAmount}, ` +
      `deposits ${total.deposits.amount}, bonus cost ${total.revenue.bonusCost}`,
  );

  // The app as the server builds it (no jobs, no listening socket: requests are injected), and a support
  // staff member logged in through the real endpoints with the TOTP code.
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CALLBACK_SECRET: 'bench-callback-secret-0123456789',
    UPLOAD_DIR: uploadDir,
  });
  app = await buildApp({
    env,
    db,
    version: '0.0.0-bench',
    webDist: undefined,
    staticDir: path.resolve(here, '../apps/server/static'),
    logger: false,
    sms: outsideWorld.createSmsGateway(env),
    beacon: outsideWorld.createBeacon(env),
    social: outsideWorld.createSocialProvider(env),
    identity: outsideWorld.createIdentityVerifier(env),
    callbackSecret: outsideWorld.callbackSecret(env),
    mpesa: outsideWorld.createMpesaClient(env),
  });
  await app.ready();
  const support = await staffSession({ app, db }, ['support']);
  /** One GET through the app; its answer's envelope and how long it took, in ms. */
  const get = async (pathname) => {
    const started = performance.now();
    const response = await app.inject({
      method: 'GET',
      url: `${API_BASE}${pathname}`,
      headers: support.headers,
    });
    const ms = performance.now() - started;
    const body = response.json();
    if (response.statusCode !== 200 || body.code !== 0)
      throw new Error(`${pathname}: ${response.statusCode} ${JSON.stringify(body).slice(0, 300)}`);
    return { data: body.data, ms };
  };

  // 2. Member search: each kind's queries spread over the members (and orders), each with a member it must
  // find. The keys come from the seed's own numbering (bench/admin-seed.mjs).
  const { rows: depositRows } = await sql`
    select id, member_id from deposit_order order by id`.execute(db);
  const { rows: withdrawalRows } = await sql`
    select id, member_id from withdrawal order by id`.execute(db);
  const pick = (list, index) => list[Math.floor(((index + 0.5) * list.length) / SEARCHES)];
  const mobileOf = (memberId) => `07${String(memberId).padStart(8, '0')}`;
  /** A member near `memberId` with a KYC form (three in five have one: those with id % 5 < 3). */
  const withKyc = (memberId) => Math.max(1, memberId - (memberId % 5) + ((memberId % 5) % 3));
  const kinds = {
    'mobile 07…': (i) => {
      const id = spread(i, SEARCHES, MEMBERS);
      return { query: mobileOf(id), memberId: id };
    },
    'mobile +254…': (i) => {
      const id = spread(i, SEARCHES, MEMBERS);
      return { query: toE164(mobileOf(id), KE), memberId: id };
    },
    id: (i) => {
      const id = spread(i, SEARCHES, MEMBERS);
      return { query: String(id), memberId: id };
    },
    // A nickname in lower case, matched as a prefix: up to a few dozen longer nicknames start with it, and the
    // member's own sorts first among them (a shorter prefix may leave the member out of the 50 answered).
    'nickname prefix': (i) => {
      const id = spread(i, SEARCHES, MEMBERS);
      return { query: searchKeys.nickName(id).toLowerCase(), memberId: id };
    },
    // The start of a KYC form's full name, `first surname` (thousands match: the 50 newest answer).
    'full-name prefix': (i) => {
      const id = withKyc(spread(i, SEARCHES, MEMBERS));
      const surname = SURNAMES[Math.floor(id / NAMES.length) % SURNAMES.length];
      return { query: `${NAMES[id % NAMES.length]} ${surname.slice(0, 3)}`, memberId: undefined };
    },
    'ID number': (i) => {
      const id = withKyc(spread(i, SEARCHES, MEMBERS));
      return { query: searchKeys.idNumber(id), memberId: id };
    },
    'deposit receipt': (i) => {
      const row = pick(depositRows, i);
      return { query: searchKeys.depositReceipt(Number(row.id)), memberId: Number(row.member_id) };
    },
    'deposit number': (i) => {
      const row = pick(depositRows, i);
      return { query: searchKeys.depositNumber(Number(row.id)), memberId: Number(row.member_id) };
    },
    'withdrawal receipt': (i) => {
      const row = pick(withdrawalRows, i);
      return { query: searchKeys.withdrawalReceipt(Number(row.id)), memberId: Number(row.member_id) };
    },
    'withdrawal number': (i) => {
      const row = pick(withdrawalRows, i);
      return { query: searchKeys.withdrawalNumber(Number(row.id)), memberId: Number(row.member_id) };
    },
  };
  /**
   * BENCH_EXPLAIN=1: the plan of every read one search of `kind` sends, EXPLAIN ANALYZE'd on the same
   * database (the statements caught as the server's `pg` client sends them, as bench/sql-counter.mjs does).
   */
  const literal = (value) => {
    if (value === null || value === undefined) return 'null';
    const text = Array.isArray(value)
      ? `{${value.join(',')}}`
      : value instanceof Date
        ? value.toISOString()
        : String(value);
    return `'${text.replace(/'/g, "''")}'`;
  };
  const explainSearch = async (kind, query) => {
    const caught = [];
    const original = ServerPgClient.prototype.query;
    ServerPgClient.prototype.query = function caughtQuery(config, values, ...rest) {
      const text = typeof config === 'string' ? config : config?.text;
      const parameters = Array.isArray(values) ? values : config?.values;
      if (typeof text === 'string' && /^\s*\(?\s*select/i.test(text)) caught.push({ text, parameters });
      return original.call(this, config, values, ...rest);
    };
    try {
      await get(`${ADMIN_PATHS.members}?query=${encodeURIComponent(query)}`);
    } finally {
      ServerPgClient.prototype.query = original;
    }
    for (const { text, parameters } of caught) {
      const { rows: plan } = await sql`explain (analyze, buffers) ${sql.raw(
        text.replace(/\$(\d+)/g, (_, n) => literal(parameters[n - 1])),
      )}`.execute(db);
      const lines = plan.map((row) => row['QUERY PLAN']);
      console.info(`  ${kind} (${query}): ${text.replace(/\s+/g, ' ').slice(0, 100)}…`);
      for (const line of lines.filter((line) => /Scan|Execution Time|Sort Method/.test(line)))
        console.info(`    ${line.trim()}`);
    }
  };
  // A first pass of every kind unmeasured (the app's and PostgreSQL's first plans), then the measured ones.
  for (const make of Object.values(kinds))
    await get(`${ADMIN_PATHS.members}?query=${encodeURIComponent(make(0).query)}`);
  let searchesTotal = 0;
  for (const [kind, make] of Object.entries(kinds)) {
    const times = [];
    let missed = 0;
    let empty = 0;
    for (let i = 0; i < SEARCHES; i += 1) {
      const { query, memberId } = make(i);
      const { data, ms } = await get(`${ADMIN_PATHS.members}?query=${encodeURIComponent(query)}`);
      times.push(ms);
      if (data.length === 0) empty += 1;
      if (memberId !== undefined && !data.some((member) => member.id === memberId)) missed += 1;
    }
    searchesTotal += times.length;
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    console.info(
      `search by ${kind}: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, slowest ${times.at(-1).toFixed(1)} ms of ${times.length}`,
    );
    check(
      missed === 0 && empty === 0,
      `search by ${kind} found its member each time (missed ${missed}, empty ${empty})`,
    );
    summary.push([
      `search: ${kind}`,
      `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
      `p99 ≤ ${SEARCH_LIMIT_MS} ms`,
      p99 <= SEARCH_LIMIT_MS,
    ]);
    if (EXPLAIN) await explainSearch(kind, make(0).query);
  }
  console.info(`${searchesTotal} searches through GET ${API_BASE}${ADMIN_PATHS.members}`);

  // 3. The 360 view of the members with the most money facts, then members spread over the rest.
  const { rows: heaviest } = await sql`
    select member_id, count(*) as facts from money_fact group by member_id order by count(*) desc limit 3`.execute(
    db,
  );
  const viewed = [...new Set([...heaviest.map((row) => Number(row.member_id))])];
  for (let i = 0; viewed.length < VIEWED && i < VIEWED; i += 1) {
    const id = spread(i, VIEWED, MEMBERS);
    if (!viewed.includes(id)) viewed.push(id);
  }
  console.info(
    `viewed: ${viewed.length} members, the heaviest ${heaviest.map((row) => `${row.member_id} (${row.facts} facts)`).join(', ')}`,
  );
  const memberPath = (template, id, panel) =>
    template.replace(':id', String(id)).replace(':panel', panel ?? '');
  const reads = {
    overview: (id) => memberPath(ADMIN_PATHS.member, id),
    ...Object.fromEntries(
      PLAYER_PANELS.map((panel) => [
        `panel ${panel}`,
        (id) => `${memberPath(ADMIN_PLAYER_PATHS.panel, id, panel)}?page=1&size=20`,
      ]),
    ),
    account: (id) => memberPath(ADMIN_PLAYER_PATHS.account, id),
    notes: (id) => memberPath(ADMIN_PLAYER_PATHS.notes, id),
  };
  for (const read of Object.values(reads)) await get(read(viewed.at(-1)));
  const heavyTimes = [];
  for (const [name, read] of Object.entries(reads)) {
    const times = [];
    for (const id of viewed) {
      const { ms } = await get(read(id));
      times.push(ms);
      if (id === Number(heaviest[0].member_id)) heavyTimes.push(`${name} ${ms.toFixed(0)}`);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    console.info(
      `360 view, ${name}: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, slowest ${times.at(-1).toFixed(1)} ms of ${times.length}`,
    );
    summary.push([
      `360 view: ${name}`,
      `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
      `p99 ≤ ${VIEW_LIMIT_MS} ms`,
      p99 <= VIEW_LIMIT_MS,
    ]);
  }
  console.info(`the heaviest member's reads (ms): ${heavyTimes.join(', ')}`);
  await app.close();
  app = undefined;
} finally {
  if (app) await app.close();
  rmSync(uploadDir, { recursive: true, force: true });
  await handle.close();
  if (KEEP) console.info(`kept the database ${database} (BENCH_KEEP=1): drop it when done`);
  else await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
}

// 4. bench:wallet's transfers/s in the same run, one short step, alone on the machine's PostgreSQL.
const walletOutput = execFileSync(
  path.resolve(here, '../node_modules/.bin/tsx'),
  [path.join(here, 'wallet.mjs')],
  {
    encoding: 'utf8',
    // Its stderr (the pool's goodbyes when its database is dropped) is shown only if it fails.
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      BENCH_CLIENTS: '8',
      BENCH_SECONDS: String(WALLET_SECONDS),
      BENCH_PLAYERS: process.env.BENCH_PLAYERS ?? '2000',
    },
  },
);
const walletLine = walletOutput.split('\n').find((line) => /clients: ledger/.test(line)) ?? '';
const transfers = /ledger (\d+) transfers\/s/.exec(walletLine)?.[1];
console.info(`bench:wallet, 8 clients, ${WALLET_SECONDS} s: ${walletLine.trim() || 'no figure'}`);
check(transfers !== undefined, `bench:wallet answered its transfers/s (${transfers ?? 'none'})`);
summary.push(['bench:wallet (8 clients, reference)', `${transfers ?? '?'} transfers/s`, '', undefined]);

// 5. The back office's bundle: every JavaScript file of its build, gzipped as a browser receives it.
const adminDist = path.resolve(here, '../apps/admin/dist');
const scripts = [];
const walk = (folder) => {
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (name.endsWith('.js')) scripts.push(file);
  }
};
const gzippedKb = (files) =>
  (files.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0) / 1024).toFixed(1);
let bundle = 'not built (npm run build)';
try {
  walk(adminDist);
  // What /admin loads first: the script index.html names (the screens opened later come as chunks).
  const entry = /<script[^>]*src="\/admin\/([^"]+\.js)"/.exec(
    readFileSync(path.join(adminDist, 'index.html'), 'utf8'),
  )?.[1];
  const raw = scripts.reduce((sum, file) => sum + statSync(file).size, 0);
  bundle =
    `${gzippedKb(scripts)} KB gzipped in ${scripts.length} files (${(raw / 1024).toFixed(0)} KB raw)` +
    (entry ? `, ${gzippedKb([path.join(adminDist, entry)])} KB of it loaded first` : '');
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
}
console.info(`back office bundle (apps/admin/dist, JavaScript): ${bundle}`);
summary.push(['back office JS bundle', bundle, '', undefined]);

const machine = `${os.cpus()[0]?.model ?? 'cpu'}, ${os.cpus().length} cores, Node ${process.version}, load average ${os
  .loadavg()
  .map((load) => load.toFixed(1))
  .join(' ')}`;
const width = (column) => Math.max(...summary.map((row) => String(row[column]).length), 8);
console.info(
  `\nbench:admin, ${MEMBERS.toLocaleString('en')} members, ${FACTS.toLocaleString('en')} facts (${machine})`,
);
for (const [what, figure, budget, met] of summary)
  console.info(
    `${what.padEnd(width(0))}  ${figure.padEnd(width(1))}  ${budget.padEnd(width(2))}  ${met === undefined ? '' : met ? 'met' : 'MISSED'}`,
  );
process.exit(failed || summary.some((row) => row[3] === false) ? 1 : 0);
