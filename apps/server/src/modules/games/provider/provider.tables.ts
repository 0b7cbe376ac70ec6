import type { ColumnType, Generated } from 'kysely';

export type ProviderTransactionKind = 'bet' | 'win' | 'rollback';

export type ProviderTransactionState = 'done' | 'rolled_back' | 'tombstone';

export type ProviderTransactionTable = {
  id: Generated<number>;
  provider: string;
  transaction_uuid: string;
  kind: ProviderTransactionKind;
  member_id: number | null;
  game_id: number | null;
  round: ColumnType<string, string | undefined, string>;
  reference_transaction_uuid: string | null;
  amount: ColumnType<number, number | undefined, number>;
  currency: ColumnType<string, string | undefined, string>;
  request_hash: string;
  request: ColumnType<unknown, unknown, unknown>;
  state: ProviderTransactionState;
  journal_transaction_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
};

/** The provider module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type ProviderTables = {
  provider_transaction: ProviderTransactionTable;
};
