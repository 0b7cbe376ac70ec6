import { sql, type Kysely, type Transaction } from 'kysely';
import type { AuditLogTable, Database } from '../../../db/schema.ts';
import type { Selectable } from 'kysely';

type Db = Kysely<Database>;
export type AuditRow = Selectable<AuditLogTable>;

/** The chain's head, locked until the transaction ends: appends are one at a time. */
export async function lockHead(trx: Transaction<Database>): Promise<{ last_id: number; last_hash: string }> {
  return trx
    .selectFrom('audit_head')
    .select(['last_id', 'last_hash'])
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function readHead(db: Db): Promise<{ last_id: number; last_hash: string }> {
  return db
    .selectFrom('audit_head')
    .select(['last_id', 'last_hash'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
}

export async function insertEntry(
  trx: Transaction<Database>,
  row: Omit<AuditRow, 'before' | 'after'> & { before: string | null; after: string | null },
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      ...row,
      before: row.before === null ? null : sql`${row.before}::jsonb`,
      after: row.after === null ? null : sql`${row.after}::jsonb`,
    } as never)
    .execute();
  await trx
    .updateTable('audit_head')
    .set({ last_id: row.id, last_hash: row.hash })
    .where('id', '=', 1)
    .execute();
}

/** Entries after `afterId`, oldest first: the verify walk. */
export async function entriesAfter(db: Db, afterId: number, limit: number): Promise<AuditRow[]> {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export type AuditFilter = {
  staffId?: number | undefined;
  staffLogin?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

export async function pageOfEntries(
  db: Db,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  let query = db.selectFrom('audit_log');
  if (filter.target !== undefined) query = query.where('target', '=', filter.target);
  if (filter.staffId !== undefined) query = query.where('staff_id', '=', filter.staffId);
  if (filter.staffLogin !== undefined) query = query.where('staff_login', '=', filter.staffLogin);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<', filter.to);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
