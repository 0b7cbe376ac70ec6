import type { ColumnType, Generated } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

/** A member's own-money stakes (net of rolled-back stakes) and wins in one week (migration 0055). */
export type CashBackLossTable = {
  week: string;
  member_id: number;
  staked: Generated<number>;
  won: Generated<number>;
};

/** A week the job has settled: its entitlements were computed. */
export type CashBackWeekTable = {
  week: string;
  members: number;
  total: number;
  settled_at: SetAtInsert<Date>;
};

/** One week's cash back of one member, written once by the job; claimed in the transaction that pays it. */
export type CashBackEntitlementTable = {
  week: string;
  member_id: number;
  loss: number;
  level: number;
  /** numeric(5, 2), a percentage: read as a string by both drivers. */
  rate: ColumnType<string, string | number, never>;
  cap: number;
  amount: number;
  created_at: SetAtInsert<Date>;
  claimed_at: Date | null;
  transaction_id: number | null;
};

/** The cash-back module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type CashBackTables = {
  cash_back_loss: CashBackLossTable;
  cash_back_week: CashBackWeekTable;
  cash_back_entitlement: CashBackEntitlementTable;
};
