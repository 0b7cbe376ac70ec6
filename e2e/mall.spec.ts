import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNT_PATHS } from '@app/contracts/paths';
import { expect, luckyWinUrl, test } from './fixtures.ts';
import { api, cashOf, type Envelope, fundedMember, kes } from './game-play.ts';
import { chooseLanguage } from './language.ts';
import { expectOnScreen, SMALL_PHONE } from './layout.ts';
import type { RegisteredMember } from './members.ts';

/**
 * The mall (issue 15 §4) as a player buys in it, at 360 px, in English and French: from the home menu to
 * the featured tab, take the demo coupon, open the diamond bundle (KES 20.00, 100 diamonds), Buy now, pick
 * the coupon (KES 5 off), pay KES 15.00, see the result, the balance fall, the diamonds arrive and the
 * order in My orders. Visitors see the mall on the LuckyWin theme too.
 */
test.use({ viewport: SMALL_PHONE });

const TEXTS = {
  en: {
    menu: 'Mall',
    featured: 'Featured',
    take: 'Get',
    taken: 'Taken',
    bundle: 'Diamond bundle',
    buyNow: 'Buy now',
    pay: 'Pay',
    done: /Thank you! What you bought is already in your account/,
    delivered: 'Delivered',
    orders: 'My orders',
  },
  fr: {
    menu: 'Boutique',
    featured: 'À la une',
    take: 'Prendre',
    taken: 'Pris',
    bundle: 'Lot de diamants',
    buyNow: 'Acheter',
    pay: 'Payer',
    done: /Merci ! Votre achat est déjà sur votre compte/,
    delivered: 'Livrée',
    orders: 'Mes commandes',
  },
} as const;

const BUNDLE_PRICE = 20_00;
const COUPON = 5_00;

async function diamondsOf(request: APIRequestContext, member: RegisteredMember): Promise<number> {
  const answer = (await (
    await request.get(api(ACCOUNT_PATHS.memberById), { headers: { token: member.token } })
  ).json()) as Envelope<{ diamond: number }>;
  return answer.data.diamond;
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    SMALL_PHONE.width,
  );
}

for (const language of ['en', 'fr'] as const) {
  test(`${language}: buy the diamond bundle with the demo coupon, see the balance fall and the order`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const text = TEXTS[language];
    const member = await fundedMember(page, request, 100_000);
    if (language !== 'en') await chooseLanguage(page, language);
    const before = await cashOf(request, member);
    const diamondsBefore = await diamondsOf(request, member);

    await page.goto('/home');
    // The home menu shows its first entries; the others are behind its More button, which comes in the
    // server's markup: a tap counts once the page has hydrated.
    await expect(page.locator('html[data-hydrated-later]')).toHaveCount(1);
    const menu = page.locator('nav.menu-grid').first();
    await menu.getByRole('button').click();
    await page.getByRole('link', { name: text.menu, exact: true }).click();
    await expect(page).toHaveURL(/\/mall$/);
    await page.getByRole('link', { name: text.featured, exact: true }).click();
    await expect(page).toHaveURL(/\/mall\/1$/);
    await expect(page.getByTestId('goods-grid')).toBeVisible();
    await expectNoSideScroll(page);

    const coupon = page.locator('.mall-coupon', { hasText: 'KES 5 off' }).first();
    await coupon.getByRole('button', { name: text.take, exact: true }).click();
    await expect(coupon.getByRole('button', { name: text.taken, exact: true })).toBeDisabled();

    const card = page.getByRole('link', { name: new RegExp(text.bundle) });
    await expectOnScreen(page, card);
    await card.click();
    await expect(page).toHaveURL(/\/mall\/detail\/\d+$/);
    await expect(page.getByTestId('detail-price')).toHaveText(kes(BUNDLE_PRICE));
    const buyNow = page.getByRole('button', { name: text.buyNow, exact: true });
    await expectOnScreen(page, buyNow);
    await buyNow.click();

    await expect(page).toHaveURL(/\/mall\/cart\?buy=\d+/);
    await expect(page.getByTestId('cart-total-cash')).toHaveText(kes(BUNDLE_PRICE));
    await page.getByTestId('coupon-picker').getByText('KES 5 off').last().click();
    await expect(page.getByTestId('cart-discount')).toHaveText(`−${kes(COUPON)}`);
    await expect(page.getByTestId('cart-total-cash')).toHaveText(kes(BUNDLE_PRICE - COUPON));
    await expectNoSideScroll(page);
    const pay = page.getByRole('button', { name: text.pay, exact: true });
    await pay.scrollIntoViewIfNeeded();
    await expectOnScreen(page, pay);
    await pay.click();

    await expect(page).toHaveURL(/\/mall\/orders\/\d+\?done=1$/);
    await expect(page.getByTestId('checkout-result')).toHaveText(text.done);
    await expect(page.getByTestId('order-paid')).toHaveText(kes(BUNDLE_PRICE - COUPON));
    await expect(page.getByTestId('order-status')).toHaveText(text.delivered);
    await expectNoSideScroll(page);

    expect(await cashOf(request, member)).toBe(before - (BUNDLE_PRICE - COUPON));
    expect(await diamondsOf(request, member)).toBe(diamondsBefore + 100);
    await page.goto('/me');
    await expect(page.getByTestId('profile-balance')).toHaveText(kes(before - (BUNDLE_PRICE - COUPON)));

    await page.goto('/mall');
    await page.getByTestId('mall-orders-link').click();
    await expect(page.getByRole('heading', { name: text.orders })).toBeVisible();
    await expect(page.locator('.order-card')).toHaveCount(1);
    await expect(page.getByTestId('order-paid')).toHaveText(kes(BUNDLE_PRICE - COUPON));
  });
}

test('a visitor sees the LuckyWin mall and is asked to log in to take a coupon', async ({ page }) => {
  await page.goto(luckyWinUrl('/mall/3'));
  await expect(page.getByTestId('goods-grid')).toBeVisible();
  await expect(page.getByTestId('goods-grid').locator('li')).not.toHaveCount(0);
  await expectNoSideScroll(page);
  await page.locator('.mall-coupon').first().getByRole('button').click();
  await expect(page.locator('.confirm__message')).toHaveText('You have not logged in yet, please login !');
});
