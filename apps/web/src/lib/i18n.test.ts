// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, getLanguage, hasTranslation, pickLanguage, t } from './i18n.ts';

afterEach(async () => {
  await changeLanguage('en');
  localStorage.clear();
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
