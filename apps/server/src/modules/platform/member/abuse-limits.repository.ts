import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { LOGIN_LIMITS } from './abuse-limits.ts';

// The statements behind the abuse limits (abuse-limits.ts): login throttles and rate counters.

/**
 * Takes one attempt for `key`, atomically, before the secret is checked: answers 0 when it may go ahead
 * (and sets the lock the next attempt must wait for), or the seconds to wait when `key` is locked (and
 * counts nothing). One statement: concurrent attempts queue on the row, each sees the previous count.
 */
export async function claimAttempt(db: Kysely<Database>, key: string, freeAttempts: number): Promise<number> {
  const windowOver = sql`login_throttle.window_started_at < now() - make_interval(secs => ${LOGIN_LIMITS.windowSeconds})`;
  const attempts = sql<number>`case when ${windowOver} then 1 else login_throttle.failures + 1 end`;
  const waitAfter = (count: RawBuilder<number>) =>
    sql`case when ${count} < ${freeAttempts} then null else now() + make_interval(secs => least(${LOGIN_LIMITS.firstDelaySeconds} * power(2, least(${count} - ${freeAttempts}, 30)), ${LOGIN_LIMITS.maxDelaySeconds})) end`;
  const claimed = await sql<{ failures: number }>`
    insert into login_throttle as login_throttle (key, failures, window_started_at, locked_until)
    values (${key}, 1, now(), ${waitAfter(sql<number>`1`)})
    on conflict (key) do update set
      failures = ${attempts},
      window_started_at = case when ${windowOver} then now() else login_throttle.window_started_at end,
      locked_until = ${waitAfter(attempts)}
    where login_throttle.locked_until is null or login_throttle.locked_until <= now()
    returning failures`.execute(db);
  if (claimed.rows.length > 0) return 0;
  return Math.max(1, await lockedFor(db, key));
}

/** Seconds until `key` may try again, or 0. */
export async function lockedFor(db: Kysely<Database>, key: string): Promise<number> {
  const row = await db
    .selectFrom('login_throttle')
    .select(sql<number>`ceil(extract(epoch from (locked_until - now())))`.as('seconds'))
    .where('key', '=', key)
    .where('locked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ? Math.max(1, Number(row.seconds)) : 0;
}

/** Gives back an attempt that turned out right (per address: a success is not a guess). */
export async function returnAttempt(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set({ failures: sql<number>`greatest(failures - 1, 0)` })
    .where('key', '=', key)
    .execute();
}

export async function clearFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

/** The start of the current fixed window of `windowSeconds`, by the database clock. */
function currentWindow(windowSeconds: number) {
  return sql<Date>`to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`;
}

/** Whether `key`'s counter for the current fixed window is still below `limit` (counts nothing). */
export async function isBelow(
  db: Kysely<Database>,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('rate_counter')
    .select('count')
    .where('key', '=', key)
    .where('window_start', '=', currentWindow(windowSeconds))
    .executeTakeFirst();
  return (row?.count ?? 0) < limit;
}

/**
 * Adds one to `key`'s counter for the current fixed window and answers whether it is still within
 * `limit`. The increment happens even when over the limit, so hammering does not reset anything.
 */
export async function countWithin(
  db: Kysely<Database>,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<boolean> {
  const row = await db
    .insertInto('rate_counter')
    .values({
      key,
      window_start: currentWindow(windowSeconds),
      count: 1,
    })
    .onConflict((conflict) =>
      conflict.columns(['key', 'window_start']).doUpdateSet({ count: sql<number>`rate_counter.count + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count <= limit;
}
