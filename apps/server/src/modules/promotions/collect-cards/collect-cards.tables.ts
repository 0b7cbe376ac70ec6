import type { Generated } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

/** A member's set in progress in one collect-cards activity (migration 0070). */
export type CollectCardsMemberTable = {
  activity_id: number;
  member_id: number;
  /** The card numbers held (1 = the first light), ascending, each once. */
  cards: Generated<number[]>;
  chances: Generated<number>;
  sets: Generated<number>;
  updated_at: Generated<Date>;
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
  created_at: SetAtInsert<Date>;
};

export type CollectCardsSeedTable = {
  member_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: Generated<number>;
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
  gift: Generated<number>;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  weights: number[];
  created_at: SetAtInsert<Date>;
};

/** One completed set and its payment (migration 0070). */
export type CollectCardsGiftTable = {
  activity_id: number;
  member_id: number;
  set_no: number;
  amount: number;
  draw_id: number;
  transaction_id: number;
  created_at: SetAtInsert<Date>;
};

/** The collect-cards module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type CollectCardsTables = {
  collect_cards_member: CollectCardsMemberTable;
  collect_cards_chance: CollectCardsChanceTable;
  collect_cards_seed: CollectCardsSeedTable;
  collect_cards_draw: CollectCardsDrawTable;
  collect_cards_gift: CollectCardsGiftTable;
};
