import { GAME_PATHS } from '@app/contracts/paths';
import { expect, test } from './fixtures.ts';
import { api, type Envelope } from './game-play.ts';
import { expectNotClipped, SMALL_PHONE } from './layout.ts';

/**
 * Issue 25 §6: in Kenya a phone set to Swahili opens the app in Swahili with nothing chosen yet (the server's
 * first render, the app and the game frames alike), and the player's own choice outlasts it; a phone set to
 * English keeps English, with Kiswahili one tap away.
 */
test.describe('a Kenyan phone set to Swahili, at 360 px', () => {
  test.use({ viewport: SMALL_PHONE, locale: 'sw-KE' });

  test('opens the app and the games in Swahili until the player chooses another language', async ({
    page,
    request,
  }) => {
    // The first screen comes rendered in Swahili, so the page does not change language as the app starts.
    const first = await request.get('/home', { headers: { 'accept-language': 'sw-KE,sw;q=0.9' } });
    expect(await first.text()).toContain('<html lang="sw"');

    await page.goto('/home');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    const tabBar = page.getByTestId('tab-bar');
    for (const name of ['Nyumbani', 'Weka pesa', 'Toa pesa', 'Mimi']) {
      const tab = tabBar.getByRole('link', { name });
      await expect(tab).toBeVisible();
      await expectNotClipped(tab);
    }

    // The game frame speaks it too.
    const lobby = (await (await request.get(api(GAME_PATHS.lobby))).json()) as Envelope<{
      games: { id: number; name: string }[];
    }>;
    const dice = lobby.data.games.find((game) => game.name === 'Dice');
    expect(dice).toBeDefined();
    await page.goto(`/casino/demo/${dice?.id}`);
    const game = page.frameLocator('[data-testid="game-frame"]');
    await expect(game.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(game.getByTestId('play')).toHaveText('Rusha');

    // The picker names each language in its own words; English is a tap away and stays the choice.
    await page.goto('/me');
    await expect(page.getByRole('button', { name: 'Kiswahili' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(tabBar.getByRole('link', { name: 'Home' })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(tabBar.getByRole('link', { name: 'Home' })).toBeVisible();
  });
});

test('a Kenyan phone set to English opens in English, with Kiswahili on offer', async ({ page }) => {
  await page.goto('/me');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Kiswahili' })).toHaveAttribute('aria-pressed', 'false');
});
