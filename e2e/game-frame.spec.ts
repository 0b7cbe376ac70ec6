import type { APIRequestContext, FrameLocator, Locator } from '@playwright/test';
import { expect, luckyWinUrl, test, type Page } from './fixtures.ts';
import { chooseLanguage } from './language.ts';
import { api, fundedMember, type Envelope } from './game-play.ts';
import { GAME_PATHS } from '@app/contracts/paths';
import {
  expectAbove,
  expectNotClipped,
  expectOnScreen,
  expectUncovered,
  expectUncoveredInFrame,
} from './layout.ts';

/**
 * The game frame on a 360 × 740 phone, in every language and both brands: the app's controls (close, the
 * demo note, the deposit shortcut) sit in a bar of their own above the game, and nothing a player needs in
 * the game (its name, balance, menu, bet controls, the provider's Home button) is covered or cut. The
 * member's diamond task entry is docked in that bar too: nothing of the app's lies over the game.
 */

test.use({ viewport: { width: 360, height: 740 } });
// Each test opens its own pages (demos, or a member of its own): the two workers share them.
test.describe.configure({ mode: 'parallel' });

const LANGUAGES = ['en', 'fr', 'pt', 'sw'] as const;
const SITES = [
  { name: 'WinSlots', url: (path: string) => path },
  { name: 'LuckyWin', url: luckyWinUrl },
] as const;

async function gameId(request: APIRequestContext, url: (path: string) => string, name: string) {
  const lobby = (await (await request.get(url(api(GAME_PATHS.lobby)))).json()) as Envelope<{
    games: { id: number; name: string }[];
  }>;
  const game = lobby.data.games.find((candidate) => candidate.name === name);
  if (!game) throw new Error(`${name} is not in the lobby`);
  return game.id;
}

/** The dice page's controls, which the issue found covered or cut. */
async function expectDiceReadable(page: Page, frameElement: Locator, game: FrameLocator): Promise<void> {
  // The largest payout the demo stake allows, so the longest figure is shown.
  const stake = game.locator('.stake__input');
  await stake.fill('10000');
  await stake.press('Enter');
  await expect(game.locator('.figure strong').last()).toHaveText(/19,800\.00/);

  const needed = [
    game.locator('.bar__title h1'),
    game.locator('.chip'),
    game.getByTestId('balance'),
    ...[0, 1, 2, 3].map((index) => game.locator('.bar__menu button').nth(index)),
    game.locator('.segmented__option').first(),
    game.locator('.segmented__option').last(),
    game.locator('.figure').nth(0),
    game.locator('.figure').nth(1),
    game.locator('.figure').nth(2),
    stake,
    game.getByTestId('play'),
  ];
  for (const element of needed) {
    await expectOnScreen(page, element);
    await expectUncoveredInFrame(page, frameElement, element);
  }
  for (const text of [
    game.locator('.bar__title h1'),
    game.getByTestId('balance'),
    game.locator('.segmented__option').last(),
    ...[0, 1, 2].map((index) => game.locator('.figure').nth(index)),
    game.locator('.figure strong').last(),
  ])
    await expectNotClipped(text);
}

for (const site of SITES) {
  for (const language of LANGUAGES) {
    test(`${site.name}, ${language}: a demo shows one warning above the game, covering nothing`, async ({
      page,
      request,
    }) => {
      await chooseLanguage(page, language);
      const dice = await gameId(request, site.url, 'Dice');
      await page.goto(site.url(`/casino/demo/${dice}`));

      const bar = page.getByTestId('casino-bar');
      const warning = page.getByTestId('demo-warning');
      const frameElement = page.getByTestId('game-frame');
      const game = page.frameLocator('[data-testid="game-frame"]');
      await expect(game.getByTestId('balance')).toBeVisible();
      await expect(game.locator('html')).toHaveAttribute('lang', language);
      // One warning: the app's, in its bar; the game keeps its demo chip only.
      await expect(warning).toHaveCount(1);
      await expect(game.getByTestId('demo-banner')).toHaveCount(0);

      const close = bar.getByRole('button').first();
      const dismiss = warning.getByRole('button');
      for (const control of [close, warning, dismiss]) {
        await expectOnScreen(page, control);
        await expectUncovered(control);
      }
      await expectNotClipped(warning.locator('p'));
      await expectAbove(bar, frameElement);
      await expectDiceReadable(page, frameElement, game);

      // Dismissed, the note goes and the game takes the room; it still covers nothing.
      await dismiss.click();
      await expect(warning).toHaveCount(0);
      await expectAbove(bar, frameElement);
      await expectUncoveredInFrame(page, frameElement, game.locator('.bar__title h1'));

      // The provider's demo: its Home button is the player's, and its money is named as play money.
      const fruits = await gameId(request, site.url, 'Lucky Fruits');
      await page.goto(site.url(`/casino/demo/${fruits}`));
      const provider = page.frameLocator('[data-testid="game-frame"]');
      await expect(provider.locator('#balance')).not.toHaveText('--');
      await expect(provider.locator('html')).toHaveAttribute('lang', language);
      await expect(provider.locator('#balance')).not.toContainText('XXX');
      await expect(provider.locator('#stake')).not.toContainText('XXX');
      await expect(page.getByTestId('demo-warning')).toHaveCount(1);
      for (const element of [
        provider.locator('#home'),
        provider.locator('h1'),
        provider.locator('#balance'),
        provider.locator('#less'),
        provider.locator('#more'),
        provider.locator('#spin'),
      ]) {
        await expectOnScreen(page, element);
        await expectUncoveredInFrame(page, page.getByTestId('game-frame'), element);
        await expectNotClipped(element);
      }
    });
  }
}

test('a member plays for real: the deposit shortcut sits in the bar, whole; the docked task entry covers none of the game’s controls (dice slider, the provider’s stake, every mines tile, every reel)', async ({
  page,
  request,
}) => {
  // Three languages, two games each, then 25 tiles and 5 reels: minutes on a busy two-core host.
  test.setTimeout(300_000);
  // KES 500 from M-Pesa lands as 475 (Kenya's 5 % excise).
  await fundedMember(page, request, 50_000);
  const dice = await gameId(request, (path) => path, 'Dice');
  const fruits = await gameId(request, (path) => path, 'Lucky Fruits');
  for (const language of LANGUAGES) {
    await chooseLanguage(page, language);
    await page.goto(`/casino/launch/${dice}?show=1&refresh=1`);
    const frameElement = page.getByTestId('game-frame');
    const game = page.frameLocator('[data-testid="game-frame"]');
    await expect(game.getByTestId('balance')).toHaveText('KES 475.00');
    // The diamond task entry is docked in the app's bar: none of the game's controls is under it.
    await expect(page.getByTestId('casino-bar').getByTestId('task-entry-chip')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(game.locator('html')).toHaveAttribute('lang', language);
    const shortcut = page.getByTestId('deposit-shortcut');
    await expectOnScreen(page, shortcut);
    await expectUncovered(shortcut);
    await expectNotClipped(shortcut);
    await expectAbove(page.getByTestId('casino-bar'), frameElement);
    await expect(page.getByTestId('demo-warning')).toHaveCount(0);
    await expectDiceReadable(page, frameElement, game);
    // The slider's end, where the floating bubble used to rest.
    await expectUncoveredInFrame(page, frameElement, game.locator('input[type="range"]'));

    // The provider's own Home and Deposit are not under the app's close button or shortcut.
    await page.goto(`/casino/launch/${fruits}?show=1&refresh=1`);
    const provider = page.frameLocator('[data-testid="game-frame"]');
    await expect(provider.locator('#balance')).toHaveText('475.00 KES');
    await expect(page.getByTestId('casino-bar').getByTestId('task-entry-chip')).toBeVisible();
    for (const element of [
      provider.locator('#home'),
      provider.locator('#deposit'),
      provider.locator('h1'),
      // The stake's "−" and "+" and the spin: the bubble used to rest on "+".
      provider.locator('#less'),
      provider.locator('#more'),
      provider.locator('#spin'),
    ]) {
      await expectOnScreen(page, element);
      await expectUncoveredInFrame(page, page.getByTestId('game-frame'), element);
      await expectNotClipped(element);
    }
  }

  // Every tile of mines and every reel of the slot, with the member's task entry on the page.
  for (const [name, controls] of [
    [
      'Mines',
      (game: FrameLocator) => Array.from({ length: 25 }, (_, tile) => game.getByTestId(`tile-${tile}`)),
    ],
    ['Safari Riches', (game: FrameLocator) => [0, 1, 2, 3, 4].map((reel) => game.locator('.reel').nth(reel))],
  ] as const) {
    await page.goto(`/casino/launch/${await gameId(request, (path) => path, name)}?refresh=1`);
    const game = page.frameLocator('[data-testid="game-frame"]');
    await expect(game.getByTestId('balance')).toBeVisible();
    await expect(page.getByTestId('casino-bar').getByTestId('task-entry-chip')).toBeVisible();
    for (const control of controls(game)) {
      await expectOnScreen(page, control);
      await expectUncoveredInFrame(page, page.getByTestId('game-frame'), control);
    }
  }
});

for (const language of LANGUAGES) {
  test(`${language}: every in-house game shows its whole name and balance beside the menu`, async ({
    page,
    request,
  }) => {
    const lobby = (await (await request.get(api(GAME_PATHS.lobby))).json()) as Envelope<{
      games: { id: number; source: string; hasDemo: boolean }[];
    }>;
    const games = lobby.data.games.filter((game) => game.source === 'inhouse' && game.hasDemo);
    expect(games.length).toBeGreaterThanOrEqual(6);
    await chooseLanguage(page, language);
    for (const { id } of games) {
      await page.goto(`/casino/demo/${id}`);
      const game = page.frameLocator('[data-testid="game-frame"]');
      await expect(game.getByTestId('balance')).toBeVisible();
      await expect(game.locator('html')).toHaveAttribute('lang', language);
      for (const element of [game.locator('.bar__title h1'), game.getByTestId('balance')]) {
        await expectOnScreen(page, element);
        await expectNotClipped(element);
        await expectUncoveredInFrame(page, page.getByTestId('game-frame'), element);
      }
    }
  });
}
