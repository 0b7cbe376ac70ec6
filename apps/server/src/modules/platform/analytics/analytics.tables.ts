import type { ColumnType, Generated } from 'kysely';

export type PageViewTable = {
  id: Generated<number>;
  path: string;
  referrer: string | null;
  device_id: string | null;
  platform: number;
  created_at: ColumnType<Date, Date | undefined, never>;
};

/** The analytics module's tables: their owner in db/table-owners.ts, assembled in db/schema.ts. */
export type AnalyticsTables = {
  page_view: PageViewTable;
};
