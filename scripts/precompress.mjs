// Writes .br and .gz beside every compressible file of a build folder, once at build time, so the server
// sends the smallest encoding a phone accepts without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;

function* files(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name) && statSync(full).size >= MIN_BYTES) yield full;
  }
}

const folder = process.argv[2];
if (!folder) throw new Error('usage: node scripts/precompress.mjs <folder>');
// Quiet on success: `npm start` and `npm run build` print only warnings and errors.
for (const file of files(folder)) {
  const content = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
