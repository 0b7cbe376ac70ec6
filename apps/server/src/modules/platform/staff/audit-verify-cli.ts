import { openDatabase } from '../../../db/database.ts';
import { loadEnv } from '../../../env.ts';
import { verifyAuditChain } from './audit.service.ts';

/**
 * `npm run audit:verify -w @app/server`: walks the audit log's hash chain in DATABASE_URL (or the embedded
 * database) and exits 1 at the first entry that was edited or follows a deleted one.
 */
const env = loadEnv();
const database = await openDatabase(
  env.DATABASE_URL
    ? { engine: 'postgres', url: env.DATABASE_URL }
    : { engine: 'pglite', dataDir: env.DATA_DIR },
);
try {
  const result = await verifyAuditChain(database.db);
  if (result.ok) {
    console.info(`Audit log intact: ${result.entries} entries, one chain.`);
  } else {
    console.error(
      `Audit log BROKEN at entry ${result.brokenAt}: ${result.reason} (${result.entries} entries verified before it).`,
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
