import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';
import pt from './pt.json';

type Texts = { [key: string]: string | Texts };
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

function flatten(texts: Texts, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') flat.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) flat.set(inner, text);
  }
  return flat;
}

describe('collect-cards texts', () => {
  it('has every text in fr and pt, with the same placeholders', () => {
    const english = flatten(en);
    for (const catalogue of [fr, pt]) {
      const other = flatten(catalogue);
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of english)
        expect(placeholders(other.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('speaks Brazilian Portuguese', () => {
    const european = /\b(prémio\w*|bónus|registo\w*|ecrã|os meus|telemóve\w*|utilizador\w*)\b/iu;
    for (const [key, text] of flatten(pt)) expect(text, key).not.toMatch(european);
  });
});
