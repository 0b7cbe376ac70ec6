import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isMigrationFile, migrationFiles, migrationName } from '../../test/migration-files.ts';
import { moduleOf, OWNER_EXCEPTIONS, type Access } from './table-owners.ts';

/**
 * The tables' owners (issue 23 §4, db/table-owners.ts), checked by reading the source: no database. Every
 * module's SQL is found in its .ts files (tests left out: a test builds its fixtures through any table) as
 * the table names Kysely's builders take (`selectFrom('member as m')`, `insertInto`, `innerJoin`…) and the
 * table names of raw SQL text (`sql` templates and the database functions' texts: `insert into`, `update …
 * set`, `delete from`, `from`, `join`).
 */

const SRC = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** Where modules' SQL may be: the modules, and the composition that wires them. */
const SCANNED = [path.join(SRC, 'modules'), path.join(SRC, 'composition')];
const sourceOf = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

const WRITE_METHODS = new Set(['insertInto', 'updateTable', 'deleteFrom', 'mergeInto', 'replaceInto']);
const READ_METHODS = new Set([
  'selectFrom',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'crossJoinLateral',
  'using',
]);

/** Raw SQL: the statement words before a table name. A write is also matched as a read (`delete from`). */
const RAW_WRITES = [
  /\binsert\s+into\s+([a-z_][a-z0-9_]*)/gi,
  /\bupdate\s+(?:only\s+)?([a-z_][a-z0-9_]*)(?:\s+(?:as\s+)?[a-z_][a-z0-9_]*)?\s+set\b/gi,
  /\bdelete\s+from\s+(?:only\s+)?([a-z_][a-z0-9_]*)/gi,
  /\bmerge\s+into\s+([a-z_][a-z0-9_]*)/gi,
  /\btruncate\s+(?:table\s+)?([a-z_][a-z0-9_]*)/gi,
];
const RAW_READS = [/\b(?:from|join)\s+(?:only\s+)?([a-z_][a-z0-9_]*)/gi];
/** Text that is SQL although not in a `sql` template: a database function's body, a statement in a string. */
const LOOKS_LIKE_SQL = /\b(select|insert\s+into|update|delete\s+from|create\s+(or\s+replace\s+)?function)\b/i;

type Use = { module: string; table: string; access: Access; at: string };

/** Builder calls whose table is a variable: the scan cannot tell which table they touch. */
const unreadable: string[] = [];

function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return moduleFiles(full);
    // A programme's migrations are schema history (frozen), not its SQL, as are db/migrations'.
    const isSource = entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !isMigrationFile(full);
    return isSource ? [full] : [];
  });
}

function tableOf(name: string): string {
  return name
    .trim()
    .split(/\s+as\s+/i)[0]!
    .trim();
}

/** Every table the SQL of one file reads or writes, with where. */
function usesIn(file: string): Use[] {
  const relative = sourceOf(file);
  const module = moduleOf(relative);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const uses: Use[] = [];
  const add = (table: string, access: Access, node: ts.Node) => {
    if (!OWNERS.has(table)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    uses.push({ module, table, access, at: `${relative}:${line + 1}` });
  };
  const scanText = (text: string, node: ts.Node) => {
    const sqlText = text.replace(/--[^\n]*/g, ' ');
    for (const pattern of RAW_WRITES) {
      for (const match of sqlText.matchAll(pattern)) add(match[1]!.toLowerCase(), 'write', node);
    }
    for (const pattern of RAW_READS) {
      for (const match of sqlText.matchAll(pattern)) add(match[1]!.toLowerCase(), 'read', node);
    }
  };
  const templateText = (template: ts.TemplateLiteral) =>
    ts.isNoSubstitutionTemplateLiteral(template)
      ? template.text
      : [template.head.text, ...template.templateSpans.map((span) => ` ? ${span.literal.text}`)].join('');

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const access = WRITE_METHODS.has(method) ? 'write' : READ_METHODS.has(method) ? 'read' : undefined;
      const first = node.arguments[0];
      if (access && first) {
        const names = ts.isArrayLiteralExpression(first) ? [...first.elements] : [first];
        for (const name of names) {
          if (ts.isStringLiteralLike(name)) add(tableOf(name.text), access, name);
          else if (ts.isIdentifier(name) || ts.isTemplateExpression(name)) {
            const { line } = source.getLineAndCharacterOfPosition(name.getStart());
            unreadable.push(`${relative}:${line + 1} ${method}(${name.getText(source)})`);
          }
        }
      }
    }
    if (ts.isTaggedTemplateExpression(node)) {
      scanText(templateText(node.template), node);
    } else if (ts.isTemplateLiteral(node) && !ts.isTaggedTemplateExpression(node.parent)) {
      const text = templateText(node);
      if (LOOKS_LIKE_SQL.test(text)) scanText(text, node);
    } else if (ts.isStringLiteral(node) && LOOKS_LIKE_SQL.test(node.text)) {
      scanText(node.text, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

/** Each table's owner: the module whose tables file declares its type (`db` for schema.ts's own). */
const declaredTwice: string[] = [];
const OWNERS = declaredTables();
const uses = SCANNED.flatMap(moduleFiles).flatMap(usesIn);

/** Uses of a table by a module that does not own it, one line per (module, table, access). */
function foreignUses(access: Access): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const use of uses) {
    if (use.access !== access || OWNERS.get(use.table) === use.module) continue;
    const key = `${use.module} ${access}s ${use.table}`;
    found.set(key, [...(found.get(key) ?? []), use.at]);
  }
  return found;
}

function excepted(access: Access): Set<string> {
  return new Set(
    OWNER_EXCEPTIONS.filter((exception) => access === 'read' || exception.access === 'write').map(
      (exception) => `${exception.module} ${access}s ${exception.table}`,
    ),
  );
}

/** The tables each `<module>.tables.ts` (and schema.ts, for db_routine) declares in its `…Tables` type. */
function declaredTables(): Map<string, string> {
  const schema = path.join(SRC, 'db', 'schema.ts');
  const files = [schema, ...SCANNED.flatMap(moduleFiles).filter((file) => file.endsWith('.tables.ts'))];
  const declared = new Map<string, string>();
  for (const file of files) {
    const owner = file === schema ? 'db' : moduleOf(sourceOf(file));
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (!ts.isTypeAliasDeclaration(statement) || !statement.name.text.endsWith('Tables')) continue;
      if (!ts.isTypeLiteralNode(statement.type)) continue;
      for (const member of statement.type.members) {
        if (!member.name || !ts.isIdentifier(member.name)) continue;
        const earlier = declared.get(member.name.text);
        if (earlier !== undefined) declaredTwice.push(`${member.name.text}: ${earlier} and ${owner}`);
        declared.set(member.name.text, owner);
      }
    }
  }
  return declared;
}

/** The tables the migrations leave (the house's and the programmes'): each `up`'s creates and drops, in order. */
function migratedTables(): Set<string> {
  const statement =
    /(create|drop)\s+table\s+(?:if\s+(?:not\s+)?exists\s+)?([a-z_][a-z0-9_]*)|(createTable|dropTable)\(\s*'([a-z_][a-z0-9_]*)'/gi;
  const tables = new Set<string>();
  const files = migrationFiles(SRC).sort((a, b) => migrationName(a).localeCompare(migrationName(b)));
  for (const file of files) {
    const up = readFileSync(file, 'utf8').split(/export async function down/)[0]!;
    for (const match of up.matchAll(statement)) {
      const verb = (match[1] ?? match[3]!).toLowerCase();
      const table = (match[2] ?? match[4]!).toLowerCase();
      if (verb.startsWith('create')) tables.add(table);
      else tables.delete(table);
    }
  }
  return tables;
}

describe('table owners (db/table-owners.ts)', () => {
  it('finds the SQL it checks (the scan is not blind)', () => {
    const key = (use: Use) => `${use.module} ${use.access}s ${use.table}`;
    const seen = new Set(uses.map(key));
    // One of each way SQL is written: a Kysely builder, an alias and a join, a `sql` template, a database function.
    expect(seen).toContain('platform/wallet writes journal_entry');
    expect(seen).toContain('games/catalogue reads game');
    expect(seen).toContain('promotions/cash-back writes cash_back_loss');
    expect(seen).toContain('games/provider writes provider_transaction');
    expect(
      uses.find(
        (use) => use.at.startsWith('modules/platform/wallet/ledger.sql.ts') && use.table === 'money_fact',
      ),
    ).toBeDefined();
  });

  it('sees the table of every builder call (none is named by a variable)', () => {
    expect(unreadable).toEqual([]);
  });

  it('names a module by its layer and folder', () => {
    expect(moduleOf('modules/promotions/cash-back/cash-back.repository.ts')).toBe('promotions/cash-back');
    expect(moduleOf('modules/payments/channels/channels.tables.ts')).toBe('payments/channels');
    expect(moduleOf('modules/promotions/plugs.ts')).toBe('promotions');
    expect(moduleOf('composition/home/first-screen.ts')).toBe('composition');
  });

  it('no module writes a table another module owns, outside the declared exceptions', () => {
    const allowed = excepted('write');
    const offences = [...foreignUses('write')].filter(([key]) => !allowed.has(key));
    expect(offences.map(([key, at]) => `${key} (${at.join(', ')})`)).toEqual([]);
  });

  it('no module reads a table another module owns, outside the declared exceptions', () => {
    const allowed = excepted('read');
    const offences = [...foreignUses('read')].filter(([key]) => !allowed.has(key));
    expect(offences.map(([key, at]) => `${key} (${at.join(', ')})`)).toEqual([]);
  });

  it('every exception is still needed and says why', () => {
    const found = new Set([...foreignUses('read').keys(), ...foreignUses('write').keys()]);
    for (const exception of OWNER_EXCEPTIONS) {
      expect(found, `stale exception: ${exception.module} ${exception.access}s ${exception.table}`).toContain(
        `${exception.module} ${exception.access}s ${exception.table}`,
      );
      expect(exception.why.length).toBeGreaterThan(20);
    }
  });

  it('every table has one owner: no two modules declare it', () => {
    expect(declaredTwice).toEqual([]);
  });

  it('every table the migrations create has a type, in its owner module', () => {
    expect([...migratedTables()].sort()).toEqual([...OWNERS.keys()].sort());
  });
});
