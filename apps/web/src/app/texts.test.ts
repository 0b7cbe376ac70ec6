import { LANGUAGES, type Language } from '@app/contracts/config';
import { ERRORS } from '@app/contracts/errors';
import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../lib/i18n.ts';
import appEn from '../locales/en.json';
import appFr from '../locales/fr.json';
import appPt from '../locales/pt.json';
import appSw from '../locales/sw.json';
import { FEATURE_CATALOGUES } from './feature-catalogues.ts';

/**
 * Every text a player reads in the app: the app's catalogues (src/locales) and each feature's own
 * (features/<feature>/locales, listed in feature-catalogues.ts), held to one set of rules. They all end up
 * in one i18next namespace, so a feature's top-level key that another catalogue also has would be
 * overwritten by whichever loads last.
 */
// Every language of the contracts: a new one is held to these rules from the day it is added.
const TRANSLATIONS = LANGUAGES.filter((language) => language !== 'en');

type Texts = Map<string, string>;
type Source = { name: string; catalogues: Record<Language, Catalogue>; texts: Record<Language, Texts> };

/** Dotted key → text, for nested catalogues. */
function flatten(catalogue: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );
}

function sourceOf(name: string, catalogues: Record<Language, Catalogue>): Source {
  const texts = Object.fromEntries(
    LANGUAGES.map((language) => [language, new Map(flatten(catalogues[language]))]),
  ) as Record<Language, Texts>;
  return { name, catalogues, texts };
}

/** The features' files as they are on disk, to check the registry against. */
const FEATURE_FILES = import.meta.glob<Catalogue>('../features/*/locales/*.json', {
  eager: true,
  import: 'default',
});
const featureFile = (feature: string, language: Language) =>
  FEATURE_FILES[`../features/${feature}/locales/${language}.json`];

/** The features' loader files, to check they are found one way. */
const TEXTS_FILES = import.meta.glob<Record<string, unknown>>('../features/*/texts.ts', { eager: true });

/** Each feature's catalogues as the app loads them: through the loaders its screens use. */
const FEATURES: Source[] = await Promise.all(
  Object.entries(FEATURE_CATALOGUES).map(async ([feature, loaders]) => {
    const loaded = await Promise.all(
      LANGUAGES.map(async (language) => [language, (await loaders[language]()).default] as const),
    );
    return sourceOf(`features/${feature}`, Object.fromEntries(loaded) as Record<Language, Catalogue>);
  }),
);
const APP = sourceOf('src/locales', { en: appEn, fr: appFr, pt: appPt, sw: appSw });
const SOURCES = [APP, ...FEATURES];

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

/**
 * Our Portuguese market is Brazil: European Portuguese words read as foreign there (a withdrawal is a
 * "saque", not a "levantamento"; a phone a "celular", not a "telemóvel"; "carregando", not "a carregar",
 * though "começar a jogar" is Brazilian too).
 */
const EUROPEAN_PORTUGUESE =
  /\b(levant\w*|registo\w*|registad\w*|telemóve\w*|ecrã\w*|introduz\w*|introduza|bónus|prémio\w*|ronda\w*|cêntimo\w*|montante\w*|comprovativo\w*|utilizador\w*|equipa|ficheiro\w*|encomenda\w*|apoio|de momento|os meus|(?<!come[cç]\w* )a (enviar|calcular|atualizar|carregar|analisar|jogar|girar|ser analisad\w*))\b/iu;

describe('the registry of feature texts', () => {
  it('lists every feature that has its own locales folder', () => {
    const folders = new Set(Object.keys(FEATURE_FILES).map((path) => path.split('/')[2]));
    expect(Object.keys(FEATURE_CATALOGUES).sort()).toEqual([...folders].sort());
  });

  it('finds each feature’s loaders one way: features/<feature>/texts.ts, exporting <FEATURE>_TEXTS', () => {
    for (const [feature, loaders] of Object.entries(FEATURE_CATALOGUES)) {
      const module = TEXTS_FILES[`../features/${feature}/texts.ts`];
      expect(module, `features/${feature}/texts.ts`).toBeDefined();
      expect(Object.values(module ?? {}), feature).toContain(loaders);
      expect(
        Object.keys(module ?? {}).every((name) => /^[A-Z_]+_TEXTS$/.test(name)),
        feature,
      ).toBe(true);
    }
  });

  it('loads each feature’s own file for each language', () => {
    for (const feature of FEATURES) {
      for (const language of LANGUAGES) {
        expect(feature.catalogues[language], `${feature.name} ${language}`).toEqual(
          featureFile(feature.name.replace('features/', ''), language),
        );
      }
    }
  });
});

describe.each(SOURCES)('the texts of $name', ({ texts }) => {
  it.each(TRANSLATIONS)('%s has exactly the keys of en', (language) => {
    const missing = [...texts.en.keys()].filter((key) => !texts[language].has(key));
    const extra = [...texts[language].keys()].filter((key) => !texts.en.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(TRANSLATIONS)('%s keeps the placeholders of en', (language) => {
    for (const [key, text] of texts.en)
      expect(placeholders(texts[language].get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it.each(LANGUAGES)('%s has no empty text', (language) => {
    const empty = [...texts[language]].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(TRANSLATIONS)('%s is really translated (at least 80 %% differs from en)', (language) => {
    const keys = [...texts.en.keys()];
    const different = keys.filter((key) => texts[language].get(key) !== texts.en.get(key));
    expect(different.length / keys.length).toBeGreaterThanOrEqual(0.8);
  });

  it('pt is Brazilian Portuguese', () => {
    const european = [...texts.pt].filter(([, text]) => EUROPEAN_PORTUGUESE.test(text));
    expect(european).toEqual([]);
  });
});

describe('Swahili as Kenya speaks it about money', () => {
  it('says "Weka pesa" for Deposit and "Toa pesa" for Withdraw, as M-PESA does', () => {
    expect(APP.texts.sw.get('tabs.deposit')).toBe('Weka pesa');
    expect(APP.texts.sw.get('tabs.withdraw')).toBe('Toa pesa');
  });
});

describe('one namespace', () => {
  it('gives every top-level key to one catalogue only', () => {
    const owners = new Map<string, string[]>();
    for (const { name, catalogues } of SOURCES) {
      for (const key of Object.keys(catalogues.en)) owners.set(key, [...(owners.get(key) ?? []), name]);
    }
    const shared = [...owners].filter(([, names]) => names.length > 1);
    expect(shared).toEqual([]);
  });

  it('has a text for every error of the contracts catalogue and the spec messages', () => {
    for (const key of Object.keys(ERRORS)) expect(APP.texts.en.has(`errors.${key}`), key).toBe(true);
    expect(APP.texts.en.get('msg_login')).toBe('You have not logged in yet, please login !');
    expect(APP.texts.en.get('msg_invalid_mobile')).toBe('Incorrect format of mobile');
  });
});
