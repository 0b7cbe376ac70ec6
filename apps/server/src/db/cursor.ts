import { randomBytes } from 'node:crypto';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * A query's rows a batch at a time through a server-side cursor (`declare … cursor`, `fetch forward n`), inside
 * the caller's transaction: the database keeps the result, this process holds one batch, so reading a day of a
 * million facts takes as much memory as reading a thousand. Works alike on PostgreSQL and PGlite (Kysely's
 * `stream` needs pg-cursor on one and does not exist on the other). The caller's transaction decides the
 * snapshot: a `repeatable read` one makes several cursors read the same committed state.
 */
export async function* cursorBatches<Row>(
  trx: Transaction<Database>,
  query: RawBuilder<Row>,
  size: number,
): AsyncGenerator<Row[]> {
  if (!Number.isSafeInteger(size) || size <= 0)
    throw new Error(`cursor: a batch is of a positive size (${size})`);
  // A name of our own making, never anything a caller typed.
  const name = sql.raw(`cursor_${randomBytes(8).toString('hex')}`);
  await sql`declare ${name} no scroll cursor for ${query}`.execute(trx);
  for (;;) {
    const { rows } = await sql<Row>`fetch forward ${sql.raw(String(size))} from ${name}`.execute(trx);
    if (rows.length > 0) yield rows;
    if (rows.length < size) break;
  }
  await sql`close ${name}`.execute(trx);
}
