import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/composition/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { jobsDatabaseOf, type Job } from '../src/jobs/job-runner.ts';
import type { Database } from '../src/db/schema.ts';
import { paymentDepsOf, type PaymentDeps } from '../src/modules/payments/channels/payment-deps.ts';
import { getAppSettings } from '../src/modules/platform/config/config.service.ts';
import { createDarajaTokenStore } from '../src/modules/payments/channels/channels.service.ts';
import { brandFor } from '@app/contracts/brand';
import { seedDemo } from '../src/db/seed/demo-seed.ts';
import { loadEnv, type Env } from '../src/env.ts';
import {
  callbackSecret,
  createBeacon,
  createIdentityVerifier,
  createMpesaClient,
  createSmsGateway,
  createSocialProvider,
} from '../src/adapters/outside-world.ts';
import { createSmsSimulator } from '@app/simulators/sms/sms-simulator';
import { createIdentitySimulator } from '@app/simulators/identity/identity-simulator';
import { IDENTITY_CONTROL_PATH } from '@app/simulators/identity/identity-protocol';
import {
  createMpesaSimulator,
  DEFAULT_MPESA_SWITCHES,
  type MpesaSwitches,
} from '@app/simulators/mpesa/mpesa-simulator';
import { createServer } from 'node:net';
import { staffSession } from './staff-session.ts';

const TEST_SMS_KEY = 'test-sms-key';
export const TEST_CALLBACK_SECRET = 'test-callback-secret-0123456789';

export type TestSms = {
  url: string;
  /** Messages sent to a number (E.164), newest first, read from the simulator's inbox. */
  messagesTo(e164: string): Promise<{ messageId: string; message: string }[]>;
  /** The 6-digit code in the newest message to a number. */
  latestCode(e164: string): Promise<string>;
  control(faults: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
};

async function startTestSms(): Promise<TestSms> {
  const simulator = createSmsSimulator({ username: 'sandbox', apiKey: TEST_SMS_KEY });
  const url = await simulator.listen({ port: 0, host: '127.0.0.1' });
  const messagesTo = async (e164: string) => {
    const response = await fetch(`${url}/sms/messages?number=${encodeURIComponent(e164)}`);
    return (await response.json()) as { messageId: string; message: string }[];
  };
  return {
    url,
    messagesTo,
    latestCode: async (e164) => {
      const [latest] = await messagesTo(e164);
      const code = latest?.message.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code was sent to ${e164}`);
      return code;
    },
    control: async (faults) => {
      await fetch(`${url}/__control`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(faults),
      });
    },
    close: () => simulator.close(),
  };
}

export type TestMpesa = {
  url: string;
  /** Changes the simulator's switches (POST /__control/mpesa); `reset: true` restores the defaults. */
  control(switches: Partial<MpesaSwitches> & { reset?: boolean; b2cUtilityBalance?: number }): Promise<void>;
  /** Sets every switch back to how the test app starts the simulator (`reset` keeps the switches). */
  restoreSwitches(): Promise<void>;
  /** Prompts, payments and callbacks as the simulator knows them (GET /__mpesa/state). */
  state(): Promise<{
    prompts: { checkoutRequestId: string; phoneNumber: string; amount: number; status: string }[];
    payments: Record<string, unknown>[];
    callbacks: Record<string, unknown>[];
  }>;
  /** Plays the customer on the phone page: the PIN (the simulator's is 1234) or a cancel. */
  answer(checkoutRequestId: string, answer: { pin: string } | 'cancel'): Promise<void>;
  close(): Promise<void>;
};

/** The simulator's customer PIN. */
export const TEST_MPESA_PIN = '1234';

/** Every switch of the simulator as the test app starts it: the defaults, with callbacks sent at once. */
const TEST_MPESA_SWITCHES: MpesaSwitches = { ...DEFAULT_MPESA_SWITCHES, callbackDelayMs: 0 };

async function startTestMpesa(): Promise<TestMpesa> {
  const simulator = createMpesaSimulator({
    consumerKey: 'simulator-key',
    consumerSecret: 'simulator-secret',
    pin: TEST_MPESA_PIN,
    switches: TEST_MPESA_SWITCHES,
  });
  const url = await simulator.listen({ port: 0, host: '127.0.0.1' });
  const post = (pathname: string, body: string, type: string) =>
    fetch(`${url}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
      redirect: 'manual',
    });
  const control: TestMpesa['control'] = async (switches) => {
    const response = await post('/__control/mpesa', JSON.stringify(switches), 'application/json');
    if (!response.ok) throw new Error(`simulator refused the switches: ${await response.text()}`);
  };
  return {
    url,
    control,
    restoreSwitches: () => control(TEST_MPESA_SWITCHES),
    state: async () =>
      (await (await fetch(`${url}/__mpesa/state`)).json()) as Awaited<ReturnType<TestMpesa['state']>>,
    answer: async (checkoutRequestId, answer) => {
      const form = new URLSearchParams({ checkoutRequestId });
      if (answer === 'cancel') form.set('action', 'cancel');
      else form.set('pin', answer.pin);
      await post('/phone/answer', form.toString(), 'application/x-www-form-urlencoded');
    },
    close: () => simulator.close(),
  };
}

const TEST_IDENTITY = { partnerId: 'test-partner', apiKey: 'test-identity-key' };

export type TestIdentity = {
  url: string;
  /** `outage: true`: every verification call answers 503 until switched back (the unavailable answer). */
  control(switches: { outage: boolean }): Promise<void>;
  close(): Promise<void>;
};

/**
 * The identity-verification simulator (Smile ID style). Its answer is chosen by the ID number's deciding
 * digit (apps/simulators/src/identity/identity-simulator.ts `answerFor`): 1 mismatch, 2 under-age,
 * 3 duplicate, 4 unavailable, any other a match.
 */
async function startTestIdentity(): Promise<TestIdentity> {
  const simulator = createIdentitySimulator(TEST_IDENTITY);
  const url = await simulator.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    control: async (switches) => {
      const response = await fetch(`${url}${IDENTITY_CONTROL_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(switches),
      });
      if (!response.ok) throw new Error(`simulator refused the switches: ${await response.text()}`);
    },
    close: () => simulator.close(),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const here = path.dirname(fileURLToPath(import.meta.url));

export type TestApp = {
  app: FastifyInstance;
  /** The SMS simulator the app sends through, over the real protocol. */
  sms: TestSms;
  /** The M-Pesa Daraja simulator the app pays through, over the real protocol. */
  mpesa: TestMpesa;
  /** The identity-verification simulator the app verifies members through, over its protocol. */
  identity: TestIdentity;
  /** With `listen: true`, the app's own address (where the simulator's callbacks arrive). */
  url: string | undefined;
  db: Kysely<Database>;
  env: Env;
  close: () => Promise<void>;
};

/**
 * A fresh, migrated database for one test file, copied from the run's template (test/global-setup.ts):
 * an in-memory PGlite loaded from the template's dump, or, when DATABASE_URL is set, a new database on
 * that PostgreSQL server (dropped afterwards). Files never see each other's rows and run in parallel.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dump = await readFile(inject('pgliteTemplatePath'));
    return openDatabase({ engine: 'pglite', loadDataDir: new Blob([dump]) });
  }

  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // CREATE DATABASE … TEMPLATE needs the template unused; test files may clone at the same moment.
  await createFromTemplate(admin, name, inject('postgresTemplate'));
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function createFromTemplate(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      const isBusy = (error as { code?: string }).code === '55006';
      if (!isBusy || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

export type TestAppOptions = {
  seed?: boolean;
  webDist?: string;
  /** A built back office to serve under /admin (apps/admin/dist's shape). */
  adminDist?: string;
  listen?: boolean;
  /** Pino options (level, stream) for a test of what is logged; none by default. */
  logger?: Record<string, unknown>;
  /**
   * Run the background jobs on pg-boss, as the server does (and the crash game's rounds); tests
   * without it call the jobs' passes themselves. `more`: jobs besides the app's.
   */
  jobs?: { more?: Job[]; pollingIntervalSeconds?: number };
};

/** The M-Pesa client as server.ts makes it: the app's access token kept in the database, shared by instances. */
function testMpesaClient(env: Env, db: Kysely<Database>, tokenStore: 'database' | 'process' = 'database') {
  return createMpesaClient(
    env,
    tokenStore === 'database' ? { tokenStore: (app) => createDarajaTokenStore(db, app) } : {},
  );
}

/** One app instance on a database, paying through the given simulators (createTestApp, createTestFleet). */
async function startInstance(
  shared: { database: DatabaseHandle; sms: TestSms; mpesa: TestMpesa; identity: TestIdentity },
  overrides: Record<string, string>,
  options: TestAppOptions & { tokenStore?: 'database' | 'process' },
): Promise<TestApp> {
  const { database, sms, mpesa, identity } = shared;
  // Listening apps get their callbacks over HTTP, so PUBLIC_URL must be their real address.
  const port = options.listen ? await freePort() : undefined;
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'uploads-'));
  const env = loadEnv({
    MPESA_BASE_URL: mpesa.url,
    ...(port === undefined ? {} : { PUBLIC_URL: `http://127.0.0.1:${port}` }),
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SMS_BASE_URL: sms.url,
    SMS_API_KEY: TEST_SMS_KEY,
    IDENTITY_BASE_URL: identity.url,
    IDENTITY_PARTNER_ID: TEST_IDENTITY.partnerId,
    IDENTITY_API_KEY: TEST_IDENTITY.apiKey,
    CALLBACK_SECRET: TEST_CALLBACK_SECRET,
    UPLOAD_DIR: uploadDir,
    ...overrides,
  });
  const app = await buildApp({
    env,
    db: database.db,
    version: '0.0.0-test',
    webDist: options.webDist,
    adminDist: options.adminDist,
    staticDir: path.resolve(here, '../static'),
    logger: options.logger ?? false,
    sms: createSmsGateway(env),
    // The environment's beacon (nothing listens there in tests): a test that draws starts the simulator.
    beacon: createBeacon(env),
    social: createSocialProvider(env),
    identity: createIdentityVerifier(env),
    callbackSecret: callbackSecret(env),
    mpesa: testMpesaClient(env, database.db, options.tokenStore),
    ...(options.jobs ? { jobs: { ...options.jobs, database: jobsDatabaseOf(database) } } : {}),
  });
  await app.ready();
  if (port !== undefined) await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    sms,
    mpesa,
    identity,
    url: port === undefined ? undefined : `http://127.0.0.1:${port}`,
    db: database.db,
    env,
    close: async () => {
      await app.close();
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

/** The simulators and the migrated (and seeded) database one app or one fleet runs on. */
async function startShared(overrides: Record<string, string>, seed: boolean) {
  const sms = await startTestSms();
  const mpesa = await startTestMpesa();
  const identity = await startTestIdentity();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CALLBACK_SECRET: TEST_CALLBACK_SECRET,
    ...overrides,
  });
  const database = await openTestDatabase();
  await migrateToLatest(database.db);
  if (seed) await seedDemo(database.db, brandFor(env.THEME, env.BRAND_NAME));
  return {
    sms,
    mpesa,
    identity,
    database,
    close: async () => {
      await database.close();
      await sms.close();
      await mpesa.close();
      await identity.close();
    },
  };
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const shared = await startShared(overrides, options.seed ?? true);
  const instance = await startInstance(shared, overrides, options);
  return {
    ...instance,
    close: async () => {
      await instance.close();
      await shared.close();
    },
  };
}

/**
 * A test file's app, opened before its tests and closed after them (vitest's `beforeAll` and `afterAll`,
 * registered where this is called): `const ctx = useTestApp()` at the top of the file, read in tests and
 * hooks. The object answered is filled in when the app opens, so it is empty before then; a later
 * `beforeAll` (staff sessions, members) finds it open, and a later `afterAll` runs before it closes.
 */
export function useTestApp(overrides: Record<string, string> = {}, options: TestAppOptions = {}): TestApp {
  const ctx = {} as TestApp;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(overrides, options));
  });
  afterAll(async () => {
    // Undefined when opening failed: there is nothing to close.
    await ctx.close?.();
  });
  return ctx;
}

export type TestFleet = {
  /** The instances, each listening on its own address with its own connection pool (on PostgreSQL). */
  instances: TestApp[];
  /** The one Daraja simulator (one Daraja app) every instance pays through. */
  mpesa: TestMpesa;
  db: Kysely<Database>;
  close: () => Promise<void>;
};

/**
 * `size` app instances on one database and one pair of simulators, as an operator's fleet behind a load
 * balancer runs them: each its own pool (PostgreSQL) and its own Daraja client; M-Pesa's callbacks reach
 * the instance that pushed. `tokenStore: 'process'` gives each instance its own access token, as before
 * issue 24 (to show what sharing it fixes).
 */
export async function createTestFleet(
  size: number,
  overrides: Record<string, string> = {},
  options: Omit<TestAppOptions, 'listen'> & { tokenStore?: 'database' | 'process' } = {},
): Promise<TestFleet> {
  const shared = await startShared(overrides, options.seed ?? true);
  const { database, sms, mpesa, identity } = shared;
  const pools: DatabaseHandle[] = [];
  const instances: TestApp[] = [];
  for (let index = 0; index < size; index += 1) {
    const pool =
      database.url === undefined
        ? database
        : await openDatabase({ engine: 'postgres', url: database.url, poolSize: 5 });
    if (pool !== database) pools.push(pool);
    instances.push(
      await startInstance({ database: pool, sms, mpesa, identity }, overrides, { ...options, listen: true }),
    );
  }
  return {
    instances,
    mpesa,
    db: database.db,
    close: async () => {
      for (const instance of instances) await instance.close();
      for (const pool of pools) await pool.close();
      await shared.close();
    },
  };
}

/**
 * The deposit and withdraw modules' dependencies as app.ts wires them for this app (its M-Pesa simulator,
 * its callback secret), for tests that call the payment services or jobs themselves.
 */
export function testPaymentDeps(ctx: Pick<TestApp, 'db' | 'env'>): PaymentDeps {
  return paymentDepsOf(ctx.env, {
    db: ctx.db,
    country: getAppSettings(ctx.env).country,
    mpesa: testMpesaClient(ctx.env, ctx.db),
    callbackSecret: callbackSecret(ctx.env),
  });
}

/**
 * The app the payments tests run on (deposit, withdraw, tax): listening, so the M-Pesa simulator really
 * calls back; with a payments desk's staff session token (test/staff-session.ts) and the payment deps.
 */
export async function startPaymentsTestApp(): Promise<{
  ctx: TestApp;
  deps: PaymentDeps;
  staffToken: string;
}> {
  const ctx = await createTestApp({}, { listen: true });
  const staffToken = (await staffSession(ctx, ['payments'])).token;
  return { ctx, deps: testPaymentDeps(ctx), staffToken };
}
