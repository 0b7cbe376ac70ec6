import { createHash } from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import type pg from 'pg';

/**
 * Statements PostgreSQL parses and plans once per connection instead of on every call (named prepared
 * statements), for the few that run hundreds of times a second at a crash round's peak: a game session's
 * lookup, a bet's records, a batch of bets, a cash-out. Each was sent unnamed, so the backend parsed,
 * analysed and planned its text again every time: a third of PostgreSQL's CPU in a betting window (a
 * `perf` profile of bench:crash, docs/benchmarks.md 2026-12-06), for statements whose plans never change.
 *
 * A caller marks a compiled statement with `prepared` and executes it as usual; the pool's connections
 * (`namePreparedStatements`) then send it by its name, which node-postgres parses on a connection the
 * first time only. Only statements whose text is fixed may be marked (a batch passes its values as arrays,
 * never as a list of parameters of varying length): each text is kept by every connection for its life, so
 * the registry refuses more than MAX_PREPARED texts, which would mean a caller marking texts that vary.
 * PGlite ignores the names: it is one session in this process, with no network or parse to save.
 *
 * A prepared statement is still planned again with each call's values (a custom plan) for as long as
 * PostgreSQL expects that plan to be cheaper than its generic one. A statement whose rows come from an
 * array parameter always looks so (`unnest($1)` of a batch of one or two against the generic plan's
 * guess of ten), and was planned at every call. Such a statement reads its array through a sub-select,
 * `unnest((select $1::text[]))`, which hides the values from both plans alike: from the sixth call the
 * generic plan is chosen and kept (crash-statements.test.ts reads `pg_prepared_statements`).
 */
const MAX_PREPARED = 64;

const names = new Map<string, string>();

export function prepared<Row>(query: CompiledQuery<Row>): CompiledQuery<Row> {
  if (!names.has(query.sql)) {
    if (names.size >= MAX_PREPARED) {
      throw new Error(`more than ${MAX_PREPARED} prepared statements: a caller marks texts that vary`);
    }
    names.set(query.sql, `prepared_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`);
  }
  return query;
}

type QueryMethod = (...args: unknown[]) => unknown;

/**
 * Makes a pool's connection send marked statements by name (the pool's `connect` event). Kysely calls
 * `client.query(text, values)`; every other form of call passes through untouched.
 */
export function namePreparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryMethod;
  (client as unknown as { query: QueryMethod }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' && args.length === 2 ? names.get(text) : undefined;
    return name ? query({ name, text, values }) : query(...args);
  };
}
