import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What a newcomer reads in a clone must be in the clone: the README and the docs link only to files of
 * this repository (the design and specification folders beside it are not part of a clone).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const documents = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  ...readdirSync(path.join(root, 'apps'))
    .map((name) => `apps/${name}/README.md`)
    .filter((file) => existsSync(path.join(root, file))),
];

describe('the README and docs', () => {
  it('point the newcomer at the architecture and style in docs/', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain('](docs/architecture.md)');
    expect(readme).toContain('](docs/style.md)');
  });

  it.each(documents)('%s names no file outside the repository, and its links lead somewhere', (file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    expect(text).not.toMatch(/(\.\.\/)+shared\/|`shared\//);
    const links = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1] ?? '');
    const local = links.filter((link) => !/^[a-z]+:/i.test(link));
    for (const link of local) {
      expect(existsSync(path.resolve(root, path.dirname(file), link)), `${file} → ${link}`).toBe(true);
    }
  });
});
