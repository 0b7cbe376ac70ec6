import { expect, test } from './fixtures.ts';

test.describe('home adverts', () => {
  test('the swipe banner shows the adverts from the API', async ({ page, request }) => {
    const answer = await request.get('/api/config-service/advertManager/queryAllByTypeId?typeId=500101');
    const { data } = (await answer.json()) as { data: { img: string; title: string }[] };
    expect(data.length).toBeGreaterThan(0);

    await page.goto('/home');
    const banner = page.getByTestId('swipe-banner');
    const first = banner.getByRole('img', { name: data[0]!.title });
    await expect(first).toBeVisible();
    await expect(first).toHaveAttribute('src', data[0]!.img);
    await expect
      .poll(() => first.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expect(banner.locator('img')).toHaveCount(data.length);
  });

  test('the home page paints from the data written into it, without calling the config API', async ({
    page,
  }) => {
    const configCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/config-service/')) configCalls.push(request.url());
    });
    // The server renders the first screen: the page as sent already holds the banner and menus.
    const sent = await (await page.request.get('/home')).text();
    expect(sent).toMatch(/<div id="root"><div class="app[^"]*">.*data-testid="swipe-banner"/s);
    expect(sent).toContain('Cash Rain');
    // Sent online: no "you are offline" bar for hydration to remove (the page would jump, LCP come late).
    expect(sent).not.toContain('data-testid="offline-bar"');

    await page.goto('/home', { waitUntil: 'networkidle' });
    await expect(page.getByTestId('swipe-banner').locator('img').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cash Rain', exact: true })).toBeVisible();
    await expect(page.getByText('0709 123 456')).toBeVisible();
    expect(configCalls).toEqual([]);
  });

  test('a closed floating advert stays closed after a reload', async ({ page }) => {
    await page.goto('/home');
    // The cash rain (open in the demo) holds the one floating place first; put away, the advert has it.
    await page.getByTestId('cash-rain-dock').locator('.floating-dock__close').click();
    const floating = page.getByTestId('floating-advert');
    await expect(floating).toBeVisible();
    // The advert is below the fold's boundary: the server's markup shows first, taps count once hydrated.
    await expect(page.locator('html[data-hydrated-later]')).toHaveCount(1);
    await floating.getByRole('button', { name: 'Close' }).click();
    await expect(floating).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('swipe-banner').locator('img').first()).toBeVisible();
    await expect(page.getByTestId('floating-advert')).toHaveCount(0);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'float_advert')).toBeTruthy();
  });
});

test.describe('popup lock', () => {
  test.use({ showPopupAdvert: true, showInstallPrompt: true });

  test('the install prompt waits while the popup advert is shown', async ({ page }) => {
    await page.goto('/home');
    const advert = page.getByTestId('popup-advert');
    await expect(advert).toBeVisible();

    // What Chrome does when it offers install.
    await page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(offer, {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(offer);
    });
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(page.getByTestId('install-prompt')).toHaveCount(0);

    await advert.getByRole('button', { name: 'Close' }).click();
    await expect(advert).toHaveCount(0);
    // The queued prompt gets its turn once the advert is gone.
    await expect(page.getByTestId('install-prompt')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);

    await page.getByRole('button', { name: 'Not now' }).click();
    await expect(page.getByTestId('install-prompt')).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('install_prompt'))).toBe('false');
  });
});
