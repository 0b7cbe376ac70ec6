import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@app/contracts/language';
import { CATALOGUES } from './texts.ts';
import { translatorFor } from './i18n.ts';

/** The back office's texts: every language has every key, non-empty, with the English placeholders. */
const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((match) => match[1]).sort();

describe('back office texts', () => {
  const english = CATALOGUES.en;
  for (const language of LANGUAGES) {
    it(`${language} has every English key, translated, with the same placeholders`, () => {
      const catalogue = CATALOGUES[language];
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(catalogue) as [keyof typeof english, string][]) {
        expect(text.trim(), `${language} ${key}`).not.toBe('');
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english[key]));
        if (language !== 'en' && key !== 'players.id' && key !== 'record.date') {
          // A text left in English is a text not translated (a few words are the same in both).
          expect
            .soft(text === english[key] && text.length > 12, `${language} ${key} left in English`)
            .toBe(false);
        }
      }
    });
  }

  it('fills placeholders and falls back to the default ra-core gives, then the key', () => {
    const translate = translatorFor('sw');
    expect(translate('player.title', { id: 7 })).toBe('Mchezaji 7');
    expect(translate('ra.page.loading', { _: 'Loading' })).toBe('Loading');
    expect(translate('ra.unknown')).toBe('ra.unknown');
  });
});
