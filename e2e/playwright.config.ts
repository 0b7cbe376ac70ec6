import { defineConfig } from '@playwright/test';

const baseURL = process.env.BASE_URL;
if (!baseURL)
  throw new Error('BASE_URL is not set: run the suite with `node e2e/run.mjs` (npm run test:e2e)');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
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
  use: {
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-KE',
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
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
