import { readdirSync } from 'node:fs';
import path from 'node:path';

/** A migration's file: `NNNN-<name>.ts`, the name the database records (kysely_migration). */
const MIGRATION_FILE = /^\d{4}-[a-z0-9-]+\.ts$/;

/**
 * Every migration file under `src` (absolute paths): the house's in `db/migrations/`, and each module's in
 * its `migrations/` folder (a promotion programme's come with its plug, docs/architecture.md).
 */
export function migrationFiles(src: string): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (path.basename(dir) === 'migrations' && MIGRATION_FILE.test(entry.name)) found.push(full);
    }
  };
  visit(src);
  return found;
}

/** Whether a source file is a migration (schema history: frozen, not a module's SQL). */
export function isMigrationFile(file: string): boolean {
  return path.basename(path.dirname(file)) === 'migrations' && MIGRATION_FILE.test(path.basename(file));
}

/** The name the database records for a migration file. */
export function migrationName(file: string): string {
  return path.basename(file, '.ts');
}
