import type { Translations } from '../../../db/schema.ts';

/**
 * The operator's text in the player's language: the row's own fields are the default (English), and
 * `translations[language]` overrides any field it names.
 */
export function localize<T extends { translations: Translations }>(row: T, language: string): T {
  const overrides = row.translations[language];
  if (!overrides) return row;
  const result: Record<string, unknown> = { ...row };
  for (const [field, text] of Object.entries(overrides)) {
    if (typeof result[field] === 'string' && typeof text === 'string' && text !== '') result[field] = text;
  }
  return result as T;
}
