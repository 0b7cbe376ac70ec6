import type { ColumnType, Generated } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

export type ProviderTransactionKind = 'bet' | 'win' | 'rollback';

export type ProviderTransactionState = 'done' | 'rolled_back' | 'tombstone';

export type ProviderTransactionTable = {
  id: Generated<number>;
  provider: string;
  transaction_uuid: string;
  kind: ProviderTransactionKind;
  member_id: number | null;
  game_id: number | null;
  round: Generated<string>;
  reference_transaction_uuid: string | null;
  amount: Generated<number>;
  currency: Generated<string>;
  request_hash: string;
  request: ColumnType<unknown, unknown, unknown>;
  state: ProviderTransactionState;
  journal_transaction_id: number | null;
  created_at: SetAtInsert<Date>;
};

/** The provider module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type ProviderTables = {
  provider_transaction: ProviderTransactionTable;
};
