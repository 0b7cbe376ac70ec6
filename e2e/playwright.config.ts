import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const baseURL = process.env.BASE_URL;
if (!baseURL) throw new Error('BASE_URL is not set: run the suite with `node e2e/run.mjs`');

/**
 * The specs that start a server of their own (`test.use({ privateServerSetup })`, e2e/private-server.ts).
 * Their journeys mostly wait on the server's clock and jobs (a round's close, a week's settlement, a
 * referral's payout), so they run one at a time on one worker while the other worker runs the CPU-heavy
 * journeys of the shared servers beside them. Left in one queue, Playwright runs them last (a new worker
 * option sorts after the default), two at a time, with the CPU half idle at the end of the suite.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const ownServerSpecs = readdirSync(here).filter(
  (file) =>
    file.endsWith('.spec.ts') && readFileSync(path.join(here, file), 'utf8').includes('privateServerSetup:'),
);

export default defineConfig({
  testDir: '.',
  workers: 2,
  retries: 0,
  reporter: 'list',
  // Generous waits: CI shares two cores between Chromium, two servers and their databases, and on a busy
  // host a page can take ten seconds to show what a phone shows in one. A wait ends as soon as its
  // condition holds, so a passing run is no slower for them.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  forbidOnly: true,
  outputDir: '../test-results/e2e',
  // First in the queue, at most one worker: the other takes the shared servers' journeys meanwhile.
  projects: [
    { name: 'own-server', testMatch: ownServerSpecs, workers: 1 },
    { name: 'shared', testMatch: '**/*.spec.ts', testIgnore: ownServerSpecs },
  ],
  use: {
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-KE',
    serviceWorkers: 'allow',
    // A failed journey keeps its trace (each action's DOM, network and console) and a screenshot of where it
    // stopped. The trace's film strip is left out: recording it encodes a frame at every paint of every
    // journey, passed or failed, and on CI's two cores the browsers' CPU is what the suite waits for.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
