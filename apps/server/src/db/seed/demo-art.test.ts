import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, POSITION, SYSTEM_OPTION, type AdvertItem } from '@app/contracts/config';
import { CONFIG_PATHS } from '@app/contracts/paths';
import { callApi } from '../../../test/api-client.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { localize } from '../../modules/platform/config/localize.ts';
import type { Translations } from '../schema.ts';
import { ADVERTS, MENUS, PROMOTION_PAGES, SYSTEM_OPTIONS } from './demo-content.ts';
import { GAMES } from './demo-games.ts';

/**
 * Issue 22: a French or Portuguese player reads no English in the demo's pictures. Every picture the seed
 * serves a language is on disk, and one served to French or Portuguese holds none of the English phrases of
 * its source, but the names the art table keeps (fictional clubs, brand-name game titles) and the words
 * that read the same in that language ("MINES" in French).
 */
const staticDir = fileURLToPath(new URL('../../../static/', import.meta.url));
const STATICS = '/statics/';
const fileOf = (image: string) => `${staticDir}${image.slice(STATICS.length)}`;

type Translated = string | { text: string };
type ArtTexts = {
  keep: string[];
  common: Record<string, Record<string, Translated>>;
  files: Record<string, Record<string, Record<string, Translated>>>;
};
const ART_TEXTS = JSON.parse(readFileSync(`${staticDir}art-texts.json`, 'utf8')) as ArtTexts;

/**
 * What a player reads in a picture, each a phrase: the words of its lines, and of an SVG served as it is
 * its title too (the browser's tab title when the picture is opened alone). A WebP drawn from it has no title.
 */
function phrasesOf(svg: string, options: { title: boolean }): string[] {
  const elements = options.title ? 'title|text|tspan' : 'text|tspan';
  return [...svg.matchAll(new RegExp(`<(${elements})\\b[^>]*>([^<]*)`, 'g'))]
    .map((match) => match[2]!.trim())
    .filter((phrase) => /\p{L}/u.test(phrase));
}

/**
 * The English phrases of `source` (a file under static/) a player of `language` must not read: all but the
 * kept names and the words that are also the file's own in that language ("MINES" in French, and "FRUITS"
 * in "FRUITS CHANCEUX").
 */
function englishPhrases(source: string, language: string, options: { title: boolean }): string[] {
  const phrases = phrasesOf(readFileSync(`${staticDir}${source}`, 'utf8'), options);
  const inLanguage = new Set(
    phrases.map((phrase) => {
      const value = ART_TEXTS.files[source]?.[phrase]?.[language] ?? ART_TEXTS.common[phrase]?.[language];
      return typeof value === 'string' ? value : value?.text;
    }),
  );
  return phrases.filter((phrase) => !ART_TEXTS.keep.includes(phrase) && !inLanguage.has(phrase));
}

/** Every picture the seed serves a player of `language`, with the row that serves it. */
function picturesServed(language: string): { row: string; image: string }[] {
  const localised = <T extends { translations?: Translations }>(row: T) =>
    localize({ ...row, translations: row.translations ?? {} }, language);
  const channelImage = SYSTEM_OPTIONS.find((option) => option.type === SYSTEM_OPTION.CHANNEL_IMAGE)!;
  return [
    ...ADVERTS.map((advert) => ({ row: advert.slug, image: localised(advert).image })),
    ...MENUS.map((menu) => ({ row: menu.slug, image: localised(menu).image })),
    ...PROMOTION_PAGES.map((page) => ({ row: `promotion page ${page.slug}`, image: localised(page).image })),
    ...GAMES.flatMap((game) => {
      const { cover, large_cover } = localised(game);
      return [
        { row: `game ${game.code} cover`, image: cover ?? '' },
        { row: `game ${game.code} large cover`, image: large_cover ?? '' },
      ];
    }),
    { row: 'channel image option', image: localised(channelImage).content },
  ];
}

describe('the demo art in each language', () => {
  it.each(LANGUAGES)(
    'serves %s players pictures that exist, with no English phrase of their source',
    (language) => {
      const served = picturesServed(language);
      expect(served.length).toBeGreaterThan(40);
      for (const { row, image } of served) {
        expect(image.startsWith(STATICS), `${row}: ${image}`).toBe(true);
        expect(existsSync(fileOf(image)), `${row}: ${image}`).toBe(true);
        if (language === 'en') continue;
        // A WebP is drawn from the SVG beside it (art-languages-render.mjs): its words are the SVG's.
        const svg = image.replace(/\.webp$/, '.svg');
        const source = svg.slice(STATICS.length).replace(new RegExp(`^${language}/`), '');
        const options = { title: image.endsWith('.svg') };
        const words = phrasesOf(readFileSync(fileOf(svg), 'utf8'), options).join('\n');
        for (const phrase of englishPhrases(source, language, options))
          expect(words, `${row}: ${image} reads "${phrase}"`).not.toContain(phrase);
        if (image.endsWith('.webp') && image !== `${STATICS}${source.replace(/\.svg$/, '.webp')}`)
          expect(readFileSync(fileOf(image)), `${row}: ${image} is the English picture`).not.toEqual(
            readFileSync(`${staticDir}${source.replace(/\.svg$/, '.webp')}`),
          );
      }
    },
  );

  it('keeps the English pictures for English players', () => {
    for (const { row, image } of picturesServed('en'))
      expect(image, row).not.toMatch(/^\/statics\/(fr|pt|sw)\//);
  });
});

describe('the home carousel in French, through the app', () => {
  const ctx = useTestApp();

  const homeSwipe = async (headers: Record<string, string>) => {
    const answer = await callApi(ctx, CONFIG_PATHS.advertsByPosition, {
      method: 'GET',
      query: `?typeId=${POSITION.HOME_SWIPE}`,
      headers,
    });
    expect(answer.code).toBe(0);
    return (answer.data as AdvertItem[]).find((advert) => advert.image.endsWith('/home-swipe-coins.svg'));
  };

  it('serves a French player the French package banner, and the French picture at its address', async () => {
    const advert = await homeSwipe({ 'accept-language': 'fr' });
    expect(advert?.image).toBe('/statics/fr/adverts/home-swipe-coins.svg');
    expect(advert?.img).toBe(advert?.image);
    const picture = await ctx.app.inject({ url: advert!.image });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');
    expect(picture.body).toBe(readFileSync(fileOf(advert!.image), 'utf8'));
    expect(picture.body).toContain('CHAQUE FORFAIT');
    expect(picture.body).not.toContain('EVERY PACKAGE');
    expect(picture.body).not.toContain('Play responsibly');
  });

  it('serves an English player the English banner', async () => {
    const advert = await homeSwipe({ 'accept-language': 'en' });
    expect(advert?.image).toBe('/statics/adverts/home-swipe-coins.svg');
    expect((await ctx.app.inject({ url: advert!.image })).body).toContain('EVERY PACKAGE');
  });
});
