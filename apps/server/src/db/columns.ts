import type { ColumnType } from 'kysely';

/** Column shapes several modules' tables share (each module's `<module>.tables.ts`). */

/** Per-language overrides of a row's text fields: {"fr": {"title": "…"}, "pt": {…}}. */
export type Translations = Record<string, Record<string, string>>;
export type TranslationsColumn = ColumnType<Translations, Translations | undefined, Translations>;

export type Timestamps = {
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};
