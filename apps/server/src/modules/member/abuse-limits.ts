import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Limits on guessing and flooding, kept in the database so they hold across server processes.
 *
 * Failed logins (reliability §2.1: per account, growing delays, never more than 100 failures an hour):
 * the first FREE_FAILURES in a window cost nothing; each further one locks the key for a doubling delay
 * from 2 s, capped at 15 min. That allows about 17 failures an hour on one account. Per IP the same rule
 * applies with more free failures, as many players share a carrier's address. A success clears the
 * account's count; a lock never lasts long, so nobody can lock a player out for good.
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

export function lockDelaySeconds(failures: number, freeFailures: number): number {
  if (failures <= freeFailures) return 0;
  const doublings = failures - freeFailures - 1;
  return Math.min(
    LOGIN_LIMITS.firstDelaySeconds * 2 ** Math.min(doublings, 30),
    LOGIN_LIMITS.maxDelaySeconds,
  );
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

/** Counts a failure for `key` and sets its lock; the count restarts after a quiet window. */
export async function recordFailure(db: Kysely<Database>, key: string, freeFailures: number): Promise<void> {
  const row = await db
    .insertInto('login_throttle')
    .values({ key, failures: 1, window_started_at: sql<Date>`now()`, locked_until: null })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        failures: sql<number>`case when login_throttle.window_started_at < now() - make_interval(secs => ${LOGIN_LIMITS.windowSeconds}) then 1 else login_throttle.failures + 1 end`,
        window_started_at: sql<Date>`case when login_throttle.window_started_at < now() - make_interval(secs => ${LOGIN_LIMITS.windowSeconds}) then now() else login_throttle.window_started_at end`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  const delay = lockDelaySeconds(row.failures, freeFailures);
  if (delay > 0) {
    await db
      .updateTable('login_throttle')
      .set({ locked_until: sql<Date>`now() + make_interval(secs => ${delay})` })
      .where('key', '=', key)
      .execute();
  }
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
