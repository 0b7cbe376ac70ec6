import type { Generated } from 'kysely';
import type { TranslationsColumn } from '../../../db/columns.ts';

export type PromotionPageTable = {
  id: Generated<number>;
  slug: string;
  title: string;
  image: string;
  description: Generated<string>;
  rules: Generated<string>;
  url: string;
  action: Generated<string>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  translations: TranslationsColumn;
  updated_at: Generated<Date>;
};

/** The promotion-pages module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type PromotionPagesTables = {
  promotion_page: PromotionPageTable;
};
