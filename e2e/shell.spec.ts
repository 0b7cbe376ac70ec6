import { expect, test } from './fixtures.ts';

test.describe('app shell and routing', () => {
  test('the five tabs navigate and mark the active tab', async ({ page }) => {
    await page.goto('/home');
    const tabBar = page.getByRole('navigation', { name: 'Main menu' });
    await expect(tabBar).toBeVisible();
    const tabs = [
      ['Deposit', '/deposit'],
      ['Promotions', '/promotion'],
      ['Withdraw', '/withdraw'],
      ['Me', '/me'],
      ['Home', '/home'],
    ] as const;
    for (const [name, path] of tabs) {
      await tabBar.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(tabBar.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(tabBar.locator('[aria-current="page"]')).toHaveCount(1);
    }
  });

  test('every route change reports a page view to the server, with the previous page', async ({ page }) => {
    const reportOf = (path: string) =>
      page.waitForRequest(
        (request) =>
          request.url().endsWith('/api/analytics-service/page-view/report') &&
          new URLSearchParams(request.postData() ?? '').get('path') === path,
      );
    const homeReport = reportOf('/home');
    await page.goto('/home');
    await homeReport;
    const depositReport = reportOf('/deposit');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Deposit' }).click();
    const request = await depositReport;
    expect(new URLSearchParams(request.postData() ?? '').get('referrer')).toBe('/home');
    expect(request.headers()['platform']).toBe('3');
    expect((await request.response())?.status()).toBe(200);
  });

  test('/ goes to /home', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/home');
    await expect(page.getByTestId('brand-logo')).toBeVisible();
  });

  test('r on the index redirects onward to an in-app path', async ({ page }) => {
    await page.goto('/?r=/deposit');
    await expect(page).toHaveURL('/deposit');
    await expect(page.getByRole('heading', { level: 1, name: 'Deposit' })).toBeVisible();
  });

  test('r pointing at another site is ignored', async ({ page }) => {
    await page.goto('/?r=//evil.example');
    await expect(page).toHaveURL('/home');
    await page.goto('/?r=https://evil.example/');
    await expect(page).toHaveURL('/home');
  });

  test('an unknown path goes home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/home');
  });

  test('a page not built yet is an unknown path: no "coming soon" anywhere', async ({ page }) => {
    // Every activity the menus lead to is built (issues 14 to 16); an address that names none goes home.
    for (const path of ['/activities/no-such-activity', '/no-such-page/collect-cards']) {
      await page.goto(path);
      await expect(page).toHaveURL('/home');
    }
    await page.goto('/promotion');
    await expect(page.locator('.promotion-images img').first()).toBeVisible();
    await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  });

  test('an old hash address is rewritten to the real path', async ({ page }) => {
    await page.goto('/#/promotion');
    await expect(page).toHaveURL('/promotion');
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
  });

  test('withdraw asks a visitor to log in and comes back after', async ({ page }) => {
    await page.goto('/withdraw');
    const placeholder = page.getByTestId('login-required');
    await expect(placeholder).toBeVisible();
    await placeholder.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login\?r=(%2F|\/)withdraw$/);
  });

  test('a page that needs login asks first and leads to login with the return path', async ({ page }) => {
    await page.goto('/home');
    await page.goto('/member/messages');
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText('You have not logged in yet, please login !');
    await confirm.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login\?r=%2Fmember%2Fmessages$/);
  });

  test('back on an inner page opened directly goes home', async ({ page }) => {
    await page.goto('/supports');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL('/home');
  });
});

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('the server paints the home page at / as at /home', async ({ page }) => {
    for (const address of ['/', '/home']) {
      await page.goto(address);
      await expect(page.getByTestId('brand-logo')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    }
  });
});
