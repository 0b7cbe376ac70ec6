import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A member's money totals in minor units (`member_money_total`), and how many bets. */
export type MoneyTotals = {
  bets: number;
  staked: number;
  won: number;
  rolledBack: number;
  deposited: number;
  withdrawn: number;
};

type Db = Kysely<Database> | Transaction<Database>;

/** Adds to members' totals in one statement (members in id order, so concurrent adds never deadlock). */
export async function addMoneyTotals(db: Db, totals: Map<number, MoneyTotals>): Promise<void> {
  if (totals.size === 0) return;
  const rows = [...totals].sort(([a], [b]) => a - b);
  await db
    .insertInto('member_money_total')
    .values(
      rows.map(([memberId, added]) => ({
        member_id: memberId,
        bets: added.bets,
        staked: added.staked,
        won: added.won,
        rolled_back: added.rolledBack,
        deposited: added.deposited,
        withdrawn: added.withdrawn,
      })),
    )
    .onConflict((conflict) =>
      conflict.column('member_id').doUpdateSet({
        bets: sql<number>`member_money_total.bets + excluded.bets`,
        staked: sql<number>`member_money_total.staked + excluded.staked`,
        won: sql<number>`member_money_total.won + excluded.won`,
        rolled_back: sql<number>`member_money_total.rolled_back + excluded.rolled_back`,
        deposited: sql<number>`member_money_total.deposited + excluded.deposited`,
        withdrawn: sql<number>`member_money_total.withdrawn + excluded.withdrawn`,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
}

export async function findMoneyTotals(db: Db, memberId: number): Promise<MoneyTotals | undefined> {
  const row = await db
    .selectFrom('member_money_total')
    .select(['bets', 'staked', 'won', 'rolled_back', 'deposited', 'withdrawn'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return (
    row && {
      bets: Number(row.bets),
      staked: Number(row.staked),
      won: Number(row.won),
      rolledBack: Number(row.rolled_back),
      deposited: Number(row.deposited),
      withdrawn: Number(row.withdrawn),
    }
  );
}
