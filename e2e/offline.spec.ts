import { expect, test } from './fixtures.ts';

// Offline, the browser logs the requests it could not make; that is the point of this test.
test.use({ allowConsoleError: /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/ });

test('the home shell opens offline once the service worker controls the page', async ({ page, context }) => {
  await page.goto('/home');
  await expect(page.getByTestId('swipe-banner').locator('img').first()).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await page.reload();

  await expect(page.getByTestId('tab-bar')).toBeVisible();
  const logo = page.getByTestId('brand-logo');
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  // Adverts come from the app's own local copies.
  await expect(page.getByTestId('swipe-banner').locator('img').first()).toBeVisible();
  await context.setOffline(false);
});

test('every file the service worker precaches is served (one missing file fails its install)', async ({
  request,
}) => {
  const worker = await (await request.get('/sw.js')).text();
  const list = /const SHELL_FILES = (\[[^\]]*\]);/.exec(worker)?.[1];
  expect(list, 'SHELL_FILES in sw.js').toBeTruthy();
  const files = JSON.parse(list ?? '[]') as string[];
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) expect((await request.get(file)).status(), file).toBe(200);
});
