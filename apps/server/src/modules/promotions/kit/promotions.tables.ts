import type { ColumnType } from 'kysely';

/** Migration 0031: each member's money totals, counted from the facts (the promotions' counters). */
export type MemberMoneyTotalTable = {
  member_id: number;
  bets: ColumnType<number, number | undefined, number>;
  staked: ColumnType<number, number | undefined, number>;
  won: ColumnType<number, number | undefined, number>;
  rolled_back: ColumnType<number, number | undefined, number>;
  deposited: ColumnType<number, number | undefined, number>;
  withdrawn: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

/** An operator's settings of a promotion programme (migration 0037). */
export type PromotionProgrammeTable = {
  code: string;
  enabled: boolean;
  settings: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

/** The promotions module's tables: their owner in db/table-owners.ts, assembled in db/schema.ts. */
export type PromotionsTables = {
  member_money_total: MemberMoneyTotalTable;
  promotion_programme: PromotionProgrammeTable;
};
