import { expect, luckyWinUrl, test, type Page } from './fixtures.ts';

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
