// npm run bench:wallet — ledger transfers on PostgreSQL, beside pgbench's simple-update rate on the same
// database in the same run (issue 4: at least half of pgbench's rate, p99 under 50 ms at 32 clients).
// Each transfer is a bet: a member's cash to the house through the wallet module's postTransaction
// (idempotency insert, two accounts locked in id order, one UPDATE each, entries), to the member's house
// shard. Needs PostgreSQL (DATABASE_URL, default the machine's) and pgbench on the PATH.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { performance } from 'node:perf_hooks';

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = [1, 8, 32];
const database = `bench_wallet_${process.pid}`;

const { openDatabase } = await import('../apps/server/src/db/database.ts');
const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
const wallet = await import('../apps/server/src/modules/wallet/wallet.service.ts');

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
  const handle = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 40 });
  await migrateToLatest(handle.db);
  // Players with enough cash for the whole run, each bet 1 minor unit.
  const players = 64;
  await handle.db
    .insertInto('member')
    .values(
      Array.from({ length: players }, (_, index) => ({
        mobile: `07${String(index).padStart(8, '0')}`,
        password_hash: 'x',
        guid: `bench-${index}`,
        invite_code: `BENCH${index}`,
      })),
    )
    .execute();
  const members = await handle.db.selectFrom('member').select('id').execute();
  for (const { id } of members) {
    await wallet.creditMember(handle.db, {
      memberId: id,
      from: 'world',
      key: `seed:${id}`,
      kind: 'deposit',
      cash: 1e12,
      withdrawable: 1e12,
    });
  }

  const rows = [];
  let sequence = 0;
  for (const clients of CLIENTS) {
    const latencies = [];
    const deadline = performance.now() + SECONDS * 1000;
    const worker = async (index) => {
      while (performance.now() < deadline) {
        const memberId = members[(index + sequence) % members.length].id;
        sequence += 1;
        const started = performance.now();
        await wallet.debitMemberCash(handle.db, {
          memberId,
          to: wallet.ACCOUNT.houseFor(memberId),
          key: `bench:${clients}:${sequence}`,
          kind: 'bet',
          amount: 1,
        });
        latencies.push(performance.now() - started);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: clients }, (_, index) => worker(index)));
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const tps = latencies.length / elapsed;
    const pgbench = pgbenchTps(clients);
    rows.push({ clients, tps, p50: percentile(latencies, 50), p99: percentile(latencies, 99), pgbench });
    console.log(
      `${String(clients).padStart(2)} clients: ledger ${tps.toFixed(0)} transfers/s (p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms); pgbench simple-update ${pgbench.toFixed(0)} tps; ratio ${(tps / pgbench).toFixed(2)}`,
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
    `machine: ${os.cpus().length} cores ${os.cpus()[0]?.model ?? ''}, Node ${process.version}, ${SECONDS} s per step`,
  );
  await handle.close();
} finally {
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
}
