import type { ColumnType, Generated } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

export type CrashChainTable = {
  id: Generated<number>;
  seed: string;
  length: number;
  commitment: string;
  salt: string;
  created_at: SetAtInsert<Date>;
};

export type CrashRoundState = 'betting' | 'running' | 'crashed' | 'cancelled';

export type CrashRoundTable = {
  id: Generated<number>;
  chain_id: number;
  chain_index: number;
  game_hash: string;
  crash_point: number;
  state: CrashRoundState;
  betting_ends_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
};

/** Which process drives the rounds (one row, id 1): the lease, by the database's clock. */
export type CrashDriverTable = {
  id: number;
  holder: string;
  term: ColumnType<number, number, number>;
  lease_until: Date;
  /** When `holder` took the lease (its term began), by the database's clock. */
  since: ColumnType<Date, Date | undefined, Date>;
};

/** The crash module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type CrashTables = {
  crash_chain: CrashChainTable;
  crash_round: CrashRoundTable;
  crash_driver: CrashDriverTable;
};
