import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The verification page runs this package in the browser, so its sources may use neither Node modules nor
// Node globals; only @noble/hashes, @noble/curves' BLS12-381 (the beacon's pairing) and each other. (The tests may: they are not shipped.)
const folder = new URL('./', import.meta.url);
const sources = readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

describe('package sources', () => {
  it.each(sources)('%s runs in a browser as well as in Node', (name) => {
    const text = readFileSync(new URL(name, folder), 'utf8');
    const imports = [...text.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
    for (const specifier of imports)
      expect(specifier).toMatch(
        /^(\.\/[a-z0-9-]+\.ts|@noble\/hashes\/[a-z0-9]+\.js|@noble\/curves\/bls12-381\.js)$/,
      );
    expect(text).not.toMatch(/\b(require|Buffer|process|__dirname)\b|import\(/);
  });
});
