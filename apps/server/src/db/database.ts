import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { parseInt8 } from './int8.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { namePreparedStatements } from './prepared-statements.ts';
import type { Database } from './schema.ts';

export type DatabaseEngine = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** The embedded instance itself, for dumps and the jobs; undefined on PostgreSQL. */
  pglite?: PGlite;
  /** PostgreSQL's address, for the jobs' own connections; undefined on PGlite. */
  url?: string;
  close: () => Promise<void>;
};

export type DatabaseOptions =
  | {
      engine: 'postgres';
      url: string;
      poolSize?: number;
      /** Open the pool's connections now and keep them open (a server); otherwise on demand (tests, tools). */
      warm?: boolean;
    }
  /** dataDir undefined keeps the database in memory (tests); loadDataDir starts from a dump. */
  | { engine: 'pglite'; dataDir?: string; loadDataDir?: Blob };

const INT8_OID = 20;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.engine === 'postgres') {
    const size = options.poolSize ?? 10;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: size,
      ...(options.warm && { min: size }),
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID
            ? parseInt8
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection can fail (PostgreSQL restarting, a failover, an administrator ending it). The pool
    // drops it and opens a new one when needed; without a listener node-postgres would crash the process.
    pool.on('error', (error) => console.error('idle PostgreSQL connection failed:', error.message));
    pool.on('connect', namePreparedStatements);
    // Kysely 0.29 reads the pool's options, which node-postgres has at run time but its types leave out.
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: pool as pg.Pool & { options: pg.PoolConfig } }),
    });
    if (options.warm) {
      const clients = await Promise.all(Array.from({ length: size }, () => pool.connect()));
      for (const client of clients) client.release();
    }
    return { db, engine: 'postgres', url: options.url, close: () => db.destroy() };
  }

  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir, 'pglite');
    await mkdir(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(dataDir, {
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { [pgliteTypes.INT8]: (value: string) => parseInt8(value) },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    engine: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
