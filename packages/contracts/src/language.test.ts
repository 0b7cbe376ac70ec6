import { describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from './country.ts';
import { chooseLanguage } from './language.ts';

const KE = COUNTRY_PROFILES.KE;
const BR = COUNTRY_PROFILES.BR;
const CM = COUNTRY_PROFILES.CM;

describe('the language a visit starts in', () => {
  it('Kenya: a phone set to Swahili starts in Swahili', () => {
    expect(chooseLanguage(KE, undefined, ['sw-KE', 'en-US'])).toBe('sw');
    expect(chooseLanguage(KE, undefined, ['sw'])).toBe('sw');
    // A language we do not offer is passed over to the phone's next one.
    expect(chooseLanguage(KE, undefined, ['de-DE', 'SW-ke'])).toBe('sw');
  });

  it('Kenya: every other phone keeps the default, English', () => {
    expect(chooseLanguage(KE, undefined, [])).toBe('en');
    expect(chooseLanguage(KE, undefined, ['en-KE', 'sw-KE'])).toBe('en');
    expect(chooseLanguage(KE, undefined, ['fr-FR', 'sw'])).toBe('en');
    expect(chooseLanguage(KE, undefined, ['pt-BR'])).toBe('en');
    expect(chooseLanguage(KE, undefined, ['de-DE'])).toBe('en');
  });

  it("the player's stored choice wins over the phone, when the market offers it", () => {
    expect(chooseLanguage(KE, 'en', ['sw-KE'])).toBe('en');
    expect(chooseLanguage(KE, 'fr', ['sw-KE'])).toBe('fr');
    expect(chooseLanguage(KE, 'sw', ['en-GB'])).toBe('sw');
    expect(chooseLanguage(KE, 'xx', ['sw-KE'])).toBe('sw');
    // Brazil does not offer Swahili: a choice stored elsewhere does not carry over.
    expect(chooseLanguage(BR, 'sw', [])).toBe('pt');
  });

  it('other markets: the default as before, whatever the phone asks', () => {
    expect(chooseLanguage(BR, undefined, ['sw-KE'])).toBe('pt');
    expect(chooseLanguage(BR, undefined, ['en-US'])).toBe('pt');
    expect(chooseLanguage(CM, undefined, ['en-CM'])).toBe('fr');
    expect(BR.languages).not.toContain('sw');
  });

  it('every market offers its default, and follows the phone only for languages it offers', () => {
    for (const profile of Object.values(COUNTRY_PROFILES)) {
      expect(profile.languages, profile.code).toContain(profile.defaultLanguage);
      for (const language of profile.phoneLanguages)
        expect(profile.languages, profile.code).toContain(language);
    }
    expect(KE.languages).toEqual(expect.arrayContaining(['en', 'sw']));
  });
});
