import type { Generated } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

export type FairSeedPairTable = {
  id: Generated<number>;
  member_id: number | null;
  session_id: number | null;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: Generated<number>;
  active: Generated<boolean>;
  created_at: SetAtInsert<Date>;
  revealed_at: Date | null;
};

/** The inhouse module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type InhouseTables = {
  fair_seed_pair: FairSeedPairTable;
};
