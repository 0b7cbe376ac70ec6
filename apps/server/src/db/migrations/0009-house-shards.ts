import type { Kysely } from 'kysely';

/**
 * The house as 16 accounts ('house:0' … 'house:15'), each player's bets and wins going to the one their
 * member id picks: one house row serialised every bet in the system behind a single lock
 * (reliability-and-performance.md §1.5 "Hot rows"; docs/benchmarks.md). The house's total is their sum.
 */
export const HOUSE_SHARDS = 16;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db
    .insertInto('ledger_account' as never)
    .values(
      Array.from({ length: HOUSE_SHARDS }, (_, shard) => ({
        code: `house:${shard}`,
        kind: 'house',
        overdraft: true,
      })) as never,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db
    .deleteFrom('ledger_account' as never)
    .where('code' as never, 'like', 'house:%' as never)
    .execute();
}
