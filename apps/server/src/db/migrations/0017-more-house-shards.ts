import type { Kysely } from 'kysely';
import { HOUSE_SHARDS as FIRST_HOUSE_SHARDS } from './0009-house-shards.ts';

/**
 * The house in 256 accounts instead of 16 ('house:16' … 'house:255' added). With 16, two of 32 concurrent
 * bets met on the same shard often enough that row-lock waits were the largest share of a bet's time in
 * bench:wallet (sampled from pg_stat_activity: Lock:transactionid beside the WAL flush); with 1024 they all
 * but vanished. 256 keeps the chance of two bets meeting low at the 32 to 128 concurrent players the
 * budgets name, while a house total stays a sum over a few hundred rows.
 *
 * A member's shard is `memberId % HOUSE_SHARDS`, so members move to other shards from this migration on:
 * harmless, since every shard is the same house and only their sum has a meaning.
 */
export const HOUSE_SHARDS = 256;

const addedShards = () =>
  Array.from(
    { length: HOUSE_SHARDS - FIRST_HOUSE_SHARDS },
    (_, index) => `house:${FIRST_HOUSE_SHARDS + index}`,
  );

export async function up(db: Kysely<unknown>): Promise<void> {
  await db
    .insertInto('ledger_account' as never)
    .values(addedShards().map((code) => ({ code, kind: 'house', overdraft: true })) as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db
    .deleteFrom('ledger_account' as never)
    .where('code' as never, 'in', addedShards() as never)
    .execute();
}
