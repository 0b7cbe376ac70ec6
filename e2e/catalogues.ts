import type { APIRequestContext, Page } from '@playwright/test';
import type { Language } from '@app/contracts/config';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { formatMoney } from '@app/contracts/money';
import { GAME_PATHS } from '@app/contracts/paths';
import { en as gamesEn } from '../apps/games/src/locales/en.ts';
import { sw as gamesSw } from '../apps/games/src/locales/sw.ts';
import appEn from '../apps/web/src/locales/en.json' with { type: 'json' };
import appSw from '../apps/web/src/locales/sw.json' with { type: 'json' };
import { api, type Envelope } from './game-play.ts';

/**
 * What a player in Kenya reads, in each of the market's own languages (English, its default, and Swahili,
 * which it follows the phone for), taken from the app's and the game pages' own catalogues: a journey
 * asserts the text the player is shown without copying it, and fails when a Swahili text is missing rather
 * than passing on the English fallback. Amounts and times are written the market's way in that language
 * (`sw-KE`, `en-KE`), with the literal locale here, so a journey fails if the app formats them otherwise.
 */
export const KENYAN_LANGUAGES = ['en', 'sw'] as const satisfies readonly Language[];
export type KenyanLanguage = (typeof KENYAN_LANGUAGES)[number];

type Catalogue = { [key: string]: string | Catalogue };
type Vars = Record<string, string | number>;

const APP: Record<KenyanLanguage, Catalogue> = { en: appEn, sw: appSw };
const GAMES: Record<KenyanLanguage, Record<string, string>> = { en: gamesEn, sw: gamesSw };
const LOCALE: Record<KenyanLanguage, string> = { en: 'en-KE', sw: 'sw-KE' };

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** An app text as i18next renders it: `{{name}}` filled in, `_one`/`_other` chosen by `count`. */
export function appText(language: KenyanLanguage, key: string, vars: Vars = {}): string {
  const catalogue = APP[language];
  const plural =
    typeof vars.count === 'number'
      ? lookup(catalogue, `${key}_${new Intl.PluralRules(language).select(vars.count)}`)
      : undefined;
  const text = plural ?? lookup(catalogue, key);
  if (text === undefined) throw new Error(`the app's ${language} catalogue has no ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(vars[name] ?? whole));
}

/** A game page's text (apps/games/src/locales), `{name}` filled in. */
export function gameText(language: KenyanLanguage, key: string, vars: Vars = {}): string {
  const text = GAMES[language][key];
  if (text === undefined) throw new Error(`the games' ${language} catalogue has no ${key}`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => String(vars[name] ?? whole));
}

/** An amount in minor units as the app shows it in Kenya in `language` ("KES 1,000.00"). */
export function kesIn(language: KenyanLanguage, minorUnits: number): string {
  const { currencySymbol } = COUNTRY_PROFILES.KE;
  return `${currencySymbol} ${formatMoney(minorUnits, { ...COUNTRY_PROFILES.KE, locale: LOCALE[language] })}`;
}

/**
 * A moment as the app shows it in `language` (medium date, short time), formatted by the page's own Intl
 * and time zone, as the app formats it there: the test's Node may carry other locale data than Chromium.
 */
export function timeIn(page: Page, language: KenyanLanguage, epochMs: number): Promise<string> {
  return page.evaluate(
    ({ locale, at }) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)),
    { locale: LOCALE[language], at: epochMs },
  );
}

/** A game's name as the lobby gives it in `language` (games' names are the catalogue's data, not the app's). */
export async function gameNameIn(
  request: APIRequestContext,
  id: number,
  language: KenyanLanguage,
): Promise<string> {
  const lobby = (await (
    await request.get(api(GAME_PATHS.lobby), { headers: { 'accept-language': language } })
  ).json()) as Envelope<{ games: { id: number; name: string }[] }>;
  const game = lobby.data.games.find((candidate) => candidate.id === id);
  if (!game) throw new Error(`game ${id} is not in the lobby`);
  return game.name;
}
