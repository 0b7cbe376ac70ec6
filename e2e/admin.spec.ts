import { logInToBackOffice } from './back-office.ts';
import { expect, test } from './fixtures.ts';
import { randomPrefix, simulatorsUrl } from './game-play.ts';
import { registerWithSms } from './members.ts';

/**
 * The back office (issue 26), on a desktop at 1280 × 800: the demo staff member the e2e servers make
 * (DEMO_STAFF=1, scripts/test-server.mjs) logs in with password and authenticator code, finds a player by
 * mobile and opens their view.
 */
// The back office's first call asks who is logged in: before the login, the answer is a 401.
test.use({
  viewport: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
  allowConsoleError: /status of 401/,
});

test('an operator logs in with TOTP, finds a player by mobile and opens their view', async ({
  page,
  request,
}, testInfo) => {
  const player = await registerWithSms(page, request, {
    simulatorsUrl: simulatorsUrl(),
    prefix: randomPrefix(),
    verify: false,
  });

  await logInToBackOffice(page);

  // Logged in: the menu shows what the permissions allow.
  await page.getByRole('link', { name: 'Players' }).click();
  await page.getByRole('searchbox', { name: 'Mobile, member id or name' }).fill(player.mobile);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: player.mobile });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: player.mobile }).click();

  await expect(
    page.getByRole('heading', { name: new RegExp(`Player \\d+ · ${player.mobile}`) }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Balances' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Identity (KYC)' })).toBeVisible();
  await expect(page.getByText('Nothing sent')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Limits' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('player-view.png') });

  // Usable on a tablet held upright: nothing wider than the screen.
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(page.getByRole('link', { name: 'Players' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);

  // The language setting is the back office's own.
  await page.getByLabel('Language').selectOption('sw');
  await expect(page.getByRole('heading', { name: 'Salio' })).toBeVisible();
});
