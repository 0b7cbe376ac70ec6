import type { ColumnType, Generated } from 'kysely';

/** Column shapes several modules' tables share (each module's `<module>.tables.ts`). */

/**
 * A column the insert may leave to its database default (or set) and no update may change: creation times,
 * a settled amount, a row's fixed facts. (Kysely's `Generated<T>` is the same with updates allowed.)
 */
export type SetAtInsert<T> = ColumnType<T, T | undefined, never>;

/** Per-language overrides of a row's text fields: {"fr": {"title": "…"}, "pt": {…}}. */
export type Translations = Record<string, Record<string, string>>;
export type TranslationsColumn = Generated<Translations>;

export type Timestamps = {
  created_at: SetAtInsert<Date>;
  updated_at: Generated<Date>;
};
