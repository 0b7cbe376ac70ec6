import { sql, type Kysely, type Transaction } from 'kysely';
import { generateClientSeed, generateServerSeed, hashServerSeed } from '@app/fair/stream';
import type { CollectCardsChanceSource, Database } from '../../../db/schema.ts';

/** The collect-cards tables (migration 0070). */
type Db = Kysely<Database> | Transaction<Database>;

export type MemberRow = { cards: number[]; chances: number; sets: number };

/** The member's set in an activity, or an empty one when they have none yet. */
export async function findMember(db: Db, activityId: number, memberId: number): Promise<MemberRow> {
  const row = await db
    .selectFrom('collect_cards_member')
    .select(['cards', 'chances', 'sets'])
    .where('activity_id', '=', activityId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row
    ? { cards: row.cards.map(Number), chances: row.chances, sets: row.sets }
    : { cards: [], chances: 0, sets: 0 };
}

/**
 * The member's row in the activity, made on first use and locked: every change of a member's chances and
 * cards takes this lock first, so one member's requests take turns (and never deadlock with each other).
 */
export async function lockMember(
  trx: Transaction<Database>,
  activityId: number,
  memberId: number,
): Promise<MemberRow> {
  await trx
    .insertInto('collect_cards_member')
    .values({ activity_id: activityId, member_id: memberId })
    .onConflict((conflict) => conflict.columns(['activity_id', 'member_id']).doNothing())
    .execute();
  const row = await trx
    .selectFrom('collect_cards_member')
    .select(['cards', 'chances', 'sets'])
    .where('activity_id', '=', activityId)
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { cards: row.cards.map(Number), chances: row.chances, sets: row.sets };
}

/**
 * A grant of chances, once per (source, ref): true when this call made it (and the member's chances rose),
 * false when the grant already existed (nothing changes).
 */
export async function grantChances(
  trx: Transaction<Database>,
  grant: {
    activityId: number;
    memberId: number;
    source: CollectCardsChanceSource;
    ref: string;
    chances: number;
    transactionId?: number;
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('collect_cards_chance')
    .values({
      activity_id: grant.activityId,
      member_id: grant.memberId,
      source: grant.source,
      ref: grant.ref,
      chances: grant.chances,
      transaction_id: grant.transactionId ?? null,
    })
    .onConflict((conflict) => conflict.columns(['source', 'ref']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await trx
    .updateTable('collect_cards_member')
    .set({ chances: sql<number>`chances + ${grant.chances}`, updated_at: sql<Date>`now()` })
    .where('activity_id', '=', grant.activityId)
    .where('member_id', '=', grant.memberId)
    .execute();
  return true;
}

export async function findChance(db: Db, source: CollectCardsChanceSource, ref: string) {
  return db
    .selectFrom('collect_cards_chance')
    .select(['activity_id', 'member_id', 'chances'])
    .where('source', '=', source)
    .where('ref', '=', ref)
    .executeTakeFirst();
}

/**
 * A chance used and the set after the draw (cards, sets completed): `chances > 0` in the UPDATE, so a
 * chance is never used twice even if a caller forgot the lock. False when no chance was left.
 */
export async function useChance(
  trx: Transaction<Database>,
  activityId: number,
  memberId: number,
  after: { cards: number[]; sets: number },
): Promise<boolean> {
  const updated = await trx
    .updateTable('collect_cards_member')
    .set({
      chances: sql<number>`chances - 1`,
      cards: sql<number[]>`${sql.val(after.cards)}::smallint[]`,
      sets: after.sets,
      updated_at: sql<Date>`now()`,
    })
    .where('activity_id', '=', activityId)
    .where('member_id', '=', memberId)
    .where('chances', '>', 0)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** The member's committed seed pair, made on first use (then locked when `forUpdate`). */
export async function seedsOf(db: Db, memberId: number, { forUpdate = false } = {}) {
  const serverSeed = generateServerSeed();
  await db
    .insertInto('collect_cards_seed')
    .values({
      member_id: memberId,
      server_seed: serverSeed,
      server_seed_hash: hashServerSeed(serverSeed),
      client_seed: generateClientSeed(),
    })
    .onConflict((conflict) => conflict.column('member_id').doNothing())
    .execute();
  let query = db.selectFrom('collect_cards_seed').selectAll().where('member_id', '=', memberId);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

/** After a draw: the used seed is revealed (in the draw), a new one is committed, the nonce moves on. */
export async function commitNextSeed(trx: Transaction<Database>, memberId: number, clientSeed: string) {
  const serverSeed = generateServerSeed();
  return trx
    .updateTable('collect_cards_seed')
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

const DRAW_COLUMNS = [
  'id',
  'activity_id',
  'card',
  'duplicate',
  'completed',
  'gift',
  'server_seed',
  'server_seed_hash',
  'client_seed',
  'nonce',
  'weights',
  'created_at',
] as const;

export async function findDrawByKey(db: Db, memberId: number, requestKey: string) {
  return db
    .selectFrom('collect_cards_draw')
    .select(DRAW_COLUMNS)
    .where('member_id', '=', memberId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
}

export type DrawRow = NonNullable<Awaited<ReturnType<typeof findDrawByKey>>>;

export async function insertDraw(
  trx: Transaction<Database>,
  draw: {
    activityId: number;
    memberId: number;
    requestKey: string;
    card: number;
    duplicate: boolean;
    completed: boolean;
    serverSeed: string;
    serverSeedHash: string;
    clientSeed: string;
    nonce: number;
    weights: number[];
  },
): Promise<DrawRow> {
  return trx
    .insertInto('collect_cards_draw')
    .values({
      activity_id: draw.activityId,
      member_id: draw.memberId,
      request_key: draw.requestKey,
      card: draw.card,
      duplicate: draw.duplicate,
      completed: draw.completed,
      server_seed: draw.serverSeed,
      server_seed_hash: draw.serverSeedHash,
      client_seed: draw.clientSeed,
      nonce: draw.nonce,
      weights: sql<number[]>`${sql.val(draw.weights)}::integer[]`,
    })
    .returning(DRAW_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function setDrawGift(trx: Transaction<Database>, drawId: number, gift: number): Promise<void> {
  await trx.updateTable('collect_cards_draw').set({ gift }).where('id', '=', drawId).execute();
}

export async function findDraws(db: Db, memberId: number, limit: number): Promise<DrawRow[]> {
  return db
    .selectFrom('collect_cards_draw')
    .select(DRAW_COLUMNS)
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The set's gift row: the primary key (activity, member, set number) is what pays a set once; false when
 * it already existed (the caller then pays nothing).
 */
export async function insertGift(
  trx: Transaction<Database>,
  gift: {
    activityId: number;
    memberId: number;
    setNo: number;
    amount: number;
    drawId: number;
    transactionId: number;
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('collect_cards_gift')
    .values({
      activity_id: gift.activityId,
      member_id: gift.memberId,
      set_no: gift.setNo,
      amount: gift.amount,
      draw_id: gift.drawId,
      transaction_id: gift.transactionId,
    })
    .onConflict((conflict) => conflict.columns(['activity_id', 'member_id', 'set_no']).doNothing())
    .returning('set_no')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findGifts(db: Db, memberId: number, limit: number) {
  return db
    .selectFrom('collect_cards_gift')
    .select(['activity_id', 'set_no', 'amount', 'created_at'])
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('set_no', 'desc')
    .limit(limit)
    .execute();
}

/** The activity's latest completed sets (the notices). */
export async function findRecentGifts(db: Db, activityId: number, limit: number) {
  return db
    .selectFrom('collect_cards_gift')
    .select(['member_id', 'amount', 'created_at'])
    .where('activity_id', '=', activityId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
