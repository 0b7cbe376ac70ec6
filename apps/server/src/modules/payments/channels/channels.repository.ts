import type { Kysely, Transaction } from 'kysely';
import type { Database, PayChannelDirection } from '../../../db/schema.ts';

/**
 * Pay channels are one table serving two modules (deposit and withdraw, told apart by `direction`): its
 * SQL lives here once, so both read channels the same way.
 */
type Db = Kysely<Database> | Transaction<Database>;

export function findEnabledChannels(db: Db, direction: PayChannelDirection) {
  return db
    .selectFrom('pay_channel')
    .selectAll()
    .where('direction', '=', direction)
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** One channel of a direction, enabled or not (an order keeps pointing at a channel switched off later). */
export function findChannel(db: Db, direction: PayChannelDirection, id: number) {
  return db
    .selectFrom('pay_channel')
    .selectAll()
    .where('id', '=', id)
    .where('direction', '=', direction)
    .executeTakeFirst();
}
