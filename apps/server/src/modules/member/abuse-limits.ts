import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Limits on guessing and flooding, kept in the database so they hold across server processes.
 *
 * Password attempts (reliability §2.1: per account, growing delays, never more than 100 failures an hour)
 * are counted **before** the password is checked, by one conditional statement (`claimAttempt`): the first
 * FREE attempts in a window go ahead; each later one must wait for the lock the previous one set, doubling
 * from 2 s up to 15 min. A burst of parallel guesses is therefore limited exactly like a sequence (reading
 * the lock, checking, then counting let 200 parallel guesses all be checked). An attempt refused by the
 * lock is not counted, so an attack cannot lengthen the owner's wait beyond the next step of the doubling.
 * A success clears the account's count; per address the same rule applies with more free attempts, as
 * many players share a carrier's address, and a success gives its attempt back.
 */
export const LOGIN_LIMITS = {
  accountFreeFailures: 5,
  ipFreeFailures: 30,
  firstDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  windowSeconds: 3600,
} as const;

/** SMS sends (reliability §2.1, external-protocols §2): a cooldown and hourly caps (per address: SMS_PER_IP_PER_HOUR). */
export const SMS_LIMITS = {
  resendAfterSeconds: 60,
  perNumberPerHour: 5,
  codeLifetimeSeconds: 5 * 60,
  maxAttempts: 5,
} as const;

/** The wait before the next attempt once `attempts` were made in the window: none for the free ones. */
export function lockDelaySeconds(attempts: number, freeAttempts: number): number {
  if (attempts < freeAttempts) return 0;
  const doublings = attempts - freeAttempts;
  return Math.min(
    LOGIN_LIMITS.firstDelaySeconds * 2 ** Math.min(doublings, 30),
    LOGIN_LIMITS.maxDelaySeconds,
  );
}

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
      window_start: sql<Date>`to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`,
      count: 1,
    })
    .onConflict((conflict) =>
      conflict.columns(['key', 'window_start']).doUpdateSet({ count: sql<number>`rate_counter.count + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count <= limit;
}
