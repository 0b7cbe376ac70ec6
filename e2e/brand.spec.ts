import type { APIRequestContext } from '@playwright/test';
import { GAME_PATHS } from '@app/contracts/paths';
import { expect, luckyWinUrl, test } from './fixtures.ts';
import { chooseLanguage } from './language.ts';
import { api } from './game-play.ts';

/**
 * The brand is configuration: a LuckyWin server shows LuckyWin everywhere a brand shows (its name, its
 * operator's licence and address in the footer, its own art in the popup advert, the deposit icons and
 * the game pages), in every language, and a WinSlots server shows WinSlots. On a 360 px phone.
 */

test.use({ viewport: { width: 360, height: 740 }, showPopupAdvert: true });

const LANGUAGES = ['en', 'fr', 'pt'] as const;
const OPERATED_BY = {
  en: 'LuckyWin is operated by LuckyWin Entertainment Ltd',
  fr: 'LuckyWin est exploité par LuckyWin Entertainment Ltd',
  pt: 'LuckyWin é operado pela LuckyWin Entertainment Ltd',
} as const;

/** The bytes the two servers send for one image address. */
async function bothServers(request: APIRequestContext, address: string) {
  const [winSlots, luckyWin] = await Promise.all([
    request.get(address).then((response) => response.text()),
    request.get(luckyWinUrl(address)).then((response) => response.text()),
  ]);
  return { winSlots, luckyWin };
}

for (const language of LANGUAGES) {
  test(`LuckyWin, ${language}: the footer names LuckyWin's operator, and the popup advert is LuckyWin's art`, async ({
    page,
    request,
  }) => {
    await chooseLanguage(page, language);
    await page.goto(luckyWinUrl('/home'));
    await expect(page).toHaveTitle('LuckyWin');

    const advert = page.getByTestId('popup-advert');
    await expect(advert).toBeVisible();
    const art = await advert.locator('img').first().getAttribute('src');
    if (!art) throw new Error('the popup advert has no image');
    const { winSlots, luckyWin } = await bothServers(request, new URL(art, 'http://any').pathname);
    expect(luckyWin).not.toBe(winSlots);
    await advert.locator('.popup-advert__close').click();
    await expect(advert).toHaveCount(0);

    const footer = page.getByTestId('home-footer');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer).toContainText(OPERATED_BY[language]);
    await expect(footer).not.toContainText(/WinSlots/i);
  });
}

test('WinSlots keeps its own name and operator in the footer', async ({ page }) => {
  await page.goto('/home');
  await expect(page).toHaveTitle('WinSlots');
  const footer = page.getByTestId('home-footer');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer).toContainText('WinSlots is operated by WinSlots Gaming Ltd');
  await expect(footer).not.toContainText(/LuckyWin/i);
});

test("LuckyWin's deposit icons and game pages are LuckyWin's, not WinSlots'", async ({ page, request }) => {
  await page.goto(luckyWinUrl('/deposit'));
  const icons = page.getByTestId('deposit-packages').locator('img');
  await expect(icons.first()).toBeVisible();
  for (const src of await icons.evaluateAll((images) => images.map((image) => image.getAttribute('src')))) {
    if (!src) throw new Error('a deposit package has no icon');
    const { winSlots, luckyWin } = await bothServers(request, src);
    expect(luckyWin, src).not.toBe(winSlots);
  }

  // The game page in the frame: LuckyWin's theme and palette.
  const lobby = (await (await request.get(luckyWinUrl(api(GAME_PATHS.lobby)))).json()) as {
    data: { games: { id: number; name: string }[] };
  };
  const dice = lobby.data.games.find((game) => game.name === 'Dice');
  if (!dice) throw new Error('Dice is not in the lobby');
  const background = async (address: string) => {
    await page.goto(address);
    const game = page.frameLocator('[data-testid="game-frame"]');
    await expect(game.getByTestId('balance')).toBeVisible();
    return game
      .locator('html')
      .evaluate((html) => [html.dataset.theme, getComputedStyle(html).getPropertyValue('--bg').trim()]);
  };
  const [luckyTheme, luckyBackground] = await background(luckyWinUrl(`/casino/demo/${dice.id}`));
  const [winTheme, winBackground] = await background(`/casino/demo/${dice.id}`);
  expect([luckyTheme, winTheme]).toEqual(['luckywin', 'winslots']);
  expect(luckyBackground).not.toBe(winBackground);
});
