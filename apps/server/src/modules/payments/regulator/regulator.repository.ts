import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type {
  RegulatorExportFile,
  RegulatorExportStatus,
  RegulatorLiveBatchTable,
} from './regulator.tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertRun(
  db: Db,
  run: { day: string; market: string; format: string },
): Promise<number> {
  const row = await db
    .insertInto('regulator_export')
    .values({ ...run, status: 'running' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function finishRun(
  db: Db,
  id: number,
  result:
    | { status: 'done'; rows: number; checksum: string; files: RegulatorExportFile[] }
    | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .updateTable('regulator_export')
    .set(
      result.status === 'done'
        ? {
            status: 'done',
            rows: result.rows,
            checksum: result.checksum,
            files: JSON.stringify(result.files),
            produced_at: new Date(),
          }
        : { status: 'failed', error: result.error.slice(0, 2000) },
    )
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

const RUN_COLUMNS = [
  'id',
  'day',
  'market',
  'format',
  'status',
  'rows',
  'checksum',
  'files',
  'error',
  'started_at',
  'produced_at',
] as const;

export async function findRun(db: Db, id: number) {
  return db.selectFrom('regulator_export').select(RUN_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The market's runs of these days (or of every day from `since`), newest first. */
export async function findRuns(db: Db, market: string, days: { day: string } | { since: string }) {
  let query = db.selectFrom('regulator_export').select(RUN_COLUMNS).where('market', '=', market);
  query = 'day' in days ? query.where('day', '=', days.day) : query.where('day', '>=', days.since);
  return query.orderBy('day', 'desc').orderBy('id', 'desc').limit(200).execute();
}

/** The first day the market's feed ever exported (any status), or undefined before its first run. */
export async function findFirstDay(db: Db, market: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('regulator_export')
    .select((eb) => eb.fn.min('day').as('day'))
    .where('market', '=', market)
    .executeTakeFirst();
  return row?.day ?? undefined;
}

/** The day's latest run in one of these states (a finished one to serve, a running one not to start twice). */
export async function findLatestRun(db: Db, market: string, day: string, statuses: RegulatorExportStatus[]) {
  return db
    .selectFrom('regulator_export')
    .select(RUN_COLUMNS)
    .where('market', '=', market)
    .where('day', '=', day)
    .where('status', 'in', statuses)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Marks as failed the runs left `running` longer than `olderThan` (their process stopped). */
export async function failAbandonedRuns(db: Db, market: string, olderThan: Date): Promise<void> {
  await db
    .updateTable('regulator_export')
    .set({ status: 'failed', error: 'abandoned: its process stopped before it finished' })
    .where('market', '=', market)
    .where('status', '=', 'running')
    .where('started_at', '<', olderThan)
    .execute();
}

export async function insertLiveBatch(
  db: Db,
  batch: Omit<Insertable<RegulatorLiveBatchTable>, 'id' | 'created_at' | 'stored_at'>,
): Promise<void> {
  await db.insertInto('regulator_live_batch').values(batch).execute();
}

export async function findUnstoredLiveBatches(db: Db, limit: number) {
  return db
    .selectFrom('regulator_live_batch')
    .select(['id', 'format', 'content', 'created_at'])
    .where('stored_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function markLiveBatchStored(db: Db, id: number): Promise<void> {
  await db
    .updateTable('regulator_live_batch')
    .set({ stored_at: new Date() })
    .where('id', '=', id)
    .where('stored_at', 'is', null)
    .execute();
}

export async function liveFeedSummary(db: Db, market: string) {
  const { rows } = await sql<{
    batches: string;
    waiting: string;
    last_transaction_id: string | null;
    last_stored_at: Date | null;
  }>`
    select count(*) as batches, count(*) filter (where stored_at is null) as waiting,
      max(last_transaction_id) as last_transaction_id, max(stored_at) as last_stored_at
    from regulator_live_batch where market = ${market}`.execute(db);
  return rows[0];
}
