import { useSyncExternalStore } from 'react';
import i18next from 'i18next';
import type { Language } from '@app/contracts/config';
import en from '../locales/en.json';
import { LANGUAGE_COOKIE } from '@app/contracts/first-screen';
import { setCookie } from './cookies.ts';
import { readStorage, writeStorage } from './storage.ts';

/**
 * Translation by i18next (nested keys, `{{name}}` interpolation, `_one`/`_other` plurals, English as the
 * fallback). English is bundled; French and Portuguese are separate chunks loaded only when chosen.
 *
 * The language is held here, not in i18next, and passed to every lookup: the server renders one request
 * at a time synchronously, and i18next's own `changeLanguage` settles asynchronously. React binds through
 * `useTranslation()` below rather than react-i18next, which would add 5 KB to the home screen for a hook.
 */
export type Catalogue = { [key: string]: string | Catalogue };
export type TranslateVars = Record<string, string | number>;
export type Translate = (key: string, vars?: TranslateVars) => string;

const STORAGE_KEY = 'lang';
const NAMESPACE = 'translation';

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalogue }>> = {
  fr: () => import('../locales/fr.json'),
  pt: () => import('../locales/pt.json'),
};

const translator = i18next.createInstance();
void translator.init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'fr', 'pt'],
  resources: { en: { [NAMESPACE]: en } },
  // Resources are given, so initialisation finishes before `init` returns.
  initAsync: false,
  // React escapes what it renders; escaping here would show "&amp;" to the player.
  interpolation: { escapeValue: false },
  returnNull: false,
});

let language: Language = 'en';
const listeners = new Set<() => void>();

export const t: Translate = (key, vars) => translator.t(key, { ...vars, lng: language });

export function hasTranslation(key: string): boolean {
  return translator.exists(key, { lng: language });
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
  if (next === 'en' || translator.hasResourceBundle(next, NAMESPACE)) return;
  translator.addResourceBundle(next, NAMESPACE, (await loaders[next]()).default);
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
