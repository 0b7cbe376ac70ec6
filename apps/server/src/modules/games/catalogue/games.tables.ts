import type { ColumnType, Generated } from 'kysely';
import type { SetAtInsert, TranslationsColumn } from '../../../db/columns.ts';

export type GameSource = 'inhouse' | 'provider';

export type GameMode = 'launch' | 'demo';

export type GameTable = {
  id: Generated<number>;
  code: string;
  name: string;
  supplier_id: string;
  source: GameSource;
  provider: string | null;
  cover: Generated<string>;
  large_cover: Generated<string>;
  has_demo: Generated<boolean>;
  label: Generated<number>;
  min_stake: number;
  max_stake: number;
  rtp: number;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  translations: TranslationsColumn;
};

export type GameCategoryTable = {
  id: Generated<number>;
  slug: string;
  name: string;
  cover: Generated<string>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  translations: TranslationsColumn;
};

export type GameCategoryGameTable = {
  category_id: number;
  game_id: number;
  sort: Generated<number>;
  sticky: Generated<boolean>;
};

export type GameSessionTable = {
  id: Generated<number>;
  token_hash: string;
  member_id: number | null;
  member_session_id: number | null;
  game_id: number;
  mode: GameMode;
  currency: string;
  demo_balance: number | null;
  created_at: SetAtInsert<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Date;
  closed_at: Date | null;
};

export type GameRoundState = 'open' | 'settled' | 'refunded' | 'cancelled';

export type GameRoundTable = {
  id: Generated<number>;
  game_id: number;
  member_id: number | null;
  session_id: number | null;
  mode: GameMode;
  seed_pair_id: number | null;
  nonce: number | null;
  crash_round_id: number | null;
  provider_round: string | null;
  stake: Generated<number>;
  payout: Generated<number>;
  multiplier: number | null;
  state: GameRoundState;
  options: ColumnType<Record<string, unknown>, Record<string, unknown> | undefined, Record<string, unknown>>;
  outcome: ColumnType<unknown, unknown, unknown>;
  bet_transaction_id: number | null;
  win_transaction_id: number | null;
  refund_transaction_id: number | null;
  created_at: SetAtInsert<Date>;
  settled_at: Date | null;
  /** A round that waits for the player's moves (mines): one open per player and game (migration 0023). */
  awaits_player: Generated<boolean>;
};

/** The games module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type GamesTables = {
  game: GameTable;
  game_category: GameCategoryTable;
  game_category_game: GameCategoryGameTable;
  game_session: GameSessionTable;
  game_round: GameRoundTable;
};
