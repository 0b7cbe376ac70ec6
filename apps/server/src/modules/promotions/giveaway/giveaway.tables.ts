import type { ColumnType } from 'kysely';

/** How many gifts a giveaway has given (migration 0044). */
export type GiveawayStockTable = {
  giveaway_id: number;
  given: ColumnType<number, number | undefined, number>;
};

/** A member's one gift of a giveaway (primary key giveaway, member). */
export type GiveawayGiftTable = {
  giveaway_id: number;
  member_id: number;
  coins: number;
  diamonds: number;
  cash: number;
  created_at: ColumnType<Date, Date | undefined, never>;
};

/** The giveaway module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type GiveawayTables = {
  giveaway_stock: GiveawayStockTable;
  giveaway_gift: GiveawayGiftTable;
};
