import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';
import pt from './pt.json';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('the referral feature’s texts', () => {
  it('has every text in fr and pt, with the same placeholders', () => {
    for (const catalogue of [fr, pt]) {
      expect(Object.keys(catalogue.referral).sort()).toEqual(Object.keys(en.referral).sort());
      for (const [key, text] of Object.entries(en.referral)) {
        expect(placeholders(catalogue.referral[key as keyof typeof en.referral]), key).toEqual(
          placeholders(text),
        );
      }
    }
  });

  it('speaks Brazilian Portuguese', () => {
    const european = /\b(prémio\w*|bónus|registo\w*|ecrã|os meus|a girar|telemóve\w*)\b/iu;
    for (const [key, text] of Object.entries(pt.referral)) expect(text, key).not.toMatch(european);
  });
});
