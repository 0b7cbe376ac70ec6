import type { I18nProvider } from 'ra-core';
import { LANGUAGES, type Language } from '@app/contracts/language';
import { CATALOGUES, type TextKey } from './texts.ts';

const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  pt: 'Português',
  sw: 'Kiswahili',
};

type Options = { _?: string; [name: string]: unknown };

/**
 * Our texts for one language. ra-core asks for its own keys (`ra.…`) with an English default in `_`; we
 * render our own components, so those few fall back to it, and an unknown key shows itself.
 */
export function translatorFor(language: Language) {
  const catalogue = CATALOGUES[language];
  return (key: string, options: Options = {}): string => {
    const text = (catalogue as Record<string, string>)[key] ?? options._ ?? key;
    return text.replace(/{{(\w+)}}/g, (placeholder, name: string) =>
      name in options ? String(options[name]) : placeholder,
    );
  };
}

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** The browser's first language we have, English otherwise: the staff member may change it in the menu. */
export function browserLanguage(): Language {
  const preferred = navigator.languages.map((tag) => tag.slice(0, 2).toLowerCase());
  return preferred.find(isLanguage) ?? 'en';
}

/** ra-core's i18n provider over our catalogue; the chosen language is kept by ra-core's store. */
export function createI18nProvider(initial: string): I18nProvider {
  let language: Language = isLanguage(initial) ? initial : 'en';
  let translate = translatorFor(language);
  return {
    translate: (key, options) => translate(key, options as Options),
    changeLocale: async (locale) => {
      language = isLanguage(locale) ? locale : 'en';
      translate = translatorFor(language);
      document.documentElement.lang = language;
    },
    getLocale: () => language,
    getLocales: () => LANGUAGES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] })),
  };
}

export type Translate = (key: TextKey, options?: Options) => string;
