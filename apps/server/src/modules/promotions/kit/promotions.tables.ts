import type { ColumnType } from 'kysely';

/** An operator's settings of a promotion programme (migration 0037). */
export type PromotionProgrammeTable = {
  code: string;
  enabled: boolean;
  settings: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

/** The promotions module's tables: their owner in db/table-owners.ts, assembled in db/schema.ts. */
export type PromotionsTables = {
  promotion_programme: PromotionProgrammeTable;
};
