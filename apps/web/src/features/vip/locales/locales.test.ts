import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';
import pt from './pt.json';

// Completeness, placeholders and Brazilian Portuguese are checked for every feature in src/app/texts.test.ts.
describe('the VIP feature’s texts', () => {
  it('names the ten levels in every language', () => {
    for (const catalogue of [en, fr, pt]) expect(Object.keys(catalogue.vip.levelNames)).toHaveLength(10);
  });
});
