import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web app's request files follow one pattern (docs/style.md "Web app"): one request per file in an
 * `api/` folder, a cached read exported as a function named `…Query` that returns its query options, and
 * a key whose first element names the data once in the whole app (the cache is shared by every feature).
 */
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src');

function apiFiles(): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\/api\/[^/]+\.ts$/.test(full) && !full.endsWith('.test.ts')) files.push(full);
    }
  };
  walk(web);
  return files.map((file) => path.relative(web, file));
}

const files = apiFiles();
const textOf = (file: string) => readFileSync(path.join(web, file), 'utf8');

describe('the web app’s request files', () => {
  it('are found', () => {
    expect(files.length).toBeGreaterThan(80);
  });

  it.each(files)('%s is named verb-noun and makes one request', (file) => {
    expect(path.basename(file)).toMatch(/^[a-z]+(-[a-z0-9]+)*\.ts$/);
    const calls = textOf(file).match(/\brequest(<[^>]*>)?\(|\bfetch\(/g) ?? [];
    expect(calls.length, 'requests made in this file').toBeLessThanOrEqual(1);
  });

  it.each(files)('%s exports its cached reads as xQuery functions', (file) => {
    const text = textOf(file);
    expect(text, 'query options as a constant').not.toMatch(/export const \w+\s*(:\s*QueryOptions|=\s*\()/);
    for (const [, name] of text.matchAll(/export function (\w+)(?:<[^>]*>)?\([^)]*\):\s*QueryOptions</g)) {
      expect(name).toMatch(/^[a-z]\w*Query$/);
      expect(name).not.toMatch(/^get/);
    }
  });

  it('give every cached read a key of its own', () => {
    const owners = new Map<string, string>();
    for (const file of files) {
      for (const [, name = ''] of textOf(file).matchAll(/queryKey:[^[]*\[\s*'([^']+)'/g)) {
        expect(name, file).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        const owner = owners.get(name) ?? file;
        expect(owner, `key '${name}'`).toBe(file);
        owners.set(name, file);
      }
    }
    expect(owners.size).toBeGreaterThan(50);
  });

  it('leave the keys to the request files: no screen writes a query key', () => {
    const screens: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(full) && !/\/api\/|\.test\.tsx?$|\/lib\/query\.ts$/.test(full))
          screens.push(full);
      }
    };
    walk(web);
    const writers = screens.filter((file) => /\bqueryKey\s*:/.test(readFileSync(file, 'utf8')));
    expect(writers.map((file) => path.relative(web, file))).toEqual([]);
  });
});
