import type { ColumnType, Generated } from 'kysely';

export type ExchangeOptionTable = {
  id: Generated<number>;
  from_asset: 'coins' | 'diamonds';
  from_amount: number;
  cash: number;
  withdrawable: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
};

/** The exchange module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type ExchangeTables = {
  exchange_option: ExchangeOptionTable;
};
