// Starts two built servers (WinSlots, and LuckyWin with Christmas) on free ports with fresh embedded
// databases (copies of one empty database made first, scripts/test-server.mjs), runs the Playwright suite
// against them and stops them. Build first: npm run test:e2e.
// Extra arguments go to `playwright test` (e.g. `node e2e/run.mjs shell.spec.ts`).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePgliteTemplate, startServer } from '../scripts/test-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const template = await makePgliteTemplate();
  process.env.PGLITE_TEMPLATE_DIR = template.dir;
  const starts = await Promise.allSettled([
    startServer('winslots', { THEME: 'winslots', CHRISTMAS: '0' }),
    startServer('luckywin', { THEME: 'luckywin', CHRISTMAS: '1' }),
  ]);
  const failed = starts.find((start) => start.status === 'rejected');
  if (failed) {
    // The server that did start is stopped too: left running, it and its simulators outlive the run.
    await Promise.all(starts.map((start) => (start.status === 'fulfilled' ? start.value.stop() : undefined)));
    template.remove();
    throw failed.reason;
  }
  const servers = starts.map((start) => start.value);
  const stopAll = () => Promise.all(servers.map((server) => server.stop()));
  const onSignal = () => void stopAll().then(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const playwright = spawn(
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          BASE_URL: servers[0].url,
          BASE_URL_LUCKYWIN: servers[1].url,
          SIMULATORS_URL: servers[0].simulatorsUrl,
          SIMULATORS_URL_LUCKYWIN: servers[1].simulatorsUrl,
        },
      },
    );
    const code = await new Promise((resolve) => playwright.on('exit', (exitCode) => resolve(exitCode ?? 1)));
    if (code !== 0) {
      for (const server of servers)
        console.error(`--- ${server.name} server log (tail) ---\n${server.output().slice(-4000)}`);
      printFailedPages();
    }
    return code;
  } finally {
    await stopAll();
    template.remove();
  }
}

/**
 * Each failed test's page diary and what its page showed at the end (e2e/fixtures.ts writes them), last in
 * the output: a journey that fails once in CI leaves only the printed output to read.
 */
function printFailedPages() {
  const results = join(root, 'test-results', 'e2e');
  if (!existsSync(results)) return;
  for (const folder of readdirSync(results)) {
    const file = join(results, folder, 'failed-page.txt');
    if (!existsSync(file)) continue;
    console.error(
      `--- ${folder}: the page's diary and its end ---\n${readFileSync(file, 'utf8').slice(0, 8000)}`,
    );
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
