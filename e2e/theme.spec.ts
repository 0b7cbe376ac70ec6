import { expect, luckyWinUrl, test, type Page } from './fixtures.ts';
import { chooseLanguage } from './language.ts';
import { expectAbove, expectInViewUncovered, SMALL_PHONE } from './layout.ts';

async function headerColour(page: Page): Promise<string> {
  return page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--color-header').trim(),
  );
}

test('the LuckyWin Christmas server looks different from WinSlots', async ({ page }) => {
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'winslots');
  await expect(page.locator('html')).toHaveAttribute('data-christmas', '0');
  await expect(page.getByTestId('brand-logo')).toHaveAttribute('src', /winslots-logo\.webp$/);
  const winslotsHeader = await headerColour(page);

  await page.goto(luckyWinUrl('/home'));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'luckywin');
  await expect(page.getByTestId('brand-logo')).toHaveAttribute('src', /luckywin-logo\.webp$/);
  await expect(page.getByTestId('brand-logo')).toHaveAttribute('alt', 'LuckyWin');
  expect(await headerColour(page)).not.toBe(winslotsHeader);

  // Christmas: the decoration is drawn on the header, and the festive banner leads the carousel.
  await expect(page.locator('html')).toHaveAttribute('data-christmas', '1');
  const snow = await page
    .locator('.home-header')
    .evaluate((header) => getComputedStyle(header, '::before').backgroundImage);
  expect(snow).toContain('radial-gradient');
  await expect(page.getByTestId('swipe-banner').locator('img').first()).toHaveAttribute('src', /christmas/);
});

/**
 * Issue 22 §3: on a 360 px phone, in both themes and in English and French (the longer "Jouer"), one
 * floating thing at most, docked above the tab bar, and every game card's Play button, brought into view
 * as a player scrolls to it, is wholly on screen and under nothing (the cash rain widget and the coin-spin
 * advert used to sit on one).
 */
for (const site of [
  { theme: 'winslots', url: (path: string) => path },
  { theme: 'luckywin', url: luckyWinUrl },
] as const) {
  test(`${site.theme}: at 360 px in en and fr, one docked floating element and every Play button on home uncovered`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(SMALL_PHONE);
    for (const [language, play] of [
      ['en', 'Play'],
      ['fr', 'Jouer'],
    ] as const) {
      await chooseLanguage(page, language);
      await page.goto(site.url('/home'));
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      // The cash rain (open all day in the demo) holds the one floating place; the advert waits its turn.
      const dock = page.locator('.floating-dock');
      await expect(page.getByTestId('cash-rain-widget')).toBeVisible();
      await expect(dock).toHaveCount(1);
      await expect(page.getByTestId('floating-advert')).toHaveCount(0);
      await expectAbove(dock, page.locator('.tab-bar'));
      const plays = page.getByRole('link', { name: play, exact: true }).filter({ visible: true });
      const count = await plays.count();
      expect(count, `Play buttons (${language})`).toBeGreaterThan(3);
      for (let index = 0; index < count; index += 1) {
        const button = plays.nth(index);
        await expectInViewUncovered(button, `${site.theme} ${language}: Play ${index + 1} of ${count}`, {
          scrolledTo: true,
        });
      }
      // Put away, the place goes to the next in line: the operator's floating advert, docked as well.
      await page.getByTestId('cash-rain-dock').locator('.floating-dock__close').click();
      await expect(page.getByTestId('floating-advert')).toBeVisible();
      await expect(dock).toHaveCount(1);
      await page.context().clearCookies({ name: 'rain_widget' });
    }
  });
}
