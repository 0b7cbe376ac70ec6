import { describe, expect, it } from 'vitest';
import { en } from '../locales/en.ts';
import { fr } from '../locales/fr.ts';
import { pt } from '../locales/pt.ts';
import { sw } from '../locales/sw.ts';
import { createTranslate, loadCatalogue, pickLanguage } from './i18n.ts';

describe('the pages’ language', () => {
  it('comes from the address, then the app’s cookie, then the page, then English', () => {
    expect(pickLanguage('?session=x&lang=pt', 'lang=fr', 'en')).toBe('pt');
    expect(pickLanguage('?session=x', 'a=1; lang=fr', 'en')).toBe('fr');
    expect(pickLanguage('?lang=de', 'lang=xx', 'pt-BR')).toBe('pt');
    expect(pickLanguage('', '', 'sw')).toBe('sw');
    expect(pickLanguage('', '', 'de')).toBe('en');
  });

  it('speaks Brazilian Portuguese, our Portuguese market’s (no European forms)', () => {
    const european =
      /prémio|levantad|introduz|telemóvel|ligação|ecrã|registo|está a \w+r\b|^A \w+(ar|er|ir)…/i;
    for (const [key, text] of Object.entries(pt)) expect(text, key).not.toMatch(european);
  });

  it('has every text in every language, with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const catalogue of [fr, pt, sw]) {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        expect(placeholders(catalogue[key as keyof typeof en]), key).toEqual(placeholders(text));
      }
    }
  });

  it('speaks Swahili as Kenya does, and is really translated', async () => {
    const t = createTranslate(await loadCatalogue('sw'));
    expect(t('page.deposit')).toBe('Weka pesa');
    expect(t('result.win', { amount: 'KES 19.80' })).toBe('Umeshinda KES 19.80');
    const keys = Object.keys(en) as (keyof typeof en)[];
    const translated = keys.filter((key) => sw[key] !== en[key]);
    expect(translated.length / keys.length).toBeGreaterThanOrEqual(0.8);
  });

  it('loads the chosen catalogue and fills placeholders', async () => {
    const t = createTranslate(await loadCatalogue('fr'));
    expect(t('result.win', { amount: 'KES 19.80' })).toBe('Vous gagnez KES 19.80');
    expect(t('stake.limits', { min: 'A' })).toBe('Min A · Max {max}');
  });
});
