// npm run bench:wallet — ledger transfers on PostgreSQL, beside pgbench's simple-update rate on the same
// database in the same run (issue 4: at least half of pgbench's rate, p99 under 50 ms at 32 clients).
// Each transfer is a bet: a random member's cash to their house shard through the wallet module
// (debitMemberCash: one `ledger_post` statement doing the idempotency insert, both accounts locked in id
// order, the entries and the updates). Needs PostgreSQL (DATABASE_URL, default the machine's) and pgbench.
//
// BENCH_LIMITS_COST=1 (run by `npm run bench:limits`, issue 25): instead of the steps above, steps of 8 clients
// alternating all nine responsible-gambling limits set on every player (through the wallet's service, high
// enough never to refuse) and none; transfers/s and PostgreSQL's CPU per transfer of each (goal: with at most
// 1.10 × the CPU without). Its players default to 1,000 (BENCH_PLAYERS), each set of limits costing a
// transaction per player.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { performance } from 'node:perf_hooks';

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// BENCH_CLIENTS=8 (comma-separated) runs only those steps: bench:admin's reference is one short step.
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,8,32').split(',').map(Number);
// pgbench's simple-update spreads its updates over 100,000 accounts; the ledger's bets are spread over this
// many players (each with their house shard), so both measure throughput rather than one hot row.
const LIMITS_COST = process.env.BENCH_LIMITS_COST === '1';
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? (LIMITS_COST ? 1_000 : 10_000));
const database = `bench_wallet_${process.pid}`;

const { openDatabase } = await import('../apps/server/src/db/database.ts');
const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
const wallet = await import('../apps/server/src/modules/platform/wallet/wallet.service.ts');
const playerLimits = await import('../apps/server/src/modules/platform/wallet/player-limits.service.ts');
const { LIMIT_NAMES, limitMaxOf } = await import('../packages/contracts/src/limits.ts');
const { COUNTRY_PROFILES } = await import('../packages/contracts/src/country.ts');

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${database}`);
const url = new URL(baseUrl);
url.pathname = `/${database}`;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

function pgbenchTps(clients) {
  const args = [
    '-n',
    '-N',
    '-c',
    String(clients),
    '-j',
    String(Math.min(clients, os.cpus().length)),
    '-T',
    String(SECONDS),
    url.toString(),
  ];
  const output = execFileSync('pgbench', args, { encoding: 'utf8' });
  return Number(/tps = ([\d.]+)/.exec(output)?.[1]);
}

try {
  execFileSync('pgbench', ['-i', '-q', '-s', '1', url.toString()], { stdio: 'ignore' });
  // The server's own pool (DATABASE_POOL_SIZE, default 10): on two cores, 32 clients with a connection
  // each ran more backends than cores and stretched the tail (docs/benchmarks.md).
  const poolSize = process.env.DATABASE_POOL_SIZE ? Number(process.env.DATABASE_POOL_SIZE) : undefined;
  const handle = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize });
  await migrateToLatest(handle.db);
  // Players with enough cash for the whole run, each bet 1 minor unit.
  for (let first = 0; first < PLAYERS; first += 1000) {
    await handle.db
      .insertInto('member')
      .values(
        Array.from({ length: Math.min(1000, PLAYERS - first) }, (_, offset) => ({
          mobile: `07${String(first + offset).padStart(8, '0')}`,
          password_hash: 'x',
          guid: `bench-${first + offset}`,
          invite_code: `BENCH${first + offset}`,
        })),
      )
      .execute();
  }
  const members = await handle.db.selectFrom('member').select('id').execute();
  const seeders = Array.from({ length: 16 }, async (_, lane) => {
    for (let index = lane; index < members.length; index += 16) {
      const { id } = members[index];
      await wallet.creditMember(handle.db, {
        memberId: id,
        from: 'world',
        key: `seed:${id}`,
        kind: 'deposit',
        cash: 1e12,
        withdrawable: 1e12,
      });
    }
  });
  await Promise.all(seeders);

  /** All nine limits on every player, or none (bench:limits). */
  const switchLimits = async (on) => {
    if (!on) {
      await handle.db.deleteFrom('player_limit').execute();
      await handle.db.deleteFrom('player_limit_usage').execute();
      return;
    }
    const kenya = COUNTRY_PROFILES.KE;
    const market = { timeZone: kenya.timeZone, coolingOffHours: kenya.compliance.limits.coolingOffHours };
    const limits = LIMIT_NAMES.map((name) => ({ name, amount: limitMaxOf(name) }));
    await Promise.all(
      Array.from({ length: 8 }, async (_, lane) => {
        for (let index = lane; index < members.length; index += 8) {
          await playerLimits.setPlayerLimits(handle.db, market, members[index].id, { limits });
        }
      }),
    );
  };
  /** PostgreSQL's CPU seconds so far (every backend of the machine's server: the run is alone on it). */
  const postgresCpuSeconds = () => {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
    const pids = execFileSync('pgrep', ['-f', 'postgres'], { encoding: 'utf8' }).trim().split(/\s+/);
    let total = 0;
    for (const pid of pids) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        total += (Number(fields[11]) + Number(fields[12])) / ticks;
      } catch {
        // Gone meanwhile.
      }
    }
    return total;
  };
  const steps = LIMITS_COST
    ? Array.from({ length: 6 }, (_, step) => ({ clients: 8, limits: step % 2 === 0 }))
    : CLIENTS.map((clients) => ({ clients, limits: undefined }));
  const cost = { true: { cpu: 0, transfers: 0 }, false: { cpu: 0, transfers: 0 } };
  const rows = [];
  let sequence = 0;
  for (const { clients, limits } of steps) {
    if (limits !== undefined) await switchLimits(limits);
    const cpuBefore = postgresCpuSeconds();
    const latencies = [];
    const deadline = performance.now() + SECONDS * 1000;
    const worker = async () => {
      while (performance.now() < deadline) {
        sequence += 1;
        const memberId = members[Math.floor(Math.random() * members.length)].id;
        const started = performance.now();
        await wallet.debitMemberCash(handle.db, {
          memberId,
          to: wallet.ACCOUNT.houseFor(memberId),
          key: `bench:${clients}:${sequence}`,
          kind: 'bet',
          amount: 1,
          // A bet carries its money fact (issue 13 §3): the row is written in the same statement.
          fact: { kind: 'bet', ref: `bench:${clients}:${sequence}` },
        });
        latencies.push(performance.now() - started);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: clients }, () => worker()));
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const tps = latencies.length / elapsed;
    if (limits !== undefined) {
      const cpu = postgresCpuSeconds() - cpuBefore;
      cost[limits].cpu += cpu;
      cost[limits].transfers += latencies.length;
      console.log(
        `8 clients, limits ${limits ? 'on ' : 'off'}: ledger ${tps.toFixed(0)} transfers/s (p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms); PostgreSQL CPU ${((cpu * 1000) / latencies.length).toFixed(3)} ms a transfer`,
      );
      continue;
    }
    const pgbench = pgbenchTps(clients);
    rows.push({ clients, tps, p50: percentile(latencies, 50), p99: percentile(latencies, 99), pgbench });
    console.log(
      `${String(clients).padStart(2)} clients: ledger ${tps.toFixed(0)} transfers/s (p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms); pgbench simple-update ${pgbench.toFixed(0)} tps; ratio ${(tps / pgbench).toFixed(2)}`,
    );
  }
  if (LIMITS_COST) {
    const perTransfer = (on) => (cost[on].cpu * 1000) / Math.max(1, cost[on].transfers);
    const ratio = perTransfer(true) / perTransfer(false);
    console.log(
      `PostgreSQL CPU per transfer: limits on ${perTransfer(true).toFixed(3)} ms, off ${perTransfer(false).toFixed(3)} ms, ratio ${ratio.toFixed(3)}: goal at most 1.10 ${ratio <= 1.1 ? 'MET' : 'NOT MET'}`,
    );
  }
  // The invariants still hold after the load.
  const sums = await handle.db
    .selectFrom('ledger_account')
    .select((eb) => [eb.fn.sum('cash').as('cash'), eb.fn.sum('withdrawable').as('withdrawable')])
    .executeTakeFirstOrThrow();
  console.log(
    `conservation after the run: cash ${sums.cash}, withdrawable ${sums.withdrawable} (both must be 0)`,
  );
  console.log(
    `machine: ${os.cpus().length} cores ${os.cpus()[0]?.model ?? ''}, Node ${process.version}, ${SECONDS} s per step, ${members.length} players, pool ${poolSize ?? 'default (10)'}, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  await handle.close();
} finally {
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
}
