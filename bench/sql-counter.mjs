// Loaded into a server by bench:games with BENCH_COUNT_SQL=1 (`node --import`): counts the statements the
// server's `pg` clients send (its pool's and pg-boss's), by the statement's text, and on SIGUSR2 writes the
// counts since the last signal to `$SQL_COUNT_FILE.<pid>.json` and starts again from zero. Statements run
// inside a database function (provider_bet's ledger_debit, a trigger) are not round trips and not counted.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// The `pg` the server loads: resolved from the server's package, as its own imports are.
const require = createRequire(path.join(process.cwd(), 'apps/server/package.json'));
const { Client } = require('pg');
const counts = new Map();
const original = Client.prototype.query;
Client.prototype.query = function countedQuery(config, ...rest) {
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text === 'string') {
    const key = text.replace(/\s+/g, ' ').trim().slice(0, 120);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return original.call(this, config, ...rest);
};
process.on('SIGUSR2', () => {
  const sorted = Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
  writeFileSync(`${process.env.SQL_COUNT_FILE}.${process.pid}.json`, JSON.stringify(sorted));
  counts.clear();
});
