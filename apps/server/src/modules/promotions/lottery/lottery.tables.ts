import type { Generated } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

/** Tickets a member holds in one draw of the lottery or the cash draw (migration 0066). */
export type LotteryHoldingTable = {
  draw_id: number;
  member_id: number;
  tickets: number;
};

/** A settled draw's money and its winners' payment progress (migration 0066). */
export type LotterySettlementTable = {
  draw_id: number;
  product: 'lottery' | 'cash-draw';
  sales: number;
  house_share: number;
  rollover_in: number;
  seed_top_up: number;
  paid: number;
  rollover_out: number;
  split: unknown;
  winners: number;
  members_paid: Generated<number>;
  created_at: SetAtInsert<Date>;
  paid_at: Date | null;
};

/** What one member won in one draw, paid in one ledger transaction (migration 0066). */
export type LotteryPrizeTable = {
  draw_id: number;
  member_id: number;
  amount: number;
  tickets: number;
  best_tier: number;
  transaction_id: number;
  created_at: SetAtInsert<Date>;
};

/** The lottery module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type LotteryTables = {
  lottery_holding: LotteryHoldingTable;
  lottery_settlement: LotterySettlementTable;
  lottery_prize: LotteryPrizeTable;
};
