import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

declare module 'vitest' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** A dump of a migrated PGlite database (embedded runs). */
    pgliteTemplatePath: string;
    /** A migrated PostgreSQL database to clone (runs with DATABASE_URL). */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database for the whole run; each test file starts from a copy of it (a PGlite dump, or
 * CREATE DATABASE … TEMPLATE on PostgreSQL), which is much faster than migrating per file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const folder = await mkdtemp(path.join(tmpdir(), 'pglite-template-'));
    const database = await openDatabase({ engine: 'pglite' });
    await migrateToLatest(database.db);
    const file = path.join(folder, 'template.tar');
    const pglite = database.pglite;
    if (!pglite) throw new Error('expected a PGlite handle');
    await writeFile(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplatePath', file);
    project.provide('postgresTemplate', '');
    return () => rm(folder, { recursive: true, force: true });
  }

  const name = `test_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 1 });
  await migrateToLatest(database.db);
  await database.close();
  project.provide('pgliteTemplatePath', '');
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
