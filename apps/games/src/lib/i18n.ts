import type { Language } from '@app/contracts/config';
import { LANGUAGE_COOKIE } from '@app/contracts/first-screen';
import { isLanguage } from '@app/contracts/language';
import type { Catalogue, MessageKey } from '../locales/en.ts';

/**
 * The pages' own small catalogue (en, fr, pt, sw): only the chosen language is loaded, in parallel with the
 * session call. The language is the address's `lang`, else the app's language cookie, else the page's
 * `<html lang>` (the server writes the one it chose), else English.
 */
export type Vars = Record<string, string | number>;
export type Translate = (key: MessageKey, vars?: Vars) => string;

function cookie(name: string, cookies: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function pickLanguage(search: string, cookies: string, htmlLang: string): Language {
  const fromQuery = new URLSearchParams(search).get('lang');
  if (isLanguage(fromQuery)) return fromQuery;
  const fromCookie = cookie(LANGUAGE_COOKIE, cookies);
  if (isLanguage(fromCookie)) return fromCookie;
  const fromPage = htmlLang.slice(0, 2).toLowerCase();
  return isLanguage(fromPage) ? fromPage : 'en';
}

export function loadCatalogue(language: Language): Promise<Catalogue> {
  switch (language) {
    case 'fr':
      return import('../locales/fr.ts').then((module) => module.fr);
    case 'pt':
      return import('../locales/pt.ts').then((module) => module.pt);
    case 'sw':
      return import('../locales/sw.ts').then((module) => module.sw);
    default:
      return import('../locales/en.ts').then((module) => module.en);
  }
}

/** `{name}` placeholders filled from vars; a missing key shows the key (a bug, visible in tests). */
export function createTranslate(catalogue: Catalogue): Translate {
  return (key, vars) => {
    const text: string = catalogue[key] ?? key;
    return vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(vars[name] ?? whole)) : text;
  };
}
