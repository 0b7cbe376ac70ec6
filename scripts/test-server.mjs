// Starts the built server (apps/server/dist/server.js) on a free loopback port with a fresh embedded
// database, for the browser tests and benchmarks, and waits for /readyz within a bounded time.
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ownRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntryIn = (root) => path.join(root, 'apps/server/dist/server.js');
const simulatorsEntryIn = (root) => path.join(root, 'apps/simulators/dist/main.js');
// A busy shared machine can take longer to migrate a fresh database: SERVER_READY_TIMEOUT_MS raises it.
const readyTimeoutMs = () => Number(process.env.SERVER_READY_TIMEOUT_MS ?? 90_000);

/**
 * An empty embedded database, made once and copied into each test server's data folder: creating a PGlite
 * cluster (initdb) is most of a fresh server's start, seconds on a busy machine, where copying the folder
 * takes a fraction of one; the server then migrates it as it would a new one. e2e/run.mjs makes it once
 * for the whole suite and hands its folder to the browser tests' workers in PGLITE_TEMPLATE_DIR.
 * @returns {Promise<{ dir: string, remove: () => void }>}
 */
export async function makePgliteTemplate() {
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-template-'));
  const database = await PGlite.create(path.join(dir, 'pglite'));
  await database.close();
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The outside world of one casino (a server, or a fleet behind one address): its own simulators, and the
 * secrets and keys the server and the simulators share. `serverUrl` is where the simulators call back
 * (delivery reports, the game provider's wallet calls).
 * @param {string} name for messages
 * @param {string} serverUrl
 * @param {{ root?: string }} options
 * @returns {Promise<{ simulators: { url: string, port: number, stop: () => Promise<void> }, serverEnv: Record<string, string> }>}
 */
export async function startOutsideWorld(name, serverUrl, { root = ownRoot } = {}) {
  const callbackSecret = `test-${randomBytes(9).toString('base64url')}-callback-secret`;
  // The B2C SecurityCredential is checked end to end: the simulator decrypts it with this private key and
  // compares it with the initiator password; the server encrypts with the public key (its MPESA_CERT).
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const initiatorPassword = randomBytes(12).toString('base64url');
  // The simulated game provider and our Hub88 wallet API sign to each other: the provider's key pair and
  // ours, each side given its own private key and the other's public key.
  const pemOf = (key, type) => key.export({ type, format: 'pem' }).toString();
  const providerKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const operatorKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const simulators = await startSimulators(
    name,
    {
      SMS_DELIVERY_REPORT_URL: `${serverUrl}/api/member-service/sms/delivery-report/${callbackSecret}`,
      MPESA_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      MPESA_INITIATOR_PASSWORD: initiatorPassword,
      PROVIDER_WALLET_URL: `${serverUrl}/api/provider/hub88`,
      PROVIDER_SIM_PRIVATE_KEY: pemOf(providerKeys.privateKey, 'pkcs8'),
      PROVIDER_OPERATOR_PUBLIC_KEY: pemOf(operatorKeys.publicKey, 'spki'),
    },
    { root },
  );
  const serverEnv = {
    SIMULATORS: '1',
    SIMULATORS_PORT: String(simulators.port),
    CALLBACK_SECRET: callbackSecret,
    MPESA_CERT: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    MPESA_INITIATOR_PASSWORD: initiatorPassword,
    PROVIDER_PUBLIC_KEY: pemOf(providerKeys.publicKey, 'spki'),
    PROVIDER_PRIVATE_KEY: pemOf(operatorKeys.privateKey, 'pkcs8'),
  };
  return { simulators, serverEnv };
}

/**
 * Starts the built server with `env` on `port` and waits for /readyz within a bounded time.
 * @param {string} name for messages
 * @param {Record<string, string>} env
 * @param {{ root?: string, port: number, inherit?: boolean, nice?: number }} options inherit false: the server
 *   sees `env` (and its port) only, not this process's environment (a fleet configured with exactly what its
 *   documentation names); nice: the server runs at that CPU priority (`nice -n`, all its threads)
 * @returns {Promise<{ name: string, pid: number, url: string, env: Record<string, string>, output: () => string, kill: (signal: NodeJS.Signals) => Promise<void>, stop: () => Promise<void> }>}
 */
export async function startServerProcess(name, env, { root = ownRoot, port, inherit = true, nice }) {
  const serverEnv = { LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' };
  // SERVER_CPU_PROFILE_DIR: each server writes a V8 CPU profile there when it stops (profiling a benchmark).
  const profiling = process.env.SERVER_CPU_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_CPU_PROFILE_DIR}`]
    : [];
  // SERVER_PERF_MAP=1: each server writes /tmp/perf-<pid>.map, which names its JavaScript in `perf report`.
  if (process.env.SERVER_PERF_MAP === '1') profiling.push('--perf-basic-prof');
  const command = [process.execPath, ...profiling, serverEntryIn(root)];
  // `nice` runs node in its own process (exec): the pid stays the server's.
  if (nice !== undefined) command.unshift('nice', '-n', String(nice));
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    env: inherit ? { ...process.env, ...serverEnv } : serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  /** Sends `signal` and waits for the process to end (SIGKILL after 5 s of a gentler one). */
  const kill = async (signal) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    const timer = signal === 'SIGKILL' ? undefined : setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  const server = {
    name,
    /** The server's process id (the benchmarks read its CPU time). */
    pid: child.pid,
    url: `http://127.0.0.1:${port}`,
    /** The variables it was given (beside this process's own when inherited). */
    env: serverEnv,
    output: () => output,
    kill,
    stop: () => kill('SIGTERM'),
  };
  const deadline = Date.now() + readyTimeoutMs();
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await server.stop();
  throw new Error(`${name} server not ready after ${readyTimeoutMs() / 1000} s:\n${output}`);
}

/**
 * One server on a fresh embedded database with its own simulators, for the browser tests and benchmarks.
 * @param {string} name for messages
 * @param {Record<string, string>} env overrides (THEME, CHRISTMAS, …)
 * @param {{ root?: string, nice?: number }} options root: another checkout's built tree (bench:web's reference
 *   build); nice: the server's CPU priority (bench:web: the phone's CPU is not the server's)
 * @returns {Promise<{ name: string, pid: number, url: string, simulatorsUrl: string, output: () => string, stop: () => Promise<void> }>}
 */
export async function startServer(name, env = {}, { root = ownRoot, nice } = {}) {
  const serverEntry = serverEntryIn(root);
  for (const required of [serverEntry, path.join(root, 'apps/web/dist/index.html')]) {
    if (!existsSync(required)) throw new Error(`${required} is missing: run npm run build first`);
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `server-${name}-`));
  // Only this checkout's own PGlite made the template (another build may carry another version).
  const template = process.env.PGLITE_TEMPLATE_DIR;
  if (template && root === ownRoot)
    cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  // The outside world for this server: its own simulators (SMS), so servers never share an inbox.
  const { simulators, serverEnv } = await startOutsideWorld(name, url, { root });
  const stopAll = async (serverProcess) => {
    await simulators.stop();
    await serverProcess?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let serverProcess;
  try {
    serverProcess = await startServerProcess(
      name,
      {
        DATABASE_URL: '',
        // Every member of the browser suite registers from 127.0.0.1: more than a real address's hourly codes.
        SMS_PER_IP_PER_HOUR: '1000',
        // The demo back-office account e2e/admin.spec.ts logs in with (packages/contracts demo-staff.ts); a
        // fleet is not given it (its instances get exactly docs/deployment.md's variables).
        DEMO_STAFF: '1',
        ...serverEnv,
        ...env,
        DATA_DIR: dataDir,
        // Provider redirects (social login) come back to this server's own address.
        PUBLIC_URL: url,
      },
      { root, port, nice },
    );
  } catch (error) {
    await stopAll(undefined);
    throw error;
  }
  return {
    name,
    pid: serverProcess.pid,
    url,
    simulatorsUrl: simulators.url,
    output: serverProcess.output,
    stop: () => stopAll(serverProcess),
  };
}

/**
 * Starts the built simulators (apps/simulators/dist/main.js) on a free port and waits until the SMS
 * inbox answers.
 * @param {string} name for messages
 * @param {Record<string, string>} env
 * @param {{ root?: string }} options root: another checkout's built tree
 */
export async function startSimulators(name, env = {}, { root = ownRoot } = {}) {
  const simulatorsEntry = simulatorsEntryIn(root);
  if (!existsSync(simulatorsEntry)) throw new Error(`${simulatorsEntry} is missing: run npm run build first`);
  const port = await freePort();
  const child = spawn(process.execPath, [simulatorsEntry], {
    cwd: root,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      ...env,
      SIMULATORS_PORT: String(port),
      SIMULATORS_HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-10_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + readyTimeoutMs();
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${name} simulators exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/sms/messages`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return { url, port, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`${name} simulators not ready:\n${output}`);
}
