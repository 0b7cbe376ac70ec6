import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
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

const here = path.dirname(fileURLToPath(import.meta.url));

export type TestApp = {
  app: FastifyInstance;
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
