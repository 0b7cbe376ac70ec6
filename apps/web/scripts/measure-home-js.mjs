// Sums the gzipped size of the JS the home screen loads: index.html's scripts and modulepreloads plus
// every chunk they import statically. Dynamic imports (lazy screens, fr/pt) are not counted.
// Usage: node apps/web/scripts/measure-home-js.mjs [distDir] [budgetKB]
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? new URL('../dist', import.meta.url).pathname;
const budget = Number(process.argv[3] ?? 100) * 1000;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const queue = [
  ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g),
].map((match) => match[1]);
const seen = new Set();
let total = 0;
while (queue.length) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(join(dist, file));
  const size = gzipSync(code, { level: 9 }).length;
  total += size;
  console.log(`${(size / 1000).toFixed(2).padStart(8)} KB  ${file}`);
  // Static imports only: `import{..}from"./x.js"` and `import"./x.js"`, never `import("./x.js")`.
  for (const match of code.toString('utf8').matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)) {
    queue.push(posix.join(posix.dirname(file), match[1]));
  }
}
console.log(
  `${(total / 1000).toFixed(2).padStart(8)} KB  total gzipped JS for /home (budget ${budget / 1000} KB)`,
);
process.exitCode = total <= budget ? 0 : 1;
