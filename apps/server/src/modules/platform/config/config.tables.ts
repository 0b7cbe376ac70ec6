import type { Generated, Selectable } from 'kysely';
import type { TranslationsColumn } from '../../../db/columns.ts';

export type CfGlobalTable = {
  id: Generated<number>;
  type: number;
  name: string;
  content: string;
  platform: Generated<number>;
  sort: Generated<number>;
  translations: TranslationsColumn;
  updated_at: Generated<Date>;
};

/** A menu entry (cf_menu): a placed link with its picture and text, in the operator's order. */
export type CfMenuTable = {
  id: Generated<number>;
  slug: string;
  position: number;
  title: string;
  url: string;
  image: string;
  content: string;
  sort: number;
  enabled: Generated<boolean>;
  translations: TranslationsColumn;
};

export type AdvertSeason = 'always' | 'christmas';

/** An advert: a menu entry's columns, shown in its season and between its dates. */
export type AdvertTable = CfMenuTable & {
  season: Generated<AdvertSeason>;
  starts_at: Date | null;
  ends_at: Date | null;
};

export type CfFaqTable = {
  id: Generated<number>;
  slug: string;
  type: number;
  question: string;
  answer: string;
  sort: number;
  enabled: Generated<boolean>;
  translations: TranslationsColumn;
};

export type ContentPageTable = {
  type: string;
  title: string;
  body: string;
  translations: TranslationsColumn;
  updated_at: Generated<Date>;
};

/** The tables whose rows an operator may remove (content_removal's `kind`). */
export type RemovableContentTable = 'advert' | 'cf_menu' | 'cf_faq';

/** An entry an operator removed, by its slug: the demo seed does not bring it back. */
export type ContentRemovalTable = {
  kind: RemovableContentTable;
  slug: string;
  removed_at: Generated<Date>;
};

/** The config module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type ConfigTables = {
  cf_global: CfGlobalTable;
  cf_menu: CfMenuTable;
  advert: AdvertTable;
  cf_faq: CfFaqTable;
  content_page: ContentPageTable;
  content_removal: ContentRemovalTable;
};

export type CfGlobalRow = Selectable<CfGlobalTable>;
export type CfMenuRow = Selectable<CfMenuTable>;
export type AdvertRow = Selectable<AdvertTable>;
export type CfFaqRow = Selectable<CfFaqTable>;
export type ContentPageRow = Selectable<ContentPageTable>;
