import type { Generated } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

/** A member's real-money stake in one calendar year of the market, holiday-weighted (migration 0050). */
export type VipPointsTable = {
  member_id: number;
  year: number;
  weighted_stake: Generated<number>;
  updated_at: Generated<Date>;
};

/** One VIP benefit claimed for one period (migration 0050). */
export type VipBenefitClaimTable = {
  member_id: number;
  benefit_id: number;
  period: string;
  type: number;
  level_id: number;
  asset: 'cash' | 'coins' | 'tickets';
  amount: number;
  transaction_id: number | null;
  created_at: SetAtInsert<Date>;
};

/** The vip module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type VipTables = {
  vip_points: VipPointsTable;
  vip_benefit_claim: VipBenefitClaimTable;
};
