import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

type Db = Kysely<Database>;

/**
 * Admission control for M-Pesa (issue 24 §3): a token bucket per shortcode in the database, so every
 * instance draws from the same allowance. The bucket refills at `perSecond` up to `burst`; taking a slot
 * is one statement (refill and take together, under the row's lock), so two instances never share a slot.
 */
export type PushRate = { perSecond: number; burst: number };

/** Takes one push slot of `shortcode` now; answers false when the bucket is empty (the push waits). */
export async function takePushSlot(db: Db, shortcode: string, rate: PushRate): Promise<boolean> {
  await db
    .insertInto('mpesa_admission')
    .values({ shortcode, tokens: rate.burst })
    .onConflict((conflict) => conflict.column('shortcode').doNothing())
    .execute();
  const refilled = sql<number>`least(${rate.burst}::float8,
    tokens + extract(epoch from (clock_timestamp() - refilled_at)) * ${rate.perSecond}::float8)`;
  const taken = await db
    .updateTable('mpesa_admission')
    .set({ tokens: sql`${refilled} - 1`, refilled_at: sql`clock_timestamp()` })
    .where('shortcode', '=', shortcode)
    .where(refilled, '>=', 1)
    .returning('tokens')
    .executeTakeFirst();
  return taken !== undefined;
}

/**
 * Empties the bucket after Daraja refused for its rate (500.003.02/03): our estimate of its ceiling was
 * too high for this moment, so every instance pauses until the bucket refills.
 */
export async function emptyPushBucket(db: Db, shortcode: string): Promise<void> {
  await db
    .updateTable('mpesa_admission')
    .set({ tokens: 0, refilled_at: sql`clock_timestamp()` })
    .where('shortcode', '=', shortcode)
    .execute();
}
