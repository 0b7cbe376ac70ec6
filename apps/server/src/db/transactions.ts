import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** SQLSTATEs after which a whole database transaction may simply be run again: serialisation failure, deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);

/** How many times a unit of work is tried before its retryable error is let through. */
export const MAX_ATTEMPTS = 5;

/** A serialisation failure or a deadlock: the whole database transaction may simply be run again. */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/**
 * Runs `work` again after a serialisation failure or a deadlock (at most MAX_ATTEMPTS times): a statement
 * of its own, or a transaction, that changed nothing when it failed.
 */
export async function retrying<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (isRetryable(error) && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}

/**
 * Runs `work` in a database transaction, again from the start after a serialisation failure or a
 * deadlock (at most MAX_ATTEMPTS times). For units of work that post to the ledger inside their own
 * transaction: `work` must only touch the database (it may run more than once).
 */
export async function retryingTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return retrying(() => db.transaction().execute(work));
}
