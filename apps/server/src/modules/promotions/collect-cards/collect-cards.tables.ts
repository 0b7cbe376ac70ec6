import type { ColumnType, Generated } from 'kysely';

/** A member's set in progress in one collect-cards activity (migration 0070). */
export type CollectCardsMemberTable = {
  activity_id: number;
  member_id: number;
  /** The card numbers held (1 = the first light), ascending, each once. */
  cards: ColumnType<number[], number[] | undefined, number[]>;
  chances: ColumnType<number, number | undefined, number>;
  sets: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

export type CollectCardsChanceSource = 'free' | 'deposit' | 'bought';

/** One grant of collect-cards chances, unique by (source, ref) (migration 0070). */
export type CollectCardsChanceTable = {
  id: Generated<number>;
  activity_id: number;
  member_id: number;
  source: CollectCardsChanceSource;
  ref: string;
  chances: number;
  transaction_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type CollectCardsSeedTable = {
  member_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: ColumnType<number, number | undefined, number>;
};

/** One chance used: the card drawn with its seeds (migration 0070). */
export type CollectCardsDrawTable = {
  id: Generated<number>;
  activity_id: number;
  member_id: number;
  request_key: string;
  card: number;
  duplicate: boolean;
  completed: boolean;
  gift: ColumnType<number, number | undefined, number>;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  weights: number[];
  created_at: ColumnType<Date, Date | undefined, never>;
};

/** One completed set and its payment (migration 0070). */
export type CollectCardsGiftTable = {
  activity_id: number;
  member_id: number;
  set_no: number;
  amount: number;
  draw_id: number;
  transaction_id: number;
  created_at: ColumnType<Date, Date | undefined, never>;
};

/** The collect-cards module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type CollectCardsTables = {
  collect_cards_member: CollectCardsMemberTable;
  collect_cards_chance: CollectCardsChanceTable;
  collect_cards_seed: CollectCardsSeedTable;
  collect_cards_draw: CollectCardsDrawTable;
  collect_cards_gift: CollectCardsGiftTable;
};
