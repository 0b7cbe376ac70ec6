import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

type Db = Kysely<Database>;

const COLUMNS = ['id', 'from_asset', 'from_amount', 'cash', 'withdrawable'] as const;

/** The options a member may use now, in the operator's order. */
export function findEnabledOptions(db: Db) {
  return db
    .selectFrom('exchange_option')
    .select(COLUMNS)
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** One enabled option; a disabled or unknown one is undefined. */
export function findEnabledOption(db: Db, id: number) {
  return db
    .selectFrom('exchange_option')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('enabled', '=', true)
    .executeTakeFirst();
}
