import type { ColumnType } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

export type SignInClaimTable = {
  member_id: number;
  site_day: ColumnType<string, string, never>;
  cycle_day: number;
  asset: string;
  amount: ColumnType<number, number, never>;
  transaction_id: number | null;
  created_at: SetAtInsert<Date>;
};

/** The sign-in module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type SignInTables = {
  sign_in_claim: SignInClaimTable;
};
