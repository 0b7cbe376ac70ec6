import { useSyncExternalStore } from 'react';
import type { Language } from '@app/contracts/config';
import en from '../locales/en.json';
import { LANGUAGE_COOKIE } from '@app/contracts/first-screen';
import { setCookie } from './cookies.ts';
import { readStorage, writeStorage } from './storage.ts';

/**
 * Translation with i18next's catalogue format (nested keys, `{{name}}` interpolation, `_one`/`_other`
 * plurals) in a few hundred bytes. i18next + react-i18next measured 21 KB gzipped, a fifth of the home
 * screen's whole JS budget; see apps/web/README.md, "Bundle budget". English is bundled; French and Portuguese are
 * separate chunks loaded only when chosen.
 */
export type Catalogue = { [key: string]: string | Catalogue };
export type TranslateVars = Record<string, string | number>;
export type Translate = (key: string, vars?: TranslateVars) => string;

const STORAGE_KEY = 'lang';

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalogue }>> = {
  fr: () => import('../locales/fr.json'),
  pt: () => import('../locales/pt.json'),
};

const catalogues: Partial<Record<Language, Catalogue>> = { en };
let language: Language = 'en';
const listeners = new Set<() => void>();

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function resolve(key: string, vars: TranslateVars | undefined): string | undefined {
  const count = vars?.count;
  const candidates =
    typeof count === 'number'
      ? [`${key}_${new Intl.PluralRules(language).select(count)}`, `${key}_other`, key]
      : [key];
  for (const catalogue of [catalogues[language], catalogues.en]) {
    for (const candidate of candidates) {
      const text = lookup(catalogue, candidate);
      if (text !== undefined) return text;
    }
  }
  return undefined;
}

export const t: Translate = (key, vars) => {
  const text = resolve(key, vars);
  if (text === undefined) return key;
  if (!vars) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    vars[name] === undefined ? match : String(vars[name]),
  );
};

export function hasTranslation(key: string): boolean {
  return resolve(key, undefined) !== undefined;
}

export function getLanguage(): Language {
  return language;
}

function isLanguage(value: string | null): value is Language {
  return value === 'en' || value === 'fr' || value === 'pt';
}

/** The player's stored choice if the market offers it, else the market's default language. */
export function pickLanguage(available: readonly Language[], fallback: Language): Language {
  const stored = readStorage('localStorage', STORAGE_KEY);
  if (isLanguage(stored) && available.includes(stored)) return stored;
  return available.includes(fallback) ? fallback : (available[0] ?? 'en');
}

/** Loads a language's catalogue without switching to it (the server render switches synchronously). */
export async function loadCatalogue(next: Language): Promise<void> {
  if (catalogues[next]) return;
  if (next === 'en') return;
  catalogues[next] = (await loaders[next]()).default;
}

/** Switches to a language whose catalogue is loaded. */
export function applyLanguage(next: Language): void {
  language = next;
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  listeners.forEach((listener) => listener());
}

/** Switches language at start-up without remembering it as the player's choice. */
export async function initLanguage(next: Language): Promise<void> {
  try {
    await loadCatalogue(next);
    applyLanguage(next);
  } catch (error) {
    // A failed chunk must not keep the app from starting: English is always there.
    console.warn('language load failed', next, error);
    applyLanguage('en');
  }
}

/** The player's choice: loaded, applied and remembered. */
export async function changeLanguage(next: Language): Promise<void> {
  await loadCatalogue(next);
  writeStorage('localStorage', STORAGE_KEY, next);
  // The server reads the cookie to answer the first screen in this language.
  setCookie(LANGUAGE_COOKIE, next, 365 * 24 * 3600);
  applyLanguage(next);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders on language change; `t` is the same function, the language is part of its output. */
export function useTranslation(): { t: Translate; language: Language } {
  const current = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  return { t, language: current };
}
