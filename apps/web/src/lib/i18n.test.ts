// @vitest-environment jsdom
import { ERRORS } from '@app/contracts/errors';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import pt from '../locales/pt.json';
import { changeLanguage, getLanguage, hasTranslation, pickLanguage, t, type Catalogue } from './i18n.ts';

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else flatten(value, path).forEach((text, nested) => result.set(nested, text));
  }
  return result;
}

const catalogues = { en: flatten(en), fr: flatten(fr), pt: flatten(pt) };

afterEach(async () => {
  await changeLanguage('en');
  localStorage.clear();
});

describe('catalogues', () => {
  it.each(['fr', 'pt'] as const)('%s has exactly the keys of en', (language) => {
    const keys = [...catalogues[language].keys()].sort();
    expect(keys).toEqual([...catalogues.en.keys()].sort());
  });

  it.each(['en', 'fr', 'pt'] as const)('%s has no empty text', (language) => {
    const empty = [...catalogues[language]].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(['fr', 'pt'] as const)('%s is really translated (at least 80 %% differs from en)', (language) => {
    const keys = [...catalogues.en.keys()];
    const different = keys.filter((key) => catalogues[language].get(key) !== catalogues.en.get(key));
    expect(different.length / keys.length).toBeGreaterThanOrEqual(0.8);
  });

  it.each(['fr', 'pt'] as const)('%s keeps the interpolation placeholders of en', (language) => {
    const placeholders = (text: string | undefined) => (text?.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
    for (const [key, text] of catalogues.en) {
      expect(placeholders(catalogues[language].get(key)), key).toEqual(placeholders(text));
    }
  });

  it('has a text for every error of the contracts catalogue and the spec messages', () => {
    for (const key of Object.keys(ERRORS)) expect(catalogues.en.has(`errors.${key}`), key).toBe(true);
    expect(catalogues.en.get('msg_login')).toBe('You have not logged in yet, please login !');
    expect(catalogues.en.get('msg_invalid_mobile')).toBe('Incorrect format of mobile');
  });
});

describe('t', () => {
  it('interpolates values', () => {
    expect(t('home.slide', { index: 2, count: 3 })).toBe('Offer 2 of 3');
  });

  it('leaves escaping to React (a value is inserted as written)', () => {
    expect(t('home.slide', { index: 'A & B', count: 3 })).toBe('Offer A & B of 3');
  });

  it('returns the key for a missing text', () => {
    expect(t('nope.missing')).toBe('nope.missing');
    expect(hasTranslation('nope.missing')).toBe(false);
    expect(hasTranslation('common.back')).toBe(true);
  });

  it('switches language, persists the choice and sets <html lang>', async () => {
    await changeLanguage('pt');
    expect(getLanguage()).toBe('pt');
    expect(t('tabs.home')).toBe('Início');
    expect(document.documentElement.lang).toBe('pt');
    expect(localStorage.getItem('lang')).toBe('pt');
  });
});

describe('pickLanguage', () => {
  it("uses the market's default without a stored choice", () => {
    expect(pickLanguage(['en', 'fr'], 'fr')).toBe('fr');
  });

  it('prefers the stored choice when the market offers it', () => {
    localStorage.setItem('lang', 'pt');
    expect(pickLanguage(['en', 'fr', 'pt'], 'en')).toBe('pt');
    expect(pickLanguage(['en', 'fr'], 'en')).toBe('en');
  });
});
