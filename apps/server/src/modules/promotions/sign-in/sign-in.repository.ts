import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { LastClaim } from './sign-in.rules.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The member's latest claim on or before `today` (site days sort as text). */
export async function findLatestClaim(
  db: Db,
  memberId: number,
  today: string,
): Promise<LastClaim | undefined> {
  const row = await db
    .selectFrom('sign_in_claim')
    .select(['site_day', 'cycle_day'])
    .where('member_id', '=', memberId)
    .where('site_day', '<=', today)
    .orderBy('site_day', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { siteDay: row.site_day, cycleDay: row.cycle_day };
}

/** Whether the member has claimed on `day`. */
export async function hasClaimed(db: Db, memberId: number, day: string): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_claim')
    .select('member_id')
    .where('member_id', '=', memberId)
    .where('site_day', '=', day)
    .executeTakeFirst();
  return row !== undefined;
}

/** The claim row; false when the member already has one for that day (the exactly-once key). */
export async function insertClaim(
  trx: Transaction<Database>,
  claim: { memberId: number; siteDay: string; cycleDay: number; asset: string; amount: number },
): Promise<boolean> {
  const result = await trx
    .insertInto('sign_in_claim')
    .values({
      member_id: claim.memberId,
      site_day: claim.siteDay,
      cycle_day: claim.cycleDay,
      asset: claim.asset,
      amount: claim.amount,
    })
    .onConflict((conflict) => conflict.columns(['member_id', 'site_day']).doNothing())
    .returning('site_day')
    .executeTakeFirst();
  return result !== undefined;
}

export async function setClaimTransaction(
  trx: Transaction<Database>,
  claim: { memberId: number; siteDay: string; transactionId: number },
): Promise<void> {
  await trx
    .updateTable('sign_in_claim')
    .set({ transaction_id: claim.transactionId })
    .where('member_id', '=', claim.memberId)
    .where('site_day', '=', claim.siteDay)
    .execute();
}
