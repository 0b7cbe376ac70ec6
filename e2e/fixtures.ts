import { test as base, expect, type ConsoleMessage } from '@playwright/test';

type Options = {
  /** Let the home popup advert appear (its session cookie marks it as seen otherwise, so it does not cover the page). */
  showPopupAdvert: boolean;
  /** Let the app's own install prompt appear when the browser offers install. */
  showInstallPrompt: boolean;
  /** Console errors the test expects (e.g. failed requests while offline). */
  allowConsoleError: RegExp | undefined;
};

export const test = base.extend<Options & { consoleErrors: string[] }>({
  showPopupAdvert: [false, { option: true }],
  showInstallPrompt: [false, { option: true }],
  allowConsoleError: [undefined, { option: true }],

  page: async ({ page, showPopupAdvert, showInstallPrompt }, use) => {
    await page.addInitScript(
      ({ popup, install }) => {
        if (!popup) {
          document.cookie = 'popup_seen=1; path=/';
          // The deposit tab's popup advert (300102) has its own once-per-session flag.
          sessionStorage.setItem('deposit_popup_seen', '1');
        }
        if (!install) sessionStorage.setItem('install_prompt', 'false');
      },
      { popup: showPopupAdvert, install: showInstallPrompt },
    );
    await use(page);
  },

  // Every test fails on a console error or an uncaught exception it did not expect.
  consoleErrors: [
    async ({ page, allowConsoleError }, use) => {
      const errors: string[] = [];
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() === 'error' && !allowConsoleError?.test(message.text()))
          errors.push(message.text());
      };
      page.on('console', onConsole);
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { Page } from '@playwright/test';

export function luckyWinUrl(path: string): string {
  const base = process.env.BASE_URL_LUCKYWIN;
  if (!base) throw new Error('BASE_URL_LUCKYWIN is not set: run the suite with `node e2e/run.mjs`');
  return new URL(path, base).toString();
}
