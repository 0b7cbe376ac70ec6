import type { ColumnType, Generated } from 'kysely';

export type CoinSpinDayTable = {
  site_day: ColumnType<string, string, never>;
  server_seed: string;
  server_seed_hash: string;
  spins: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type CoinSpinPrizeTable = {
  site_day: ColumnType<string, string, never>;
  prize_index: number;
  coins: ColumnType<number, number, never>;
  cash: ColumnType<number, number, never>;
  count: number;
  remaining: number;
};

export type CoinSpinTable = {
  id: Generated<number>;
  member_id: number;
  site_day: ColumnType<string, string, never>;
  prize_index: number;
  coins: ColumnType<number, number, never>;
  cash: ColumnType<number, number, never>;
  client_seed: string;
  nonce: number;
  remaining_before: ColumnType<number[], number[], never>;
  transaction_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
};

/** The coin-spin module's tables: declaring them here makes this module their owner (db/table-owners.ts); its plug carries them to db/schema.ts. */
export type CoinSpinTables = {
  coin_spin_day: CoinSpinDayTable;
  coin_spin_prize: CoinSpinPrizeTable;
  coin_spin: CoinSpinTable;
};
