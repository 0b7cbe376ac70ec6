/**
 * The app's languages; a market offers some of them (its country profile's `languages`). No zod here: the
 * web app's home path reads the language at start-up (`LanguageSchema` is in country.ts).
 */
export const LANGUAGES = ['en', 'fr', 'pt', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** What a market says about its languages (a country profile's fields). */
export type MarketLanguages = {
  languages: readonly Language[];
  defaultLanguage: Language;
  phoneLanguages: readonly Language[];
};

/**
 * The language a visit starts in: the player's stored choice if the market offers it; else the phone's
 * when the market follows the phone for it; else the market's default. The phone's list (navigator.languages,
 * or Accept-Language ranked) is read up to its first language the market offers, so a Kenyan phone set to
 * Swahili starts in Swahili while a phone that prefers English or French keeps the market's default, as
 * before Swahili existed. The browser and the server's first render use this one rule, so they agree.
 */
export function chooseLanguage(
  market: MarketLanguages,
  stored: string | null | undefined,
  phone: readonly string[] = [],
): Language {
  if (isLanguage(stored) && market.languages.includes(stored)) return stored;
  const asked = phone
    .map((tag) => tag.trim().toLowerCase().split('-')[0])
    .find((base): base is Language => isLanguage(base) && market.languages.includes(base));
  if (asked && market.phoneLanguages.includes(asked)) return asked;
  return market.languages.includes(market.defaultLanguage)
    ? market.defaultLanguage
    : (market.languages[0] ?? 'en');
}
