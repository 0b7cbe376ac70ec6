// npm run bench:admin (the reports' part) — the back office's 90-day revenue report on PostgreSQL (issue 26,
// performance: a 90-day report ≤ 1 s). 100,000 members registered over 120 days and 4,800,000 money facts over
// the last 90 days and today (bets, wins, refunds, deposits with their excise, paid withdrawals with their tax,
// about 10 million journal entries), with programme payouts from two budgets, seeded with set-based SQL
// (generate_series) as bench/export.mjs does. Then the daily job sums the 90 settled days (its passes timed), and
// the report of the 90 days up to today (89 days read from the sums, today computed live from the ledger) is
// asked 7 times: median and slowest printed, the slowest must be ≤ 1 s. Checked: the report equals the ledger's
// own totals over the period (facts and budget payouts summed straight from the tables).
// Needs PostgreSQL (DATABASE_URL, default the machine's). BENCH_FACTS=… to change the number of facts.
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import pg from 'pg';

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const FACTS = Number(process.env.BENCH_FACTS ?? 4_800_000);
const MEMBERS = 100_000;
const DAYS = 90;
const LIMIT_MS = 1_000;
const RUNS = 7;
const database = `bench_reports_${process.pid}`;

const { openDatabase } = await import('../apps/server/src/db/database.ts');
const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
const { revenueReport, rollUpPass } =
  await import('../apps/server/src/modules/platform/revenue/revenue-report.ts');
const { COUNTRY_PROFILES } = await import('../packages/contracts/src/country.ts');
const { addDays, calendarDayOf, dayRange } = await import('../packages/contracts/src/market-calendar.ts');
const { sql } = await import('kysely');
const { insertSeedLedger, openBenchBudgets } = await import('./ledger-seed.mjs');

const KE = COUNTRY_PROFILES.KE;
let failed = false;
const check = (ok, message) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
  if (!ok) failed = true;
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${database}`);
const url = new URL(baseUrl);
url.pathname = `/${database}`;
const handle = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 4 });
const { db } = handle;
const deps = { db, country: KE };

const now = new Date();
const today = calendarDayOf(now, KE.timeZone);
const from = addDays(today, -(DAYS - 1));
// The facts run from the first day's midnight to now: today's part is what the report computes live.
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
  // with time as they do in the ledger. Two in 100 are a programme's payout (no money fact) instead.
  await sql`
    create temporary table seed as
    select n, 1000 + n as id,
      case when n % 100 < 58 then 'bet' when n % 100 < 86 then 'win' when n % 100 < 87 then 'rollback'
           when n % 100 < 93 then 'deposit' when n % 100 < 96 then 'withdrawal'
           when n % 100 < 98 then 'payout' else 'bet' end as kind,
      1 + (n * 7919) % ${MEMBERS} as member_id,
      1 + n % 8 as game_id,
      2000 + (n * 104729) % 48000 as amount,
      ${start}::timestamptz + (n::float8 / ${FACTS}) * (${now}::timestamptz - ${start}::timestamptz) as created_at
    from generate_series(0::bigint, ${FACTS - 1}::bigint) as n`.execute(db);
  await insertSeedLedger(db, sql);
  await sql`select setval('journal_transaction_id_seq', (select max(id) from journal_transaction))`.execute(
    db,
  );
  await sql`analyze`.execute(db);
  const { rows } =
    await sql`select (select count(*) from journal_entry) as entries, (select count(*) from money_fact) as facts`.execute(
      db,
    );
  console.info(
    `seeded ${MEMBERS.toLocaleString('en')} members, ${Number(rows[0].facts).toLocaleString('en')} money facts and ` +
      `${Number(rows[0].entries).toLocaleString('en')} journal entries over ${DAYS} days in ${seconds(performance.now() - seeding)}`,
  );

  // The daily job, as it runs after midnight: passes until every settled day is summed.
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
  const times = [];
  let report;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    report = await revenueReport(deps, { from, to: today }, games);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(RUNS / 2)];
  const slowest = times.at(-1);
  console.info(
    `90-day report (${from} to ${today}, ${report.days.filter((day) => day.live).length} day(s) live): ` +
      `median ${median.toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms of ${RUNS}`,
  );
  check(slowest <= LIMIT_MS, `the 90-day report in ${slowest.toFixed(0)} ms ≤ ${LIMIT_MS} ms`);

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
  console.info(`${os.cpus()[0]?.model ?? 'cpu'}, ${os.cpus().length} cores, Node ${process.version}`);
} finally {
  await handle.close();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
}
process.exit(failed ? 1 : 0);
