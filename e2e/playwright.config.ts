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
  timeout: 30_000,
  expect: { timeout: 10_000 },
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
