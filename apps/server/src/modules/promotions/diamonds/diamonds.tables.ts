import type { ColumnType, Generated } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

export type DiamondTaskProgressTable = {
  member_id: number;
  day: ColumnType<string, string, string>;
  staked: Generated<number>;
  deposited: Generated<number>;
};

export type DiamondTaskClaimTable = {
  member_id: number;
  day: ColumnType<string, string, string>;
  task_id: number;
  type: number;
  target: number;
  bonus: number;
  transaction_id: number;
  created_at: SetAtInsert<Date>;
};

export type DiamondSpinSeedTable = {
  member_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: Generated<number>;
};

export type DiamondSpinPoolTable = {
  day: string;
  segment_id: number;
  published: number;
  remaining: number;
};

export type DiamondSpinBetTable = {
  id: Generated<number>;
  member_id: number;
  request_key: string;
  day: string;
  option_index: number;
  cost: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  weights: ColumnType<number[], string, string>;
  /** Per spin: the segment landed on and whether its prize was paid (false: its daily pool was empty). */
  spins: ColumnType<{ segment: number; paid: boolean }[], string, string>;
  coins: number;
  diamonds: number;
  cash: number;
  created_at: SetAtInsert<Date>;
};

/** The diamonds module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type DiamondsTables = {
  diamond_task_progress: DiamondTaskProgressTable;
  diamond_task_claim: DiamondTaskClaimTable;
  diamond_spin_seed: DiamondSpinSeedTable;
  diamond_spin_pool: DiamondSpinPoolTable;
  diamond_spin_bet: DiamondSpinBetTable;
};
