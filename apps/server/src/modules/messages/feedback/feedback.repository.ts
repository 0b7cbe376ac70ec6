import { sql, type Kysely, type Transaction } from 'kysely';
import { APPEAL_MAX_IMAGES, OPEN_APPEAL_STATES } from '@app/contracts/feedback';
import type { Database, DepositAppealState } from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An appeal (its deposit's number and amount are the deposit module's: the service adds them). */
function appeals(db: Db) {
  return db
    .selectFrom('deposit_appeal as a')
    .select([
      'a.id',
      'a.member_id',
      'a.deposit_order_id',
      'a.receipt',
      'a.content',
      'a.images',
      'a.state',
      'a.created_at',
      'a.updated_at',
    ]);
}
export type AppealRow = Awaited<ReturnType<ReturnType<typeof appeals>['executeTakeFirstOrThrow']>>;

export async function hasOpenAppeal(db: Db, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('deposit_appeal')
    .select('id')
    .where('deposit_order_id', '=', orderId)
    .where('state', 'in', [...OPEN_APPEAL_STATES])
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertAppeal(
  trx: Transaction<Database>,
  appeal: { memberId: number; orderId: number; receipt: string; content: string; images: string[] },
): Promise<number> {
  const row = await trx
    .insertInto('deposit_appeal')
    .values({
      member_id: appeal.memberId,
      deposit_order_id: appeal.orderId,
      receipt: appeal.receipt,
      content: appeal.content,
      images: sql<string[]>`${JSON.stringify(appeal.images)}::jsonb`,
      state: 'submitted',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertEvent(
  db: Db,
  event: { appealId: number; actor: 'member' | 'operator'; state: DepositAppealState; note: string },
): Promise<void> {
  await db
    .insertInto('deposit_appeal_event')
    .values({ appeal_id: event.appealId, actor: event.actor, state: event.state, note: event.note })
    .execute();
}

/** The member's own appeal; another member's is undefined, like a missing one. */
export function findMemberAppeal(db: Db, memberId: number, id: number) {
  return appeals(db).where('a.id', '=', id).where('a.member_id', '=', memberId).executeTakeFirst();
}

export function findAppeal(db: Db, id: number) {
  return appeals(db).where('a.id', '=', id).executeTakeFirst();
}

export function findMemberAppealsOfOrder(db: Db, memberId: number, orderId: number) {
  return appeals(db)
    .where('a.deposit_order_id', '=', orderId)
    .where('a.member_id', '=', memberId)
    .orderBy('a.id', 'desc')
    .execute();
}

export function findEvents(db: Db, appealId: number) {
  return db
    .selectFrom('deposit_appeal_event')
    .select(['id', 'actor', 'state', 'note', 'created_at'])
    .where('appeal_id', '=', appealId)
    .orderBy('id')
    .execute();
}

/** Open appeals, oldest first (the operator's queue). */
export function findOpenAppeals(db: Db, limit: number) {
  return appeals(db)
    .where('a.state', 'in', [...OPEN_APPEAL_STATES])
    .orderBy('a.id')
    .limit(limit)
    .execute();
}

/**
 * Adds a proof image (its file name) to the member's open appeal, in one conditional UPDATE so concurrent additions can
 * never pass three. Undefined when the appeal is not the member's, is answered, or is full.
 */
export async function appendImage(db: Db, memberId: number, id: number, url: string) {
  return db
    .updateTable('deposit_appeal')
    .set({
      images: sql<string[]>`images || ${JSON.stringify([url])}::jsonb`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('state', 'in', [...OPEN_APPEAL_STATES])
    .where(sql<boolean>`jsonb_array_length(images) < ${APPEAL_MAX_IMAGES}`)
    .returning('id')
    .executeTakeFirst();
}

/**
 * How an appeal records the proof image `name` (its name, or its old public address `/uploads/{name}`), when
 * one does: any appeal's, or only the member's own when `memberId` is given.
 */
export async function findRecordedProof(
  db: Db,
  name: string,
  memberId?: number,
): Promise<string | undefined> {
  const forms = [name, `/uploads/${name}`];
  let query = db
    .selectFrom('deposit_appeal')
    .select('images')
    .where((eb) =>
      eb.or(forms.map((form) => eb(sql`images`, '@>', sql<string[]>`${JSON.stringify([form])}::jsonb`))),
    );
  if (memberId !== undefined) query = query.where('member_id', '=', memberId);
  const row = await query.limit(1).executeTakeFirst();
  return row ? forms.find((form) => row.images.includes(form)) : undefined;
}

/**
 * Moves an open appeal to `state`; undefined when it is already answered (approved or rejected), so two
 * answers at the same moment cannot both win.
 */
export async function updateOpenAppealState(db: Db, id: number, state: DepositAppealState) {
  return db
    .updateTable('deposit_appeal')
    .set({ state, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('state', 'in', [...OPEN_APPEAL_STATES])
    .returning(['id', 'member_id'])
    .executeTakeFirst();
}

/** The member's open appeals of one order (to close them when M-Pesa confirms the payment). */
export function findOpenAppealIdsOfOrder(db: Db, memberId: number, orderId: number) {
  return db
    .selectFrom('deposit_appeal')
    .select('id')
    .where('deposit_order_id', '=', orderId)
    .where('member_id', '=', memberId)
    .where('state', 'in', [...OPEN_APPEAL_STATES])
    .execute();
}
