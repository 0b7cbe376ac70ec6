import { useEffect, useSyncExternalStore } from 'react';
import i18next from 'i18next';
import type { Language } from '@app/contracts/config';
import en from '../locales/en.json';
import { LANGUAGE_COOKIE } from '@app/contracts/first-screen';
import { chooseLanguage, LANGUAGES, type MarketLanguages } from '@app/contracts/language';
import { setCookie } from './cookies.ts';
import { readStorage, writeStorage } from './storage.ts';

/**
 * Translation by i18next (nested keys, `{{name}}` interpolation, `_one`/`_other` plurals, English as the
 * fallback). English is bundled; French, Portuguese and Swahili are separate chunks loaded only when chosen.
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
  sw: () => import('../locales/sw.json'),
};

const translator = i18next.createInstance();
void translator.init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  resources: { en: { [NAMESPACE]: en } },
  // Resources are given, so initialisation finishes before `init` returns.
  initAsync: false,
  // React escapes what it renders; escaping here would show "&amp;" to the player.
  interpolation: { escapeValue: false },
  returnNull: false,
});

let language: Language = 'en';
const listeners = new Set<() => void>();

/**
 * A text without variables is read straight from the catalogues, the language's then English: i18next's
 * full lookup walks its options, fallbacks and plural rules each time (8 µs against 0.6 µs a text, the same
 * answer for every text of en.json), and the home page's first render asks for hundreds of texts, a sixth
 * of hydration on a cheap phone (docs/benchmarks.md, 2026-12-04). Variables, plurals and a missing key
 * (its warning, its fallback) take i18next's way.
 */
export const t: Translate = (key, vars) => {
  if (vars === undefined) {
    for (const each of language === 'en' ? (['en'] as const) : [language, 'en' as const]) {
      const text: unknown = translator.getResource(each, NAMESPACE, key);
      if (typeof text === 'string') return text;
    }
  }
  return translator.t(key, { ...vars, lng: language });
};

export function hasTranslation(key: string): boolean {
  return translator.exists(key, { lng: language });
}

export function getLanguage(): Language {
  return language;
}

/**
 * The language the app starts in (contracts `chooseLanguage`, the server's first render uses it too): the
 * player's stored choice if the market offers it, else the phone's language where the market follows it
 * (a Kenyan phone set to Swahili), else the market's default.
 */
export function pickLanguage(market: MarketLanguages): Language {
  const phone = typeof navigator === 'undefined' ? [] : navigator.languages;
  return chooseLanguage(market, readStorage('localStorage', STORAGE_KEY), phone);
}

/** Loads a language's catalogue without switching to it (the server render switches synchronously). */
export async function loadCatalogue(next: Language): Promise<void> {
  if (!loadedApp.has(next)) {
    translator.addResourceBundle(
      next,
      NAMESPACE,
      (await loaders[next as Exclude<Language, 'en'>]()).default,
      true,
      true,
    );
    loadedApp.add(next);
  }
  // The features already in use need their texts in the new language too.
  await Promise.all([...features].map((feature) => loadFeature(feature, next)));
}

/**
 * A lazily loaded feature's own translations (its `locales/{en,fr,pt,sw}.json`, loaded with its screens):
 * the promotion programmes keep their texts out of the home screen's bundle this way. Each file holds the
 * feature's own top-level keys, merged into the one namespace, so `t('signIn.title')` reads the same way
 * as an app key. English is loaded too, as every language's fallback.
 */
export type FeatureCatalogues = Record<Language, () => Promise<{ default: Catalogue }>>;

/** The app's own catalogues loaded (English is bundled). */
const loadedApp = new Set<Language>(['en']);
const features = new Set<FeatureCatalogues>();
const loadedFeatures = new Map<FeatureCatalogues, Set<Language>>();

/**
 * The screens waiting for a feature's texts, told whenever a feature catalogue arrives, whichever request
 * loaded it. A screen used to learn of its texts only through the request of its latest render's effect:
 * when an earlier render's request brought them between a render and its effect, that effect found them
 * loaded and asked for nothing, and the screen stayed without them (the Me page's VIP part, account.spec
 * in CI, 2026-12-06; i18n.test.tsx plays that order).
 */
const featureListeners = new Set<() => void>();

function subscribeFeatureLoads(listener: () => void): () => void {
  featureListeners.add(listener);
  return () => featureListeners.delete(listener);
}

async function loadFeature(feature: FeatureCatalogues, next: Language): Promise<void> {
  const loaded = loadedFeatures.get(feature) ?? new Set<Language>();
  loadedFeatures.set(feature, loaded);
  for (const each of next === 'en' ? (['en'] as const) : (['en', next] as const)) {
    if (loaded.has(each)) continue;
    translator.addResourceBundle(each, NAMESPACE, (await feature[each]()).default, true, true);
    loaded.add(each);
    featureListeners.forEach((listener) => listener());
  }
}

/** Loads a feature's translations for the current language (and later ones the player switches to). */
export async function loadFeatureCatalogues(feature: FeatureCatalogues): Promise<void> {
  features.add(feature);
  await loadFeature(feature, language);
}

/**
 * `useTranslation` for a lazily loaded feature: `ready` once its texts for the current language are in
 * (render a loading state until then, never the raw keys).
 */
export function useFeatureTranslation(feature: FeatureCatalogues): {
  t: Translate;
  language: Language;
  ready: boolean;
} {
  const current = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  const isLoaded = () => features.has(feature) && (loadedFeatures.get(feature)?.has(current) ?? false);
  const ready = useSyncExternalStore(subscribeFeatureLoads, isLoaded, isLoaded);
  useEffect(() => {
    if (ready) return;
    // A failed load is tried again on the next language or the next screen that needs it, not in a loop.
    loadFeatureCatalogues(feature).catch((error: unknown) =>
      console.warn('feature translations failed to load', error),
    );
  }, [feature, current, ready]);
  return { t, language: current, ready };
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
