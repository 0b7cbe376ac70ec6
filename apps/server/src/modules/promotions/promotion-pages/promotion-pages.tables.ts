import type { ColumnType, Generated } from 'kysely';
import type { TranslationsColumn } from '../../../db/columns.ts';

export type PromotionPageTable = {
  id: Generated<number>;
  slug: string;
  title: string;
  image: string;
  description: ColumnType<string, string | undefined, string>;
  rules: ColumnType<string, string | undefined, string>;
  url: string;
  action: ColumnType<string, string | undefined, string>;
  sort: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  translations: TranslationsColumn;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

/** The promotion-pages module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type PromotionPagesTables = {
  promotion_page: PromotionPageTable;
};
