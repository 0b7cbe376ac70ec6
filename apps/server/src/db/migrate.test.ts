import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrationFiles, migrationName } from '../../test/migration-files.ts';
import { ALL_MIGRATIONS } from './migrate.ts';

const SRC = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

describe('the migrations the migrator runs (db/migrate.ts)', () => {
  it('are every migration file, each under its file name: the house’s and the programmes’', async () => {
    const files = migrationFiles(SRC);
    expect(files.length).toBeGreaterThan(40);
    expect(Object.keys(ALL_MIGRATIONS).sort()).toEqual(files.map(migrationName).sort());
    for (const file of files) {
      const migration = (await import(pathToFileURL(file).href)) as { up: unknown };
      expect(ALL_MIGRATIONS[migrationName(file)]?.up, file).toBe(migration.up);
    }
  });
});
