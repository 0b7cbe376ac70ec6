import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

type Db = Kysely<Database>;

export async function findKyc(db: Db, memberId: number) {
  return db.selectFrom('member_kyc').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

/** Saves a submission for review; a verified record is never overwritten (the WHERE keeps it). */
export async function saveSubmission(
  db: Db,
  memberId: number,
  fields: Record<string, string>,
): Promise<boolean> {
  const row = await db
    .insertInto('member_kyc')
    .values({ member_id: memberId, status: 'pending', fields })
    .onConflict((conflict) =>
      conflict
        .column('member_id')
        .doUpdateSet({ status: 'pending', fields, submitted_at: sql<Date>`now()`, reviewed_at: null })
        .where('member_kyc.status', '<>', 'verified'),
    )
    .returning('member_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findKycs(db: Db, memberIds: number[]) {
  if (memberIds.length === 0) return [];
  return db
    .selectFrom('member_kyc')
    .select(['member_id', 'fields'])
    .where('member_id', 'in', memberIds)
    .execute();
}
