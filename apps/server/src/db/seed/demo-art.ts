import type { Translations } from '../schema.ts';

/**
 * The demo art a player reads words in, drawn again in French, Portuguese and Swahili by
 * `apps/server/static/art-languages.mjs` at `/statics/<language>/<path>` (a brand's recoloured set first,
 * http/web.ts), and each language it has a version in: a file whose words read the same in a language
 * ("MINES" in French) has none there. A name stands for the SVG and its WebP twin. The seed's rows point a
 * player of that language at it through `translations`, as they do for their titles; the seed's test reads
 * every picture served to each language and finds no English phrase of its source in it.
 */
const ALL = ['fr', 'pt', 'sw'] as const;
type ArtLanguage = (typeof ALL)[number];

const LOCALISED_ART: Record<string, readonly ArtLanguage[]> = {
  'adverts/coins-info': ALL,
  'adverts/deposit-popup-coins': ALL,
  'adverts/deposit-swipe-coins': ALL,
  'adverts/deposit-swipe-mpesa': ALL,
  'adverts/diamonds-info': ALL,
  'adverts/floating-coin-spin': ALL,
  'adverts/floating-demo': ALL,
  'adverts/home-swipe-christmas': ALL,
  'adverts/home-swipe-coins': ALL,
  'adverts/home-swipe-crash': ALL,
  'adverts/popup-register': ALL,
  'adverts/promotion-cash-rain': ALL,
  'adverts/promotion-coin-spin': ALL,
  'adverts/promotion-daily-bonus': ALL,
  'adverts/promotion-diamond-exchange': ALL,
  'adverts/promotion-diamond-spin': ALL,
  'adverts/promotion-diamond-tasks': ALL,
  'adverts/promotion-giveaway': ALL,
  'adverts/promotion-popup-daily-bonus': ALL,
  'adverts/sponsor-coast-stars': ALL,
  'adverts/sponsor-lakeside-rugby': ALL,
  'adverts/sponsor-rift-valley-runners': ALL,
  'adverts/sponsor-savanna-united': ALL,
  'games/dice': ALL,
  'games/lucky-fruits': ALL,
  'games/mines': ['pt', 'sw'],
  'games/wheel': ALL,
};

const STATICS = '/statics/';

/** The address of `image` (a /statics/ address) in `language`, or undefined where it has no version there. */
export function localisedArt(image: string, language: string): string | undefined {
  if (!image.startsWith(STATICS)) return undefined;
  const file = image.slice(STATICS.length);
  const languages: readonly string[] = LOCALISED_ART[file.replace(/\.(svg|webp)$/, '')] ?? [];
  return languages.includes(language) ? `${STATICS}${language}/${file}` : undefined;
}

/**
 * The row with each language's version of its pictures (`fields`) added to its translations, beside the
 * texts already there: a French player is served the French picture, an English one the row's own.
 */
export function withLocalisedArt<T extends { translations?: Translations }>(
  row: T,
  fields: readonly (keyof T & string)[],
): T {
  const translations: Translations = { ...row.translations };
  for (const language of ALL) {
    const pictures: Record<string, string> = {};
    for (const field of fields) {
      const image = row[field];
      const localised = typeof image === 'string' ? localisedArt(image, language) : undefined;
      if (localised) pictures[field] = localised;
    }
    if (Object.keys(pictures).length > 0) translations[language] = { ...translations[language], ...pictures };
  }
  return Object.keys(translations).length > 0 ? { ...row, translations } : row;
}
