// @vitest-environment jsdom
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import pt from '../locales/pt.json';
import sw from '../locales/sw.json';
import { createRoot } from 'react-dom/client';
import { useState } from 'react';
import {
  changeLanguage,
  getLanguage,
  hasTranslation,
  pickLanguage,
  t,
  useFeatureTranslation,
  type Catalogue,
  type FeatureCatalogues,
} from './i18n.ts';

afterEach(async () => {
  await changeLanguage('en');
  localStorage.clear();
  vi.restoreAllMocks();
});

/** A phone whose language settings list these, most wanted first (navigator.languages). */
function phoneSetTo(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

const KE = COUNTRY_PROFILES.KE;

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

  it("answers every text of every language as i18next's own lookup does, English where one lacks it", async () => {
    const keys: string[] = [];
    const walk = (catalogue: Catalogue, prefix: string) => {
      for (const [name, value] of Object.entries(catalogue)) {
        if (typeof value === 'string') keys.push(`${prefix}${name}`);
        else walk(value, `${prefix}${name}.`);
      }
    };
    walk(en, '');
    const catalogues = { en, fr, pt, sw } as Record<string, Catalogue>;
    const reference = i18next.createInstance();
    await reference.init({
      fallbackLng: 'en',
      resources: Object.fromEntries(
        Object.entries(catalogues).map(([language, texts]) => [language, { translation: texts }]),
      ),
      interpolation: { escapeValue: false },
    });
    for (const language of ['en', 'fr', 'pt', 'sw'] as const) {
      await changeLanguage(language);
      const differing = keys.filter((key) => t(key) !== reference.t(key, { lng: language }));
      expect(differing, language).toEqual([]);
    }
    expect(keys.length).toBeGreaterThan(500);
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
  const market = (languages: ('en' | 'fr' | 'pt' | 'sw')[], defaultLanguage: 'en' | 'fr' | 'pt') => ({
    languages,
    defaultLanguage,
    phoneLanguages: [],
  });

  it("uses the market's default without a stored choice", () => {
    expect(pickLanguage(market(['en', 'fr'], 'fr'))).toBe('fr');
  });

  it('prefers the stored choice when the market offers it', () => {
    localStorage.setItem('lang', 'pt');
    expect(pickLanguage(market(['en', 'fr', 'pt'], 'en'))).toBe('pt');
    expect(pickLanguage(market(['en', 'fr'], 'en'))).toBe('en');
  });

  it('starts a Kenyan phone set to Swahili in Swahili', () => {
    phoneSetTo('sw-KE', 'en-GB');
    expect(pickLanguage(KE)).toBe('sw');
  });

  it('keeps English for a Kenyan phone that prefers English or French, and Swahili nowhere else', () => {
    phoneSetTo('en-KE', 'sw-KE');
    expect(pickLanguage(KE)).toBe('en');
    phoneSetTo('fr-FR');
    expect(pickLanguage(KE)).toBe('en');
    phoneSetTo('sw-KE');
    expect(pickLanguage(COUNTRY_PROFILES.BR)).toBe('pt');
    expect(pickLanguage(COUNTRY_PROFILES.UG)).toBe('en');
  });

  it("the player's own choice outlasts the phone's language", () => {
    phoneSetTo('sw-KE');
    localStorage.setItem('lang', 'en');
    expect(pickLanguage(KE)).toBe('en');
  });
});

describe('Swahili', () => {
  it('loads on demand and reads as Kenya does: Weka pesa, Toa pesa', async () => {
    await changeLanguage('sw');
    expect(getLanguage()).toBe('sw');
    expect(document.documentElement.lang).toBe('sw');
    expect(t('tabs.deposit')).toBe('Weka pesa');
    expect(t('tabs.withdraw')).toBe('Toa pesa');
  });
});

describe('useFeatureTranslation', () => {
  const catalogue = { default: { part: { title: 'Your level' } } };
  /** Lets Preact render what is queued (a microtask) without running the effects it left for after paint. */
  const renderQueued = () => vi.advanceTimersByTimeAsync(0);
  /** Lets the effects run: Preact runs them after the next frame, 35 ms at most. */
  const runEffects = () => vi.advanceTimersByTimeAsync(50);

  it('shows the texts however their loads and the renders interleave', async () => {
    vi.useFakeTimers();
    // Each call of the loader waits for the test to answer it, as separate dynamic imports do.
    const calls: ((answer: { default: Catalogue }) => void)[] = [];
    const load = () => new Promise<{ default: Catalogue }>((resolve) => calls.push(resolve));
    const feature: FeatureCatalogues = { en: load, fr: load, pt: load, sw: load };
    let rerender = () => undefined as void;
    function Part() {
      const [, setCount] = useState(0);
      rerender = () => setCount((count) => count + 1);
      const { t: translate, ready } = useFeatureTranslation(feature);
      return <p>{ready ? translate('part.title') : 'waiting'}</p>;
    }
    const container = document.createElement('div');
    const root = createRoot(container);
    try {
      root.render(<Part />);
      await runEffects();
      // The Me page's order (account.spec, CI): the part renders again while its texts load, and again; the
      // first load's texts arrive between that render and its effect, any later load's after it.
      rerender();
      await renderQueued();
      await runEffects();
      rerender();
      await renderQueued();
      calls[0]?.(catalogue);
      await renderQueued();
      await runEffects();
      calls.slice(1).forEach((answer) => answer(catalogue));
      await runEffects();

      expect(container.textContent).toBe('Your level');
    } finally {
      root.unmount();
      vi.useRealTimers();
    }
  });
});
