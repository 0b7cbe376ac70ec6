// npm run bench:export — the regulator's daily export on PostgreSQL (issue 25 §4, performance): a day of
// 1,000,000 bets (with 400,000 wins, 20,000 rollbacks, 20,000 deposits with their excise and 5,000 paid
// withdrawals with their tax, over 20,000 members of whom half gave an ID number) exported in Kenya's format
// (ke-gra) and in Brazil's (br-sigap) in at most 60 s each, memory flat: the same export of a day of 100,000
// bets first, and the peak RSS of both printed. The day is seeded with set-based SQL (generate_series), its
// journal too: every fact has its journal transaction and two entries, so the tax legs are found among
// 2.9 million entries as they would be. Checked: the run is `done` (its own check: the rows add up to the
// ledger's totals), and a second run of the small day gives the same checksum.
// Needs PostgreSQL (DATABASE_URL, default the machine's). BENCH_BETS=… to change the big day's bets.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BETS = Number(process.env.BENCH_BETS ?? 1_000_000);
const SMALL = Math.round(BETS / 10);
const MEMBERS = 20_000;
const LIMIT_MS = 60_000;
const database = `bench_export_${process.pid}`;

const { openDatabase } = await import('../apps/server/src/db/database.ts');
const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
const { runDailyExport } = await import('../apps/server/src/modules/payments/regulator/regulator.service.ts');
const { createFolderStore } = await import('../apps/server/src/adapters/storage/folder-store.ts');
const { COUNTRY_PROFILES } = await import('../packages/contracts/src/country.ts');
const { dayRange } = await import('../packages/contracts/src/market-calendar.ts');
const { sql } = await import('kysely');
const { insertSeedLedger } = await import('./ledger-seed.mjs');

const KE = COUNTRY_PROFILES.KE;
const BR = { ...COUNTRY_PROFILES.BR, timeZone: KE.timeZone };
let failed = false;
const check = (ok, message) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
  if (!ok) failed = true;
};
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${database}`);
const url = new URL(baseUrl);
url.pathname = `/${database}`;
const handle = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 4 });
const { db } = handle;
const folder = mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));

/**
 * One day of `bets` bets, in set-based statements: the day's journal transactions, their entries and their
 * money facts (bench/ledger-seed.mjs), spread evenly over the day's 24 hours.
 */
async function seedDay(day, bets, firstId) {
  const { from } = dayRange(day, KE.timeZone);
  const wins = Math.round(bets * 0.4);
  const rollbacks = Math.round(bets * 0.02);
  const deposits = MEMBERS;
  const withdrawals = Math.round(MEMBERS / 4);
  const total = bets + wins + rollbacks + deposits + withdrawals;
  // Each fact: its number n in the day, its kind by range, its member, its game, its amount (cents).
  await sql`
    create temporary table seed as
    select n, ${firstId}::bigint + n as id,
      case when n < ${bets} then 'bet'
           when n < ${bets + wins} then 'win'
           when n < ${bets + wins + rollbacks} then 'rollback'
           when n < ${bets + wins + rollbacks + deposits} then 'deposit'
           else 'withdrawal' end as kind,
      1 + (n * 7919) % ${MEMBERS} as member_id,
      1 + n % 8 as game_id,
      2000 + (n * 104729) % 48000 as amount,
      ${from}::timestamptz + (n::float8 / ${total}) * interval '24 hours' as created_at
    from generate_series(0::bigint, ${total - 1}::bigint) as n`.execute(db);
  await insertSeedLedger(db, sql);
  return total;
}

/** The export of one day and format, timed, with the process's peak RSS sampled every 50 ms. */
async function timedExport(country, day) {
  const store = createFolderStore(path.join(folder, country.code));
  let peak = process.memoryUsage().rss;
  const before = peak;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const run = await runDailyExport({ db, country, store }, day);
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { run, ms, before, peak };
}

try {
  await migrateToLatest(db);
  const started = performance.now();
  await sql`
    insert into member (mobile, password_hash, guid, invite_code)
    select '07' || lpad(n::text, 8, '0'), 'x', 'bench-' || n, 'B' || n from generate_series(1, ${MEMBERS}) as n`.execute(
    db,
  );
  await sql`
    insert into ledger_account (code, kind, member_id)
    select 'player:' || id, 'player', id from member`.execute(db);
  await sql`
    insert into member_kyc (member_id, status, fields)
    select id, 'pending', jsonb_build_object('ID_NUMBER', (20000000 + id)::text) from member where id % 2 = 0`.execute(
    db,
  );
  const small = await seedDay('2026-06-14', SMALL, 0);
  const big = await seedDay('2026-06-15', BETS, 10_000_000);
  await sql`analyze`.execute(db);
  console.info(
    `seeded ${small.toLocaleString('en')} and ${big.toLocaleString('en')} facts (${SMALL.toLocaleString('en')} and ` +
      `${BETS.toLocaleString('en')} bets) with their journal in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const runs = [];
  for (const [country, day, bets] of [
    [KE, '2026-06-14', SMALL],
    [KE, '2026-06-15', BETS],
    [BR, '2026-06-15', BETS],
  ]) {
    const result = await timedExport(country, day);
    runs.push({ country, day, bets, ...result });
    const { run, ms, before, peak } = result;
    console.info(
      `${country.compliance.regulatorFeed.format} ${day} (${bets.toLocaleString('en')} bets): ${run.status} in ` +
        `${(ms / 1000).toFixed(1)} s, ${run.rows.toLocaleString('en')} rows, ` +
        `${mib(run.files.reduce((sum, file) => sum + file.bytes, 0))}; RSS ${mib(before)} before, peak ${mib(peak)}` +
        (run.error ? `; ${run.error}` : ''),
    );
    check(run.status === 'done', `${run.format} ${day}: done, its rows equal to the ledger's totals`);
    if (bets === BETS) check(ms <= LIMIT_MS, `${run.format} ${day}: ${(ms / 1000).toFixed(1)} s ≤ 60 s`);
  }
  const [smallRun, bigRun] = runs;
  const growth = bigRun.peak - smallRun.peak;
  check(
    growth < 150 * 1024 * 1024,
    `memory flat: peak RSS ${mib(smallRun.peak)} for ${SMALL.toLocaleString('en')} bets, ${mib(bigRun.peak)} for ` +
      `${BETS.toLocaleString('en')} (${mib(growth)} more for ten times the bets; at most 150 MiB: one batch and ` +
      'one part are held, not the day)',
  );
  const again = await runDailyExport(
    { db, country: KE, store: createFolderStore(path.join(folder, 'again')) },
    '2026-06-14',
  );
  check(again.checksum === smallRun.run.checksum, 'a second run of a day gives the same checksum');
  console.info(
    `peak RSS of the process: ${mib(process.resourceUsage().maxRSS * 1024)}; ` +
      `${os.cpus()[0]?.model ?? 'cpu'}, ${os.cpus().length} cores, Node ${process.version}`,
  );
} finally {
  await handle.close();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
  rmSync(folder, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
