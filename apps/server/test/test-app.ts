import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';
import { seedDemo } from '../src/db/seed/demo-seed.ts';
import { loadEnv, type Env } from '../src/env.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export type TestApp = {
  app: FastifyInstance;
  db: Kysely<Database>;
  env: Env;
  close: () => Promise<void>;
};

/**
 * A fresh database for one test file: an in-memory PGlite, or, when DATABASE_URL is set, a new database
 * on that PostgreSQL server (dropped afterwards), so files never see each other's rows and can run in
 * parallel.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ engine: 'pglite' });

  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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

export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { seed?: boolean; webDist?: string } = {},
): Promise<TestApp> {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides });
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
  });
  await app.ready();
  return {
    app,
    db: database.db,
    env,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
