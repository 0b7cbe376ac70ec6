import type { APIRequestContext, Page } from '@playwright/test';
import { API_BASE, GAME_PATHS } from '@app/contracts/paths';
import { expect, test } from './fixtures.ts';
import { depositByPhone, registerWithSms, type RegisteredMember } from './members.ts';

/**
 * The game centre on WinSlots, end to end: the lobby on the home page, the launch popup and the drawer's
 * categories, a demo in the frame without login, a real launch that asks to log in and then to top up, a
 * funded member playing the provider simulator's game in the frame, and the game records.
 */

function simulatorsUrl(): string {
  const url = process.env.SIMULATORS_URL;
  if (!url) throw new Error('SIMULATORS_URL is not set: run the suite with `node e2e/run.mjs`');
  return url;
}

const api = (path: string) => `${API_BASE}${path}`;

function register(page: Page, request: APIRequestContext): Promise<RegisteredMember> {
  return registerWithSms(page, request, { simulatorsUrl: simulatorsUrl(), prefix: '0716' });
}

/** Logged out in this browser (cookie and stored token gone), as a visitor. */
async function forget(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
}

const card = (page: Page, name: string) => page.getByRole('article', { name }).first();

test.describe('game centre on WinSlots', () => {
  test('the home page shows the categories as rows of games with labels, and the launch popup', async ({
    page,
  }) => {
    await page.goto('/home');
    const rows = page.getByTestId('game-row');
    await expect(rows).toHaveCount(5);
    await expect(rows.locator('h2')).toHaveText([
      'Hot',
      'Slots',
      'Originals',
      'Table & Instant',
      'Providers',
    ]);
    const safari = card(page, 'Safari Riches');
    await expect(safari).toBeVisible();
    await expect(safari.getByText('New')).toBeVisible();
    await expect(safari.getByText('Bonus')).toBeVisible();
    await expect(safari.getByRole('link', { name: 'Demo' })).toBeVisible();
    await expect(safari.locator('img')).toHaveJSProperty('complete', true);

    // A game without a demo: its card and popup offer Play only. The cards come in the server's markup:
    // a tap on a cover counts once the game area has hydrated.
    await expect(page.locator('html[data-hydrated-later]')).toHaveCount(1);
    const sevens = card(page, 'Neon Sevens');
    await sevens.scrollIntoViewIfNeeded();
    await expect(sevens.getByRole('link', { name: 'Demo' })).toHaveCount(0);
    await sevens.getByRole('button', { name: 'Open Neon Sevens' }).click();
    const popup = page.getByTestId('launch-popup');
    await expect(popup.getByRole('heading', { name: 'Neon Sevens' })).toBeVisible();
    await expect(popup.getByRole('link', { name: 'Demo' })).toHaveCount(0);
    await expect(popup.getByRole('link', { name: 'Play' })).toBeVisible();
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toHaveCount(0);

    await safari.getByRole('button', { name: 'Open Safari Riches' }).click();
    await expect(page.getByTestId('launch-popup').getByRole('link', { name: 'Demo' })).toBeVisible();
  });

  test('the drawer lists the game categories with their counts', async ({ page }) => {
    await page.goto('/home');
    // The menu button comes in the server's markup: a tap counts once the page has hydrated.
    await expect(page.locator('html[data-hydrated-later]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const categories = page.getByTestId('drawer-categories');
    await expect(categories.getByRole('link', { name: /^Hot/ })).toBeVisible();
    await expect(categories.getByLabel('Games: 5').first()).toHaveText('5');
    await categories.getByRole('link', { name: /^Providers/ }).click();
    await expect(page).toHaveURL(/\/categories\/\d+\/games$/);
    await expect(page.getByRole('heading', { name: 'Providers' })).toBeVisible();
    await expect(page.getByTestId('game-card')).toHaveCount(2);
  });

  test('a visitor plays an in-house game in demo: the frame opens without login, with the warning', async ({
    page,
  }) => {
    await page.goto('/home');
    const framePage = page.waitForResponse((response) => response.url().includes('/game-center/games/demo/'));
    await card(page, 'Safari Riches').getByRole('link', { name: 'Demo' }).click();
    await expect(page).toHaveURL(/\/casino\/demo\/\d+$/);
    await expect(page.getByTestId('demo-warning')).toContainText(
      'demo money is for fun only and cannot be withdrawn',
    );
    const frame = page.getByTestId('game-frame');
    await expect(frame).toHaveAttribute('src', /^\/game-center\/games\/demo\/\d+\?session=/);
    expect((await framePage).status()).toBe(200);
    await expect(page.getByTestId('deposit-shortcut')).toHaveCount(0);

    await page.getByRole('button', { name: 'Close' }).first().click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test.describe('real money', () => {
    // A refused launch (top up first) is an HTTP 409, which Chromium reports in the console.
    test.use({ allowConsoleError: /status of 409/ });

    test('asks a visitor to log in, then a member with no money to top up first', async ({
      page,
      request,
    }) => {
      const member = await register(page, request);
      await forget(page);

      await page.goto('/home');
      await card(page, 'Safari Riches').getByRole('link', { name: 'Play' }).click();
      const confirm = page.getByTestId('confirm-dialog');
      await expect(confirm).toContainText('You have not logged in yet, please login !');
      await confirm.getByRole('button', { name: 'Log in' }).click();
      await expect(page).toHaveURL(/\/login\?r=%2Fcasino%2Flaunch%2F\d+/);

      await page.getByLabel('Mobile number').fill(member.mobile);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret12');
      await page.getByRole('button', { name: 'Log in' }).last().click();
      await expect(page).toHaveURL(/\/casino\/launch\/\d+\?show=1&refresh=1$/);

      const topUp = page.getByTestId('confirm-dialog');
      await expect(topUp).toContainText('Please top up first');
      await topUp.getByRole('button', { name: 'Deposit' }).click();
      await expect(page).toHaveURL(/\/deposit$/);
    });
  });

  test('a member with money plays the provider game in the frame and sees the round in the records', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const member = await register(page, request);
    await page.goto('/me/game-records');
    await expect(page.getByTestId('game-records-empty')).toContainText('No bets yet');

    await depositByPhone(request, member, 50_000, simulatorsUrl());
    await page.goto('/home');
    await card(page, 'Lucky Fruits').getByRole('link', { name: 'Play' }).click();
    await expect(page).toHaveURL(/\/casino\/launch\/\d+\?show=1&refresh=1$/);
    const frame = page.getByTestId('game-frame');
    await expect(frame).toHaveAttribute('src', new RegExp(`^${simulatorsUrl()}/hub88/games/launch\\?token=`));
    const src = new URL((await frame.getAttribute('src')) ?? '');
    expect(src.searchParams.get('game_code')).toBe('hub88sim_lucky_fruits');
    expect(src.searchParams.get('currency')).toBe('KES');
    expect(src.searchParams.get('lobby_url')).toMatch(/\/home$/);
    expect(src.searchParams.get('deposit_url')).toMatch(/\/deposit$/);
    await expect(page.getByTestId('deposit-shortcut')).toBeVisible();

    // The simulator's own page, in the frame, with the balance our wallet API told it.
    const game = page.frameLocator('[data-testid="game-frame"]');
    await expect(game.getByRole('heading', { name: 'Lucky Fruits' })).toBeVisible();
    // KES 500 from M-Pesa less the 5 % excise.
    await expect(game.locator('#balance')).toHaveText('475.00 KES');
    await game.getByRole('button', { name: 'Spin' }).click();
    await expect(game.locator('#message')).not.toBeEmpty();

    const online = (await (await request.get(api(GAME_PATHS.online))).json()).data as {
      id: number;
      onlineUsers: number;
    }[];
    expect(online.some((entry) => entry.onlineUsers >= 1)).toBe(true);

    await page.goto('/me/game-records');
    const record = page.getByTestId('game-record').first();
    await expect(record).toContainText('Lucky Fruits');
    // The simulator's first stake: Kenya's legal minimum.
    await expect(record).toContainText('KES 20.00');
  });
});
