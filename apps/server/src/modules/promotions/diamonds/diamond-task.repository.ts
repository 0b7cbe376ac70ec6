import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type DayProgress = { staked: number; deposited: number };

/**
 * Adds a batch's stakes and deposits to members' days, in one statement (rows in member and day order, so
 * two batches never deadlock). A day's stake never goes below zero (a rollback of a stake counted on the
 * day before).
 */
export async function addProgress(
  trx: Transaction<Database>,
  rows: { memberId: number; day: string; staked: number; deposited: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) => a.memberId - b.memberId || a.day.localeCompare(b.day));
  await trx
    .insertInto('diamond_task_progress')
    .values(
      sorted.map((row) => ({
        member_id: row.memberId,
        day: row.day,
        staked: row.staked,
        deposited: row.deposited,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['member_id', 'day']).doUpdateSet({
        staked: sql<number>`greatest(0, diamond_task_progress.staked + excluded.staked)`,
        deposited: sql<number>`diamond_task_progress.deposited + excluded.deposited`,
      }),
    )
    .execute();
}

export async function findProgress(db: Db, memberId: number, day: string): Promise<DayProgress> {
  const row = await db
    .selectFrom('diamond_task_progress')
    .select(['staked', 'deposited'])
    .where('member_id', '=', memberId)
    .where('day', '=', day)
    .executeTakeFirst();
  // A day whose first fact was a rollback (of a stake counted the day before) reads as zero.
  return { staked: Math.max(0, Number(row?.staked ?? 0)), deposited: Number(row?.deposited ?? 0) };
}

export async function findClaims(db: Db, memberId: number, day: string) {
  return db
    .selectFrom('diamond_task_claim')
    .select(['task_id', 'created_at'])
    .where('member_id', '=', memberId)
    .where('day', '=', day)
    .execute();
}

/** The claim row, unless one exists (then undefined: the task was already collected). */
export async function insertClaim(
  trx: Transaction<Database>,
  claim: { memberId: number; day: string; taskId: number; type: number; target: number; bonus: number },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('diamond_task_claim')
    .values({
      member_id: claim.memberId,
      day: claim.day,
      task_id: claim.taskId,
      type: claim.type,
      target: claim.target,
      bonus: claim.bonus,
      transaction_id: 0,
    })
    .onConflict((conflict) => conflict.columns(['member_id', 'day', 'task_id']).doNothing())
    .returning('task_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function setClaimTransaction(
  trx: Transaction<Database>,
  claim: { memberId: number; day: string; taskId: number; transactionId: number },
): Promise<void> {
  await trx
    .updateTable('diamond_task_claim')
    .set({ transaction_id: claim.transactionId })
    .where('member_id', '=', claim.memberId)
    .where('day', '=', claim.day)
    .where('task_id', '=', claim.taskId)
    .execute();
}

export async function findClaimPage(db: Db, memberId: number, page: { page: number; size: number }) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('diamond_task_claim')
      .select(['day', 'task_id', 'type', 'target', 'bonus', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .orderBy('task_id')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    db
      .selectFrom('diamond_task_claim')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}
