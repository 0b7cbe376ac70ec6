import type { ColumnType, Generated } from 'kysely';

export type FairSeedPairTable = {
  id: Generated<number>;
  member_id: number | null;
  session_id: number | null;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: ColumnType<number, number | undefined, number>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
  revealed_at: Date | null;
};

/** The inhouse module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type InhouseTables = {
  fair_seed_pair: FairSeedPairTable;
};
