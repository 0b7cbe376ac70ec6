import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';

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

/** An operator's settings of a programme (`promotion_programme`), if any were saved. */
export async function findProgrammeRow(
  db: Db,
  code: string,
): Promise<{ enabled: boolean; settings: unknown } | undefined> {
  return db
    .selectFrom('promotion_programme')
    .select(['enabled', 'settings'])
    .where('code', '=', code)
    .executeTakeFirst();
}

export async function saveProgrammeRow(
  db: Db,
  row: { code: string; enabled: boolean; settings: Record<string, unknown> },
): Promise<void> {
  const settings = JSON.stringify(row.settings);
  await db
    .insertInto('promotion_programme')
    .values({ code: row.code, enabled: row.enabled, settings })
    .onConflict((conflict) =>
      conflict.column('code').doUpdateSet({ enabled: row.enabled, settings, updated_at: new Date() }),
    )
    .execute();
}
