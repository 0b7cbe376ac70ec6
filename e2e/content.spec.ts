import { expect, test } from './fixtures.ts';

test('a content page shows its title and text from the API', async ({ page }) => {
  await page.goto('/pages/branch/about-us');
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
  await expect(page.locator('.content-body p').first()).toContainText('WinSlots');
});

test('the FAQ lists questions that open to their answers', async ({ page }) => {
  await page.goto('/me/faq');
  const items = page.getByTestId('faq-item');
  await expect(items.first()).toBeVisible();
  expect(await items.count()).toBeGreaterThan(1);
  await items.first().locator('summary').click();
  await expect(items.first().locator('.faq__answer')).toBeVisible();
});

test('support shows the hotline and WhatsApp contacts', async ({ page }) => {
  await page.goto('/supports');
  const list = page.getByTestId('supports-list');
  const hotline = list.getByRole('link', { name: /Hotline/ });
  await expect(hotline).toContainText('0709 123 456');
  await expect(hotline).toHaveAttribute('href', 'tel:0709123456');
  const whatsApp = list.getByRole('link', { name: /WhatsApp/ });
  await expect(whatsApp.first()).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);
});

test('the home footer links the content pages and the responsible-gaming note', async ({ page }) => {
  await page.goto('/home');
  const footer = page.getByTestId('home-footer');
  await expect(footer.getByRole('link', { name: 'About us' })).toHaveAttribute(
    'href',
    '/pages/branch/about-us',
  );
  await expect(footer.getByRole('link', { name: 'Responsible gaming' })).toHaveAttribute(
    'href',
    '/pages/branch/responsible-gaming',
  );
  await expect(footer.getByRole('img', { name: 'Adults only, 18+' })).toBeVisible();
});
