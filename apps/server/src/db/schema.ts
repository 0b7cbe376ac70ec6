import type { ColumnType, Generated, Selectable } from 'kysely';

/** Per-language overrides of a row's text fields: {"fr": {"title": "…"}, "pt": {…}}. */
export type Translations = Record<string, Record<string, string>>;
type TranslationsColumn = ColumnType<Translations, Translations | undefined, Translations>;

export type CfGlobalTable = {
  id: Generated<number>;
  type: number;
  name: string;
  content: string;
  platform: ColumnType<number, number | undefined, number>;
  sort: ColumnType<number, number | undefined, number>;
  translations: TranslationsColumn;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

export type CfMenuTable = {
  id: Generated<number>;
  slug: string;
  position: number;
  title: string;
  url: string;
  image: string;
  content: string;
  sort: number;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  translations: TranslationsColumn;
};

export type AdvertSeason = 'always' | 'christmas';

export type AdvertTable = {
  id: Generated<number>;
  slug: string;
  position: number;
  title: string;
  url: string;
  image: string;
  content: string;
  sort: number;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  season: ColumnType<AdvertSeason, AdvertSeason | undefined, AdvertSeason>;
  starts_at: Date | null;
  ends_at: Date | null;
  translations: TranslationsColumn;
};

export type CfFaqTable = {
  id: Generated<number>;
  slug: string;
  type: number;
  question: string;
  answer: string;
  sort: number;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  translations: TranslationsColumn;
};

export type ContentPageTable = {
  type: string;
  title: string;
  body: string;
  translations: TranslationsColumn;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

export type PageViewTable = {
  id: Generated<number>;
  path: string;
  referrer: string | null;
  device_id: string | null;
  platform: number;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type Database = {
  cf_global: CfGlobalTable;
  cf_menu: CfMenuTable;
  advert: AdvertTable;
  cf_faq: CfFaqTable;
  content_page: ContentPageTable;
  page_view: PageViewTable;
};

export type CfGlobalRow = Selectable<CfGlobalTable>;
export type CfMenuRow = Selectable<CfMenuTable>;
export type AdvertRow = Selectable<AdvertTable>;
export type CfFaqRow = Selectable<CfFaqTable>;
export type ContentPageRow = Selectable<ContentPageTable>;
