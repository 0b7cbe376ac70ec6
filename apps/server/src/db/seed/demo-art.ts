import type { Translations } from '../schema.ts';

/**
 * The demo art a player reads words in, drawn again in French and Portuguese by
 * `apps/server/static/art-languages.mjs` at `/statics/<language>/<path>` (a brand's recoloured set first,
 * http/web.ts), and each language it has a version in: a file whose words read the same in a language
 * ("MINES" in French) has none there. A name stands for the SVG and its WebP twin. The seed's rows point a
 * player of that language at it through `translations`, as they do for their titles; the seed's test reads
 * every picture served to each language and finds no English phrase of its source in it.
 */
const BOTH = ['fr', 'pt'] as const;
type ArtLanguage = (typeof BOTH)[number];

const LOCALISED_ART: Record<string, readonly ArtLanguage[]> = {
  'adverts/coins-info': BOTH,
  'adverts/deposit-popup-coins': BOTH,
  'adverts/deposit-swipe-coins': BOTH,
  'adverts/deposit-swipe-mpesa': BOTH,
  'adverts/diamonds-info': BOTH,
  'adverts/floating-coin-spin': BOTH,
  'adverts/floating-demo': BOTH,
  'adverts/home-swipe-christmas': BOTH,
  'adverts/home-swipe-coins': BOTH,
  'adverts/home-swipe-crash': BOTH,
  'adverts/popup-register': BOTH,
  'adverts/promotion-cash-rain': BOTH,
  'adverts/promotion-coin-spin': BOTH,
  'adverts/promotion-daily-bonus': BOTH,
  'adverts/promotion-diamond-exchange': BOTH,
  'adverts/promotion-diamond-spin': BOTH,
  'adverts/promotion-diamond-tasks': BOTH,
  'adverts/promotion-giveaway': BOTH,
  'adverts/promotion-popup-daily-bonus': BOTH,
  'adverts/sponsor-coast-stars': BOTH,
  'adverts/sponsor-lakeside-rugby': BOTH,
  'adverts/sponsor-rift-valley-runners': BOTH,
  'adverts/sponsor-savanna-united': BOTH,
  'games/dice': BOTH,
  'games/lucky-fruits': BOTH,
  'games/mines': ['pt'],
  'games/wheel': BOTH,
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
  for (const language of BOTH) {
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
