import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Publishes a site day: its seed commitment and its pool. Does nothing when the day is already published. */
export async function publishDay(
  trx: Transaction<Database>,
  day: {
    siteDay: string;
    serverSeed: string;
    serverSeedHash: string;
    prizes: { coins: number; cash: number; count: number }[];
  },
): Promise<void> {
  const inserted = await trx
    .insertInto('coin_spin_day')
    .values({ site_day: day.siteDay, server_seed: day.serverSeed, server_seed_hash: day.serverSeedHash })
    .onConflict((conflict) => conflict.column('site_day').doNothing())
    .returning('site_day')
    .executeTakeFirst();
  if (!inserted) return;
  await trx
    .insertInto('coin_spin_prize')
    .values(
      day.prizes.map((prize, index) => ({
        site_day: day.siteDay,
        prize_index: index,
        coins: prize.coins,
        cash: prize.cash,
        count: prize.count,
        remaining: prize.count,
      })),
    )
    .execute();
}

export function findDay(db: Db, siteDay: string) {
  return db
    .selectFrom('coin_spin_day')
    .select(['site_day', 'server_seed', 'server_seed_hash', 'spins'])
    .where('site_day', '=', siteDay)
    .executeTakeFirst();
}

/** The day's row, locked: spins of one day are drawn one after the other, each on the pool the last left. */
export function lockDay(trx: Transaction<Database>, siteDay: string) {
  return trx
    .selectFrom('coin_spin_day')
    .select(['site_day', 'server_seed', 'server_seed_hash', 'spins'])
    .where('site_day', '=', siteDay)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function findPrizes(db: Db, siteDay: string) {
  const rows = await db
    .selectFrom('coin_spin_prize')
    .select(['prize_index', 'coins', 'cash', 'count', 'remaining'])
    .where('site_day', '=', siteDay)
    .orderBy('prize_index')
    .execute();
  return rows.map((row) => ({
    index: row.prize_index,
    coins: row.coins,
    cash: row.cash,
    count: row.count,
    remaining: row.remaining,
  }));
}

/** One entry of a prize taken from the pool; false when none is left (never below 0). */
export async function takePrize(
  trx: Transaction<Database>,
  siteDay: string,
  index: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('coin_spin_prize')
    .set({ remaining: sql`remaining - 1` })
    .where('site_day', '=', siteDay)
    .where('prize_index', '=', index)
    .where('remaining', '>=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countSpin(trx: Transaction<Database>, siteDay: string): Promise<void> {
  await trx
    .updateTable('coin_spin_day')
    .set({ spins: sql`spins + 1` })
    .where('site_day', '=', siteDay)
    .execute();
}

export async function hasSpun(db: Db, memberId: number, siteDay: string): Promise<boolean> {
  const row = await db
    .selectFrom('coin_spin')
    .select('member_id')
    .where('member_id', '=', memberId)
    .where('site_day', '=', siteDay)
    .executeTakeFirst();
  return row !== undefined;
}

/** The spin row; undefined when the member already spun that day (the exactly-once key). */
export async function insertSpin(
  trx: Transaction<Database>,
  spin: {
    memberId: number;
    siteDay: string;
    prizeIndex: number;
    coins: number;
    cash: number;
    clientSeed: string;
    nonce: number;
    remainingBefore: number[];
  },
): Promise<{ id: number; created_at: Date } | undefined> {
  return trx
    .insertInto('coin_spin')
    .values({
      member_id: spin.memberId,
      site_day: spin.siteDay,
      prize_index: spin.prizeIndex,
      coins: spin.coins,
      cash: spin.cash,
      client_seed: spin.clientSeed,
      nonce: spin.nonce,
      remaining_before: spin.remainingBefore,
    })
    .onConflict((conflict) => conflict.columns(['member_id', 'site_day']).doNothing())
    .returning(['id', 'created_at'])
    .executeTakeFirst();
}

export async function setSpinTransaction(trx: Transaction<Database>, id: number, transactionId: number) {
  await trx.updateTable('coin_spin').set({ transaction_id: transactionId }).where('id', '=', id).execute();
}

/** The member's spins, newest first, with their day's seed. */
export function findSpins(db: Db, memberId: number, limit: number) {
  return db
    .selectFrom('coin_spin')
    .innerJoin('coin_spin_day', 'coin_spin_day.site_day', 'coin_spin.site_day')
    .select([
      'coin_spin.id',
      'coin_spin.site_day',
      'coin_spin.prize_index',
      'coin_spin.coins',
      'coin_spin.cash',
      'coin_spin.client_seed',
      'coin_spin.nonce',
      'coin_spin.remaining_before',
      'coin_spin.created_at',
      'coin_spin_day.server_seed',
      'coin_spin_day.server_seed_hash',
    ])
    .where('coin_spin.member_id', '=', memberId)
    .orderBy('coin_spin.site_day', 'desc')
    .limit(limit)
    .execute();
}
