import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { GiveawayGift } from '@app/contracts/giveaway';

type Db = Kysely<Database> | Transaction<Database>;

export async function countGiven(db: Db, giveawayId: number): Promise<number> {
  const row = await db
    .selectFrom('giveaway_stock')
    .select('given')
    .where('giveaway_id', '=', giveawayId)
    .executeTakeFirst();
  return row?.given ?? 0;
}

/** One gift of the budget, if any is left: a conditional update, so parallel takers never exceed it. */
export async function takeFromStock(
  trx: Transaction<Database>,
  giveawayId: number,
  budget: number,
): Promise<boolean> {
  await trx
    .insertInto('giveaway_stock')
    .values({ giveaway_id: giveawayId })
    .onConflict((conflict) => conflict.column('giveaway_id').doNothing())
    .execute();
  const row = await trx
    .updateTable('giveaway_stock')
    .set((eb) => ({ given: eb('given', '+', 1) }))
    .where('giveaway_id', '=', giveawayId)
    .where('given', '<', budget)
    .returning('given')
    .executeTakeFirst();
  return row !== undefined;
}

/** The member's gift row; false when the member already has this giveaway's gift. */
export async function insertGift(
  trx: Transaction<Database>,
  giveawayId: number,
  memberId: number,
  gift: GiveawayGift,
): Promise<boolean> {
  const row = await trx
    .insertInto('giveaway_gift')
    .values({ giveaway_id: giveawayId, member_id: memberId, ...gift })
    .onConflict((conflict) => conflict.columns(['giveaway_id', 'member_id']).doNothing())
    .returning('member_id')
    .executeTakeFirst();
  return row !== undefined;
}
