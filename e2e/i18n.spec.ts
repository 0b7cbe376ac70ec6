import type { Locator } from '@playwright/test';
import { expect, test, type Page } from './fixtures.ts';
import { chooseLanguage } from './language.ts';
import { expectNotClipped, expectOnScreen, SMALL_PHONE } from './layout.ts';
import { registerWithSms } from './members.ts';

test('switching to French changes the text and survives a reload', async ({ page }) => {
  await page.goto('/me');
  const tabBar = page.getByTestId('tab-bar');
  await expect(tabBar.getByRole('link', { name: 'Home' })).toBeVisible();

  await page.getByRole('button', { name: 'Français' }).click();
  await expect(tabBar.getByRole('link', { name: 'Accueil' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Français' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  await page.reload();
  await expect(tabBar.getByRole('link', { name: 'Accueil' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  // Operator content follows the language too (the server reads Accept-Language).
  await page.goto('/pages/branch/about-us');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('About us');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
});

/**
 * Issue 22 §3: nothing passes a 360 px screen's right edge, in English, French, Portuguese and Swahili: the page
 * does not scroll sideways (scrollWidth), and no element that is not inside a sideways-scrolling or
 * clipping box reaches past 360 px (Me's "Log out", lucky refund's "Buy codes" and "Results", the deposit
 * channel's name, "Records", the "Português" chip, the fairness page in French).
 */
test.describe('at 360 px', () => {
  test.use({ viewport: SMALL_PHONE });

  test('Me, lucky refund, deposit and the fairness page fit the screen in en, fr, pt and sw', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const simulatorsUrl = process.env.SIMULATORS_URL;
    if (!simulatorsUrl) throw new Error('run the suite with `node e2e/run.mjs`');
    await registerWithSms(page, request, { simulatorsUrl, prefix: '0718' });
    const pages: { path: string; named: () => Locator[] }[] = [
      {
        path: '/me',
        named: () => [page.locator('.me__logout'), page.getByRole('button', { name: 'Português' })],
      },
      {
        path: '/activities/lucky-refund/index',
        named: () => [page.locator('.lucky-refund__nav-link')],
      },
      {
        path: '/activities/lucky-refund/results',
        named: () => [page.locator('.lucky-refund__nav-link')],
      },
      {
        path: '/deposit',
        named: () => [page.locator('.nav-bar__link'), page.locator('.deposit-channel__name').first()],
      },
      { path: '/game-center/fair?game=dice&nonce=3', named: () => [] },
    ];
    for (const language of ['en', 'fr', 'pt', 'sw'] as const) {
      await chooseLanguage(page, language);
      for (const { path, named } of pages) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        for (const control of named()) {
          // The page may still grow above the control (a section that loads late): scroll again until it
          // stays on the screen.
          await expect(async () => {
            await control.scrollIntoViewIfNeeded();
            await expectOnScreen(page, control);
          }).toPass();
          await expectNotClipped(control);
        }
        await expect.poll(() => overflowsOf(page), { message: `${path} in ${language}` }).toEqual([]);
      }
    }
  });
});

/** What passes the screen's right edge: the page's own width, and each element not inside a box that scrolls or clips it. */
function overflowsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push(`page scrollWidth ${document.documentElement.scrollWidth}`);
    const contained = (element: Element): boolean => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (parent === document.body || parent === document.documentElement) return false;
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 0.5) continue;
      if (getComputedStyle(element).visibility === 'hidden' || contained(element)) continue;
      found.push(
        `${element.tagName.toLowerCase()}.${String(element.className)} "${(element.textContent ?? '').trim().slice(0, 30)}" right ${Math.round(box.right)}`,
      );
    }
    return found;
  });
}
