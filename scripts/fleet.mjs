// A fleet on one machine (issue 24 §5): N server instances of the built app on one PostgreSQL and one Redis,
// behind HAProxy (Debian's package) spreading requests round-robin, WebSockets included, with one set of
// simulators for the outside world. `npm run start:fleet` runs it for a person; the fleet test drives it.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startOutsideWorld, startServerProcess } from './test-server.mjs';

export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** Creates the database `url` names if it does not exist (through the server's `postgres` database). */
export async function ensureDatabase(url) {
  const name = new URL(url).pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`the fleet's database name must be a plain word, not "${name}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/**
 * HAProxy's configuration: round-robin over the instances, a WebSocket kept open as long as it lives. With
 * `requestLog`, a line on standard output per request: the instance that served it, the method, the path
 * with its query, the status, and the member's session (header `token`), so a test can tell which instance
 * took what.
 */
function haproxyConfig(port, instances, { requestLog = false } = {}) {
  return [
    'global',
    '  maxconn 4096',
    ...(requestLog ? ['  log stdout format raw local0'] : []),
    'defaults',
    '  mode http',
    ...(requestLog ? ['  log global'] : []),
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 1h',
    '  option forwardfor',
    'frontend casino',
    `  bind 127.0.0.1:${port}`,
    ...(requestLog
      ? ['  capture request header token len 64', '  log-format "%s %HM %HU %ST %[capture.req.hdr(0)]"']
      : []),
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    // An instance that stops answering is taken out within two seconds and back when it answers again.
    // A busy one is not: its /readyz waits behind the requests it is serving, and with the check timing
    // out at `inter` (1 s) a peak took every instance out at once and the balancer answered 503 to
    // everyone (bench:crash, docs/benchmarks.md). A dead one still fails at once (connection refused).
    // At 5 s a long burst still took them all out (716 answers were HAProxy's 503): hence the backups.
    '  option httpchk GET /readyz',
    '  timeout check 5s',
    ...instances.map(
      (instance) => `  server ${instance.id} 127.0.0.1:${instance.port} check inter 1s fall 2 rise 1`,
    ),
    // When every instance fails its check at once, that is a peak, not a fleet that died: the balancer
    // then sends to all of them anyway (Envoy calls this its panic threshold) rather than answer 503 to
    // everyone. Each is listed again as an unchecked backup, used only while no checked one is up; a
    // backup that really is dead refuses the connection and the request is sent to another (`redispatch`).
    '  option allbackups',
    '  option redispatch 1',
    '  retries 2',
    ...instances.map((instance) => `  server ${instance.id}-peak 127.0.0.1:${instance.port} backup`),
    '',
  ].join('\n');
}

/**
 * Starts the fleet and returns its handles: the balancer's address, each instance (to stop, kill or restart
 * one), the simulators' address, the requests the balancer passed on (with `requestLog`), and `stop` for
 * everything. Each instance is given the variables below and, unless `inherit`, nothing else: what
 * docs/deployment.md names (`inherit` passes this process's own too, as a person's `COUNTRY=BR`).
 * `instanceEnv(index)` adds an instance's own variables (from 1: its role, as `RUN_JOBS=0` for a web instance).
 * @param {{ size?: number, port?: number, databaseUrl: string, redisUrl: string, env?: Record<string, string>, instanceEnv?: (index: number) => Record<string, string>, requestLog?: boolean, inherit?: boolean }} options
 */
export async function startFleet({
  size = 3,
  port,
  databaseUrl,
  redisUrl,
  env = {},
  instanceEnv = () => ({}),
  requestLog = false,
  inherit = false,
}) {
  const balancerPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${balancerPort}`;
  await ensureDatabase(databaseUrl);
  const folder = mkdtempSync(path.join(tmpdir(), 'fleet-'));
  const world = await startOutsideWorld('fleet', url);
  // What every instance must share (docs/deployment.md): the database, Redis, the secrets and the uploads.
  const shared = {
    ...world.serverEnv,
    FLEET: '1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    // Its own channels: another fleet on the same Redis (a benchmark, another checkout's test, even on a
    // database of the same name) would otherwise show its rounds to this one's pages.
    REDIS_NAMESPACE: `fleet-${randomBytes(4).toString('hex')}`,
    PAY_SIGN_SECRET: randomBytes(24).toString('base64url'),
    UPLOAD_DIR: path.join(folder, 'uploads'),
    PUBLIC_URL: url,
    TRUST_PROXY: '1',
    SMS_PER_IP_PER_HOUR: '1000',
    ...env,
  };
  const instances = [];
  const startInstance = async (instance) => {
    // No DATA_DIR: with the shared variables an instance keeps nothing of its own on disk.
    instance.process = await startServerProcess(
      instance.id,
      { ...shared, ...instanceEnv(instance.index), INSTANCE_ID: instance.id },
      { port: instance.port, inherit },
    );
    return instance;
  };
  let balancer;
  /** @type {{ server: string, method: string, uri: string, status: number, token: string }[]} */
  const requests = [];
  const stop = async () => {
    balancer?.kill('SIGTERM');
    await Promise.all(instances.map((instance) => instance.process?.stop()));
    await world.simulators.stop();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    for (let index = 1; index <= size; index += 1) {
      instances.push({ id: `instance-${index}`, index, port: await freePort(), process: undefined });
    }
    // The first instance migrates the database; the others then start on a migrated one, side by side.
    const [first, ...others] = instances;
    await startInstance(first);
    await Promise.all(others.map(startInstance));

    const configFile = path.join(folder, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig(balancerPort, instances, { requestLog }));
    const check = spawnSync(HAPROXY, ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`HAProxy refused its configuration:\n${check.stderr}`);
    balancer = spawn(HAPROXY, ['-db', '-f', configFile], {
      stdio: ['ignore', requestLog ? 'pipe' : 'ignore', 'pipe'],
    });
    let partial = '';
    balancer.stdout?.on('data', (chunk) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        const [server = '', method = '', uri = '', status = '', token = ''] = line.trim().split(' ');
        requests.push({ server, method, uri, status: Number(status), token });
      }
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        if ((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) })).ok) break;
      } catch {
        // The balancer is not listening yet.
      }
      if (Date.now() > deadline) throw new Error('the balancer did not answer within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    simulatorsUrl: world.simulators.url,
    instances,
    /** HAProxy's process id (bench:crash reads its CPU time). */
    balancerPid: balancer.pid,
    /** The requests the balancer passed on so far, with `requestLog`: each with the instance (`server`) that took it. */
    requests: () => [...requests],
    /** Starts an instance again after it was stopped or killed, on its port. */
    restart: (instance) => startInstance(instance),
    stop,
  };
}
