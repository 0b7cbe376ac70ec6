import { expect, test } from './fixtures.ts';

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
