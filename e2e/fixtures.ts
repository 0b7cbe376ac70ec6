import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
} from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { SMALL_PHONE } from './layout.ts';
import { startPrivateServer, type PrivateServer, type PrivateServerSetup } from './private-server.ts';

type Options = {
  /** Let the home popup advert appear (its session cookie marks it as seen otherwise, so it does not cover the page). */
  showPopupAdvert: boolean;
  /** Let the app's own install prompt appear when the browser offers install. */
  showInstallPrompt: boolean;
  /** Console errors the test expects (e.g. failed requests while offline). */
  allowConsoleError: RegExp | undefined;
};

/**
 * Another phone of the test: a browser context of its own (its own cookies and storage, so its own login),
 * set up like `page` (same device options, popup flags, and no unexpected console error).
 */
type NewPhone = () => Promise<Page>;

/**
 * Marks the popup adverts and the install prompt as seen, unless the test wants them. The popups that come
 * by the clock or a member's day (the coins event, the daily sign-in, lucky refund's last-minute countdown)
 * are always marked seen: a test that shows the adverts would otherwise meet one of them by chance (the
 * countdown in the last minute of every hour, the sign-in whenever it loads after the test moved on).
 */
async function quietPopups(page: Page, options: { popup: boolean; install: boolean }): Promise<void> {
  await page.addInitScript(
    ({ popup, install }) => {
      if (!popup) {
        document.cookie = 'popup_seen=1; path=/';
        // The deposit tab's popup advert (300102) has its own once-per-session flag.
        sessionStorage.setItem('deposit_popup_seen', '1');
        // The promotion tab's popup advert (900104).
        document.cookie = 'promotion_popup_seen=1; path=/';
      }
      // The coins event popup (once per site day).
      localStorage.setItem('coin_event_seen', '9999-12-31');
      // The daily sign-in's popup on home (once per site day) has its own session flag too.
      sessionStorage.setItem('daily_bonus_popup_seen', '1');
      // Lucky refund's countdown popup on home (the last minute of every round, issue 16).
      document.cookie = 'lucky_refund_countdown=1; path=/';
      if (!install) sessionStorage.setItem('install_prompt', 'false');
    },
    { popup: options.popup, install: options.install },
  );
}

/** Collects the page's console errors (other than `allowed`) and uncaught exceptions into `errors`. */
function watchConsole(page: Page, errors: string[], allowed: RegExp | undefined): void {
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' && !allowed?.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
}

/**
 * What a page went through (its console at every level, failed and refused requests, its addresses), kept
 * so a failed test shows it: a journey that fails once in CI leaves no trace file behind to read, only the
 * printed report.
 */
function keepDiary(page: Page, diary: string[]): void {
  const started = Date.now();
  const note = (line: string) => diary.push(`+${((Date.now() - started) / 1000).toFixed(2)}s ${line}`);
  const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
  page.on('console', (message) => note(`console.${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => note(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) =>
    note(`failed ${request.method()} ${shortUrl(request.url())}: ${request.failure()?.errorText ?? ''}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400)
      note(`${response.status()} ${response.request().method()} ${shortUrl(response.url())}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`at ${shortUrl(frame.url())}`);
  });
}

const DIARY_LINES = 60;
/** The file of a failed test's diary and page, in its output folder; e2e/run.mjs prints it by this name. */
const FAILED_PAGE_FILE = 'failed-page.txt';

type PrivateServerFixtures = {
  /** A server of the spec's own (e2e/private-server.ts); set at the spec's top level with `test.use`. */
  privateServerSetup: PrivateServerSetup | undefined;
  /** The server `privateServerSetup` asks for, started once for the worker; none without a setup. */
  runningPrivateServer: (PrivateServer & { stop: () => Promise<void> }) | undefined;
  /** The spec's own server (its address, its clock): a spec without `privateServerSetup` has none. */
  privateServer: PrivateServer;
};

export const test = base.extend<
  Options & { consoleErrors: string[]; newPhone: NewPhone; privateServerLog: void },
  PrivateServerFixtures
>({
  privateServerSetup: [undefined, { option: true, scope: 'worker' }],
  runningPrivateServer: [
    async ({ privateServerSetup, playwright }, use) => {
      if (!privateServerSetup) return use(undefined);
      const server = await startPrivateServer(privateServerSetup, playwright);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    // A fresh database migrates in about a minute on a busy machine (SERVER_READY_TIMEOUT_MS is 90 s).
    { scope: 'worker', timeout: 180_000 },
  ],
  privateServer: [
    async ({ runningPrivateServer }, use) => {
      if (!runningPrivateServer)
        throw new Error('no private server: set test.use({ privateServerSetup }) at the top of the spec');
      await use(runningPrivateServer);
    },
    { scope: 'worker' },
  ],
  // With a private server, the test's pages and requests open it rather than the suite's shared server.
  baseURL: async ({ baseURL, runningPrivateServer }, use) => use(runningPrivateServer?.url ?? baseURL),
  // A failed test on a private server shows the end of that server's log (run.mjs prints the shared ones').
  privateServerLog: [
    async ({ runningPrivateServer }, use, testInfo) => {
      await use();
      if (runningPrivateServer && testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('private server log (tail)', {
          body: runningPrivateServer.output().slice(-4000),
          contentType: 'text/plain',
        });
      }
    },
    { auto: true },
  ],

  showPopupAdvert: [false, { option: true }],
  showInstallPrompt: [false, { option: true }],
  allowConsoleError: [undefined, { option: true }],

  page: async ({ page, showPopupAdvert, showInstallPrompt }, use, testInfo) => {
    await quietPopups(page, { popup: showPopupAdvert, install: showInstallPrompt });
    const diary: string[] = [];
    keepDiary(page, diary);
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) {
      // What the player saw at the end, beside the diary: run.mjs prints both after a failed run (the
      // report prints only 300 characters of an attachment).
      const seen = await page
        .locator('body')
        .ariaSnapshot({ timeout: 2000 })
        .catch((error: unknown) => `(no snapshot: ${String(error)})`);
      mkdirSync(testInfo.outputDir, { recursive: true });
      writeFileSync(
        testInfo.outputPath(FAILED_PAGE_FILE),
        [...diary.slice(-DIARY_LINES), '--- the page at the end', seen].join('\n'),
      );
    }
  },

  // Every test fails on a console error or an uncaught exception it did not expect.
  consoleErrors: [
    async ({ page, allowConsoleError }, use) => {
      const errors: string[] = [];
      watchConsole(page, errors, allowConsoleError);
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],

  newPhone: async (
    {
      browser,
      baseURL,
      viewport,
      isMobile,
      hasTouch,
      locale,
      serviceWorkers,
      showPopupAdvert,
      showInstallPrompt,
      allowConsoleError,
    },
    use,
  ) => {
    const contexts: BrowserContext[] = [];
    const errors: string[] = [];
    await use(async () => {
      const context = await browser.newContext({
        baseURL,
        viewport,
        isMobile,
        hasTouch,
        locale,
        serviceWorkers,
      });
      contexts.push(context);
      const page = await context.newPage();
      await quietPopups(page, { popup: showPopupAdvert, install: showInstallPrompt });
      watchConsole(page, errors, allowConsoleError);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
    expect(errors, 'console errors on the other phones').toEqual([]);
  },
});

/**
 * A small phone on a server a spec started for itself (`baseURL`), popups quiet like `page`'s; its console
 * errors and uncaught exceptions go into `errors` when given (the spec checks them).
 */
export async function phoneOn(browser: Browser, baseURL: string, errors?: string[]): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: SMALL_PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'en-KE',
  });
  const page = await context.newPage();
  if (errors) watchConsole(page, errors, undefined);
  await quietPopups(page, { popup: false, install: false });
  return page;
}

export { expect };
export type { Page } from '@playwright/test';
export type { PrivateServer } from './private-server.ts';

export function luckyWinUrl(path: string): string {
  const base = process.env.BASE_URL_LUCKYWIN;
  if (!base) throw new Error('BASE_URL_LUCKYWIN is not set: run the suite with `node e2e/run.mjs`');
  return new URL(path, base).toString();
}
