import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { chooseLanguage } from './language.ts';
import { SMALL_PHONE } from './layout.ts';
import { registerWithSms } from './members.ts';

/**
 * The daily loop as a new member plays it (issue 14 §3, §6), on a 360 px phone, in English and Portuguese:
 * sign in day 1 and see the coins arrive, WIN CASH → the coin spin → spin (cannot close while it turns, not even by the browser's back) →
 * the result, and the spin in "My spins".
 */
const simulatorsUrl = process.env.SIMULATORS_URL;
if (!simulatorsUrl) throw new Error('SIMULATORS_URL is not set: run the suite with `node e2e/run.mjs`');

test.use({ viewport: SMALL_PHONE });

const TEXTS = {
  en: {
    coins: 'Coins',
    signIn: 'Check in',
    winCash: 'WIN CASH',
    spin: 'SPIN',
    won: /You won/,
    ok: 'OK',
    mySpins: 'My spins',
    spinning: 'Spinning, Can not close',
  },
  pt: {
    coins: 'Moedas',
    signIn: 'Resgatar',
    winCash: 'GANHE DINHEIRO',
    spin: 'GIRAR',
    won: /Você ganhou/,
    ok: 'OK',
    mySpins: 'Meus giros',
    spinning: 'Girando, não é possível fechar',
  },
} as const;

async function coinsOnMePage(page: Page, label: string): Promise<Locator> {
  await page.goto('/me');
  return page
    .getByTestId('profile-card')
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd');
}

async function expectFitsThePhone(page: Page, block: Locator) {
  await expect
    .poll(async () => {
      const box = await block.boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= SMALL_PHONE.width;
    })
    .toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    SMALL_PHONE.width,
  );
}

test.describe('daily sign-in and the coin spin', () => {
  test.setTimeout(90_000);

  for (const language of ['en', 'pt'] as const) {
    test(`${language}: sign in day 1, see the coins, WIN CASH, spin and see the result`, async ({
      page,
      request,
    }) => {
      const text = TEXTS[language];
      await registerWithSms(page, request, { simulatorsUrl: simulatorsUrl!, prefix: '0718' });
      if (language !== 'en') await chooseLanguage(page, language);

      await expect(await coinsOnMePage(page, text.coins)).toHaveText('0.00');

      await page.goto('/activities/daily-bonus');
      const cards = page.getByTestId('daily-card');
      await expect(cards).toHaveCount(7);
      await expect(cards.first()).toHaveAttribute('aria-current', 'date');
      await expectFitsThePhone(page, page.getByTestId('daily-bonus'));
      await page.getByRole('button', { name: text.signIn, exact: true }).click();
      await expect(page.getByTestId('daily-bonus-action')).toHaveText(text.winCash);

      await expect(await coinsOnMePage(page, text.coins)).toHaveText('1.00');

      await page.goto('/activities/daily-bonus');
      await page.getByRole('button', { name: text.winCash, exact: true }).click();
      await expect(page).toHaveURL(/\/games\/coin-spin\/1$/);
      await expectFitsThePhone(page, page.getByTestId('coin-wheel'));
      // The spin's answer is held until the back presses are tried, so the wheel is surely still turning.
      let answer: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (answer = resolve));
      await page.route('**/coin-spin/1/spin', async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole('button', { name: text.spin, exact: true }).click();
      await expect(page.getByTestId('coin-spin-spinning')).toBeVisible();
      // While the wheel turns the page stays: the browser's (the phone's) back and the page's own.
      await page.goBack();
      await expect(page.locator('.toast-host')).toContainText(text.spinning);
      await expect(page).toHaveURL(/\/games\/coin-spin\/1$/);
      await expect(page.getByTestId('coin-spin-spinning')).toBeVisible();
      await page.getByTestId('coin-spin-back').click();
      await expect(page).toHaveURL(/\/games\/coin-spin\/1$/);
      answer();
      await expect(page.getByTestId('coin-spin-prize')).toHaveText(text.won, { timeout: 15_000 });
      await page.getByRole('button', { name: text.ok, exact: true }).click();
      await expect(page.getByTestId('coin-spin-records').locator('li')).toHaveCount(1);
      await expect(page.getByRole('heading', { name: text.mySpins })).toBeVisible();
      await expect(page.getByTestId('coin-spin-button')).toBeDisabled();
      // The wheel stopped: one back leaves, to the page the spin was opened from.
      await page.goBack();
      await expect(page).toHaveURL(/\/activities\/daily-bonus$/);
    });
  }
});
