import { sql, type Kysely, type Transaction } from 'kysely';
import { generateClientSeed, generateServerSeed, hashServerSeed } from '@app/fair/stream';
import type { Database } from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The member's committed seed pair, made on first use (then locked when `forUpdate`). */
export async function seedsOf(db: Db, memberId: number, { forUpdate = false } = {}) {
  const serverSeed = generateServerSeed();
  await db
    .insertInto('diamond_spin_seed')
    .values({
      member_id: memberId,
      server_seed: serverSeed,
      server_seed_hash: hashServerSeed(serverSeed),
      client_seed: generateClientSeed(),
    })
    .onConflict((conflict) => conflict.column('member_id').doNothing())
    .execute();
  let query = db.selectFrom('diamond_spin_seed').selectAll().where('member_id', '=', memberId);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

/** After a bet: the used seed is revealed (in the bet), a new one is committed, the nonce moves on. */
export async function commitNextSeed(trx: Transaction<Database>, memberId: number, clientSeed: string) {
  const serverSeed = generateServerSeed();
  return trx
    .updateTable('diamond_spin_seed')
    .set({
      server_seed: serverSeed,
      server_seed_hash: hashServerSeed(serverSeed),
      client_seed: clientSeed,
      nonce: sql<number>`nonce + 1`,
    })
    .where('member_id', '=', memberId)
    .returning(['server_seed_hash', 'client_seed', 'nonce'])
    .executeTakeFirstOrThrow();
}

export async function findBetByKey(db: Db, memberId: number, requestKey: string) {
  return db
    .selectFrom('diamond_spin_bet')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
}

/** Today's pool rows for the prizes that have a pool (a row per segment, from the settings of its first use). */
export async function openPools(
  trx: Transaction<Database>,
  day: string,
  pools: { segmentId: number; size: number }[],
): Promise<void> {
  if (pools.length === 0) return;
  await trx
    .insertInto('diamond_spin_pool')
    .values(
      pools.map((pool) => ({ day, segment_id: pool.segmentId, published: pool.size, remaining: pool.size })),
    )
    .onConflict((conflict) => conflict.columns(['day', 'segment_id']).doNothing())
    .execute();
}

/** Takes one prize of a segment's pool: true when one was left. */
export async function takePrize(
  trx: Transaction<Database>,
  day: string,
  segmentId: number,
): Promise<boolean> {
  const taken = await trx
    .updateTable('diamond_spin_pool')
    .set({ remaining: sql<number>`remaining - 1` })
    .where('day', '=', day)
    .where('segment_id', '=', segmentId)
    .where('remaining', '>=', 1)
    .returning('remaining')
    .executeTakeFirst();
  return taken !== undefined;
}

export async function findPools(db: Db, day: string) {
  return db.selectFrom('diamond_spin_pool').selectAll().where('day', '=', day).execute();
}

export async function insertBet(
  trx: Transaction<Database>,
  bet: {
    memberId: number;
    requestKey: string;
    day: string;
    optionIndex: number;
    cost: number;
    serverSeed: string;
    serverSeedHash: string;
    clientSeed: string;
    nonce: number;
    weights: number[];
    spins: { segment: number; paid: boolean }[];
    coins: number;
    diamonds: number;
    cash: number;
  },
) {
  return trx
    .insertInto('diamond_spin_bet')
    .values({
      member_id: bet.memberId,
      request_key: bet.requestKey,
      day: bet.day,
      option_index: bet.optionIndex,
      cost: bet.cost,
      server_seed: bet.serverSeed,
      server_seed_hash: bet.serverSeedHash,
      client_seed: bet.clientSeed,
      nonce: bet.nonce,
      weights: JSON.stringify(bet.weights),
      spins: JSON.stringify(bet.spins),
      coins: bet.coins,
      diamonds: bet.diamonds,
      cash: bet.cash,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findBets(
  db: Db,
  memberId: number,
  query: { maxId?: number | undefined; limit: number },
) {
  let rows = db.selectFrom('diamond_spin_bet').selectAll().where('member_id', '=', memberId);
  if (query.maxId !== undefined) rows = rows.where('id', '<', query.maxId);
  return rows.orderBy('id', 'desc').limit(query.limit).execute();
}

export async function findWinners(db: Db, limit: number) {
  return db
    .selectFrom('diamond_spin_bet')
    .select(['member_id', 'coins', 'diamonds', 'cash', 'created_at'])
    .where(sql<boolean>`coins + diamonds + cash > 0`)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
