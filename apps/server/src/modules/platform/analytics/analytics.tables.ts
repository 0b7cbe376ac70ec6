import type { Generated } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

export type PageViewTable = {
  id: Generated<number>;
  path: string;
  referrer: string | null;
  device_id: string | null;
  platform: number;
  created_at: SetAtInsert<Date>;
};

/** The analytics module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type AnalyticsTables = {
  page_view: PageViewTable;
};
