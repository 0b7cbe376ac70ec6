import type { ColumnType, Generated } from 'kysely';
import type { TranslationsColumn } from '../../../db/columns.ts';

export type GameSource = 'inhouse' | 'provider';

export type GameMode = 'launch' | 'demo';

export type GameTable = {
  id: Generated<number>;
  code: string;
  name: string;
  supplier_id: string;
  source: GameSource;
  provider: string | null;
  cover: ColumnType<string, string | undefined, string>;
  large_cover: ColumnType<string, string | undefined, string>;
  has_demo: ColumnType<boolean, boolean | undefined, boolean>;
  label: ColumnType<number, number | undefined, number>;
  min_stake: number;
  max_stake: number;
  rtp: number;
  sort: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  translations: TranslationsColumn;
};

export type GameCategoryTable = {
  id: Generated<number>;
  slug: string;
  name: string;
  cover: ColumnType<string, string | undefined, string>;
  sort: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  translations: TranslationsColumn;
};

export type GameCategoryGameTable = {
  category_id: number;
  game_id: number;
  sort: ColumnType<number, number | undefined, number>;
  sticky: ColumnType<boolean, boolean | undefined, boolean>;
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
  created_at: ColumnType<Date, Date | undefined, never>;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
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
  stake: ColumnType<number, number | undefined, number>;
  payout: ColumnType<number, number | undefined, number>;
  multiplier: number | null;
  state: GameRoundState;
  options: ColumnType<Record<string, unknown>, Record<string, unknown> | undefined, Record<string, unknown>>;
  outcome: ColumnType<unknown, unknown, unknown>;
  bet_transaction_id: number | null;
  win_transaction_id: number | null;
  refund_transaction_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  settled_at: Date | null;
  /** A round that waits for the player's moves (mines): one open per player and game (migration 0023). */
  awaits_player: ColumnType<boolean, boolean | undefined, boolean>;
};

/** The games module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type GamesTables = {
  game: GameTable;
  game_category: GameCategoryTable;
  game_category_game: GameCategoryGameTable;
  game_session: GameSessionTable;
  game_round: GameRoundTable;
};
