import type { ColumnType, Generated } from 'kysely';

export type PageViewTable = {
  id: Generated<number>;
  path: string;
  referrer: string | null;
  device_id: string | null;
  platform: number;
  created_at: ColumnType<Date, Date | undefined, never>;
};

/** The analytics module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type AnalyticsTables = {
  page_view: PageViewTable;
};
