import type { Generated } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

/** How many gifts a giveaway has given (migration 0044). */
export type GiveawayStockTable = {
  giveaway_id: number;
  given: Generated<number>;
};

/** A member's one gift of a giveaway (primary key giveaway, member). */
export type GiveawayGiftTable = {
  giveaway_id: number;
  member_id: number;
  coins: number;
  diamonds: number;
  cash: number;
  created_at: SetAtInsert<Date>;
};

/** The giveaway module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type GiveawayTables = {
  giveaway_stock: GiveawayStockTable;
  giveaway_gift: GiveawayGiftTable;
};
