import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';
import { seedDemo } from '../src/db/seed/demo-seed.ts';
import { loadEnv, type Env } from '../src/env.ts';
import { callbackSecret, createSmsGateway, createSocialProvider } from '../src/adapters/outside-world.ts';
import { createSmsSimulator } from '@app/simulators/sms/sms-simulator';

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

const here = path.dirname(fileURLToPath(import.meta.url));

export type TestApp = {
  app: FastifyInstance;
  /** The SMS simulator the app sends through, over the real protocol. */
  sms: TestSms;
  db: Kysely<Database>;
  env: Env;
  close: () => Promise<void>;
};

/**
 * A fresh, migrated database for one test file, copied from the run's template (test/global-setup.ts):
 * an in-memory PGlite loaded from the template's dump, or, when DATABASE_URL is set, a new database on
 * that PostgreSQL server (dropped afterwards). Files never see each other's rows and run in parallel.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
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

export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { seed?: boolean; webDist?: string } = {},
): Promise<TestApp> {
  const sms = await startTestSms();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SMS_BASE_URL: sms.url,
    SMS_API_KEY: TEST_SMS_KEY,
    CALLBACK_SECRET: TEST_CALLBACK_SECRET,
    UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'uploads-')),
    ...overrides,
  });
  const database = await openTestDatabase();
  await migrateToLatest(database.db);
  if (options.seed ?? true) await seedDemo(database.db);
  const app = await buildApp({
    env,
    db: database.db,
    version: '0.0.0-test',
    webDist: options.webDist,
    staticDir: path.resolve(here, '../static'),
    logger: false,
    sms: createSmsGateway(env),
    social: createSocialProvider(env),
    callbackSecret: callbackSecret(env),
  });
  await app.ready();
  return {
    app,
    sms,
    db: database.db,
    env,
    close: async () => {
      await app.close();
      await database.close();
      await sms.close();
    },
  };
}
