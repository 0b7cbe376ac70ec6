import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';
import pt from './pt.json';

type Tree = { [key: string]: string | Tree };
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );

describe('the lottery feature’s texts', () => {
  it('has every text in fr and pt, with the same placeholders', () => {
    const english = new Map(flatten(en));
    for (const catalogue of [fr, pt]) {
      const other = new Map(flatten(catalogue));
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of english)
        expect(placeholders(other.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('speaks Brazilian Portuguese', () => {
    const european = /\b(prémio\w*|bónus|registo\w*|ecrã|telemóve\w*|encomenda\w*)\b/iu;
    for (const [key, text] of flatten(pt)) expect(text, key).not.toMatch(european);
  });
});
