import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { loadEnv } from '../env.ts';

/** `npm run db:migrate`: apply pending migrations to DATABASE_URL, or the embedded database. */
const env = loadEnv();
const database = await openDatabase(
  env.DATABASE_URL
    ? { engine: 'postgres', url: env.DATABASE_URL }
    : { engine: 'pglite', dataDir: env.DATA_DIR },
);
const applied = await migrateToLatest(database.db);
console.info(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date');
await database.close();
