import { expect, test } from './fixtures.ts';
import { registerWithSms } from './members.ts';
import {
  expectInViewUncovered,
  expectNotClipped,
  SMALL_PHONE,
  useLanguage,
  type Language,
} from './layout.ts';

/**
 * The promotion tab and a promotion page as a visitor meets them on a 360 px phone (issue 14 §1): the
 * promotion images under the promotion menu, one promotion with its rules dialog and its way in.
 */
const TEXTS: Record<
  Extract<Language, 'en' | 'fr'>,
  {
    tab: string;
    dailyBonus: string;
    diamonds: string;
    rules: string;
    rulesLine: string;
    action: string;
    ok: string;
  }
> = {
  en: {
    tab: 'Promotions',
    dailyBonus: 'Daily Bonus',
    diamonds: 'Diamonds',
    rules: 'Rules',
    rulesLine: '1. One check-in per day. The day starts at midnight, Nairobi time.',
    action: 'Check in',
    ok: 'OK',
  },
  fr: {
    tab: 'Promos',
    dailyBonus: 'Bonus du jour',
    diamonds: 'Diamants',
    rules: 'Règlement',
    rulesLine: '1. Une connexion par jour. La journée commence à minuit, heure de Nairobi.',
    action: 'Me connecter',
    ok: "D'accord",
  },
};

test.use({ viewport: SMALL_PHONE });

for (const language of ['en', 'fr'] as const) {
  const text = TEXTS[language];

  test(`a visitor opens the promotion tab, filters it, and opens a promotion with its rules (${language})`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await page.goto('/home');
    await page.getByTestId('tab-bar').getByRole('link', { name: text.tab, exact: true }).click();
    await expect(page).toHaveURL('/promotion');
    await expect(page.getByRole('heading', { level: 1, name: text.tab })).toBeVisible();

    const images = page.locator('.promotion-images img');
    await expect(images).toHaveCount(7);
    await expect
      .poll(() => images.first().evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    const box = await images.first().boundingBox();
    expect(box?.width).toBeLessThanOrEqual(SMALL_PHONE.width);

    // The promotion menu filters the images.
    const menu = page.locator('nav.promotion-menu');
    await menu.getByRole('link', { name: text.diamonds }).click();
    await expect(page).toHaveURL('/promotion?tag=diamonds');
    await expect(images).toHaveCount(3);
    await menu.getByRole('link').first().click();
    await expect(images).toHaveCount(7);

    // Each image leads to its promotion.
    const first = page.getByRole('link', { name: text.dailyBonus, exact: true });
    await expectInViewUncovered(first, 'the first promotion image');
    await first.click();
    await expect(page).toHaveURL('/activities/promotion/1');
    await expect(page.getByRole('heading', { level: 1, name: text.dailyBonus })).toBeVisible();
    const promotion = page.getByTestId('promotion-page');
    // The way into the programme (built beside this page; checked by its address).
    await expect(promotion.getByRole('link', { name: text.action })).toHaveAttribute(
      'href',
      '/activities/daily-bonus',
    );

    const rulesButton = promotion.getByRole('button', { name: text.rules });
    await expectInViewUncovered(rulesButton, 'the rules button');
    await rulesButton.click();
    const rules = page.getByTestId('rules-dialog');
    await expect(rules).toContainText(text.rulesLine);
    await expectInViewUncovered(rules.getByRole('button', { name: text.ok }), 'the rules dialog button');
    await expectNotClipped(rules.locator('.rules-dialog__title'));
    await rules.getByRole('button', { name: text.ok }).click();
    await expect(rules).toHaveCount(0);
  });
}

test.describe('an unknown promotion', () => {
  // The browser logs the server's 404 answer.
  test.use({ allowConsoleError: /status of 404/ });

  test('says so and leads back to the promotions', async ({ page }) => {
    await page.goto('/activities/promotion/999999');
    const notFound = page.getByTestId('promotion-not-found');
    await expect(notFound).toContainText('This promotion does not exist or has ended.');
    await notFound.getByRole('link', { name: 'See all promotions' }).click();
    await expect(page).toHaveURL('/promotion');
  });
});

test.describe('the promotion popup', () => {
  test.use({ showPopupAdvert: true });

  test('shows once per session and leads to its promotion', async ({ page }) => {
    await page.goto('/promotion');
    const popup = page.getByTestId('promotion-popup');
    await expect(popup).toBeVisible();
    await expectInViewUncovered(popup.getByRole('button', { name: 'Close' }), 'the popup close button');
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toHaveCount(0);
    await page.reload();
    await expect(page.locator('.promotion-images img').first()).toBeVisible();
    await expect(page.getByTestId('promotion-popup')).toHaveCount(0);
  });
});

test('a member taps their coins and diamonds on Me to see how they are earned and spent (pt)', async ({
  page,
  request,
}) => {
  const simulatorsUrl = process.env.SIMULATORS_URL;
  if (!simulatorsUrl) throw new Error('SIMULATORS_URL is not set: run the suite with `node e2e/run.mjs`');
  await registerWithSms(page, request, { simulatorsUrl, prefix: '0718' });
  await useLanguage(page, 'pt');
  await page.goto('/me');
  await page.getByTestId('coins-info').click();
  const coins = page.getByTestId('event-info');
  await expect(coins.getByRole('heading', { name: 'Moedas' })).toBeVisible();
  await expect(coins).toContainText('Moedas são dinheiro de bônus.');
  await expectInViewUncovered(coins.getByRole('button', { name: 'Fechar' }), 'the close button');
  await coins.getByRole('button', { name: 'Fechar' }).click();
  await page.getByTestId('diamonds-info').click();
  const diamonds = page.getByTestId('event-info');
  await expect(diamonds.getByRole('heading', { name: 'Diamantes' })).toBeVisible();
  await diamonds.getByRole('link', { name: 'Promoções' }).click();
  await expect(page).toHaveURL('/promotion?tag=diamonds');
  await expect(page.locator('.promotion-images img')).toHaveCount(3);
});
