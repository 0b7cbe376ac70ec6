import type { ColumnType, Generated } from 'kysely';

/** An operator's settings of a promotion programme (migration 0037). */
export type PromotionProgrammeTable = {
  code: string;
  enabled: boolean;
  settings: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
};

/** The promotions module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type PromotionsTables = {
  promotion_programme: PromotionProgrammeTable;
};
