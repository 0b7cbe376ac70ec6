import type { Page } from '@playwright/test';
import { expect, luckyWinUrl, test } from './fixtures.ts';
import { cashOf, kes, randomPrefix } from './game-play.ts';
import { expectOnScreen, SMALL_PHONE, useLanguage, type Language } from './layout.ts';
import { answerOnPhone, depositByPhone, registerWithSms } from './members.ts';

/**
 * Collect-cards (issue 16 §3) as a new player meets it, at 360 px, in English and Portuguese: they register,
 * deposit KES 150 by M-Pesa from the deposit page, and the deposit result page shows the chances the server
 * gave for it (spec platform-core §4) with the way to the activity; in English two more deposits, paid
 * without the result page (issue 22), give theirs too; there they take the free chance of the day,
 * use chances until the set is complete (each draw turns a card over), are told the gift was paid, and see
 * the set start again, the gift in their list and the balance risen by it. The programme is set by an
 * operator on a server of this spec's own (two cards of equal odds, 30 chances a deposit, a KES 20 gift), so
 * a set is all but certain (a set not complete after 31 chances: 2 in 2^31) and the suite's shared servers
 * keep the defaults. A visitor on the LuckyWin Christmas server sees the Christmas cards and is asked to
 * log in.
 */
const GIFT = 20_00;
const DEPOSIT_CHANCES = 30;

test.describe.configure({ mode: 'serial' });
test.use({
  privateServerSetup: {
    name: 'collect-cards',
    programmes: {
      'collect-cards': (settings) => ({
        ...settings,
        cards: [{ weight: 1 }, { weight: 1 }],
        giftAmount: GIFT,
        depositChance: DEPOSIT_CHANCES,
      }),
    },
  },
  viewport: SMALL_PHONE,
});

const TEXTS = {
  en: {
    amount: 'Or enter an amount',
    pay: 'Pay',
    success: 'Deposit successful',
    earned: `Your deposit gave you ${DEPOSIT_CHANCES} chances to collect cards`,
    chances: (count: number) => (count === 1 ? '1 chance' : `${count} chances`),
    free: 'Free chance',
    freeTaken: 'Free chance taken, back tomorrow',
    gift: `Set complete! ${kes(GIFT)} has been paid to your balance.`,
    ok: 'OK',
    sets: 'Sets completed: 1',
    giftRow: 'Set 1',
  },
  pt: {
    amount: 'Ou digite um valor',
    pay: 'Pagar',
    success: 'Depósito concluído',
    earned: `Seu depósito deu ${DEPOSIT_CHANCES} chances na coleção de cartas`,
    chances: (count: number) => `${count} ${count === 1 ? 'chance' : 'chances'}`,
    free: 'Chance grátis',
    freeTaken: 'Chance grátis usada, volte amanhã',
    gift: `Coleção completa! ${kes(GIFT)} foi pago no seu saldo.`,
    ok: 'OK',
    sets: 'Coleções completas: 1',
    giftRow: 'Coleção 1',
  },
} as const;

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    SMALL_PHONE.width,
  );
}

for (const language of ['en', 'pt'] as const satisfies readonly Language[]) {
  test(`${language}: a new player's deposit gives chances, the free chance too, and a complete set pays its gift`, async ({
    page,
    privateServer: server,
  }) => {
    test.setTimeout(240_000);
    const text = TEXTS[language];
    const request = page.context().request;
    const member = await registerWithSms(page, request, {
      simulatorsUrl: server.simulatorsUrl,
      prefix: randomPrefix(),
    });
    if (language !== 'en') await useLanguage(page, language);

    // A deposit of a free amount (no package, so no coin gift), paid on the simulator's phone.
    await page.goto('/deposit');
    await page.getByLabel(text.amount).fill('150');
    await page.getByRole('button', { name: text.pay, exact: true }).click();
    await expect(page).toHaveURL(/\/pay\/hall\/mpesa\?transNo=D\w+&sign=/);
    await answerOnPhone(page.context(), server.simulatorsUrl, member.msisdn, { pin: '1234' });
    await expect(page).toHaveURL(/\/pay\/result\?status=1&no=D\w+/, { timeout: 45_000 });
    await expect(page.getByTestId('deposit-result')).toContainText(text.success);
    const note = page.getByTestId('collect-cards-deposit-note');
    await expect(note).toContainText(text.earned);
    await expectOnScreen(page, note);
    await note.getByRole('link').click();

    await expect(page).toHaveURL(/\/activities\/collect-cards$/);
    const lights = page.getByTestId('collect-cards-lights');
    await expectOnScreen(page, lights);
    await expect(lights.locator('li')).toHaveCount(2);
    await expect(lights.locator('li.is-lit')).toHaveCount(0);
    const chances = page.getByTestId('collect-cards-chances');
    await expect(chances).toHaveText(text.chances(DEPOSIT_CHANCES));
    await expectNoSideScroll(page);

    // Issue 22: two more deposits paid without the result page ever shown give their chances too (the
    // server counts each paid deposit from its money fact, within seconds).
    const extraDeposits = language === 'en' ? 2 : 0;
    for (let paid = 0; paid < extraDeposits; paid += 1) {
      await depositByPhone(request, member, 100_00, server.simulatorsUrl);
    }
    const fromDeposits = DEPOSIT_CHANCES * (1 + extraDeposits);
    await expect(async () => {
      await page.reload();
      await expect(chances).toHaveText(text.chances(fromDeposits), { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });

    const free = page.getByTestId('collect-cards-free');
    await expect(free).toHaveText(text.free);
    await free.click();
    await expect(chances).toHaveText(text.chances(fromDeposits + 1));
    await expect(free).toHaveText(text.freeTaken);
    await expect(free).toBeDisabled();

    const before = await cashOf(request, member);
    const draw = page.getByTestId('collect-cards-draw');
    let completed = false;
    for (let used = 1; used <= fromDeposits + 1 && !completed; used += 1) {
      await expectOnScreen(page, draw);
      await draw.click();
      const result = page.getByTestId('collect-cards-result');
      await expect(result).toBeVisible();
      await expectOnScreen(page, result);
      completed = await result.getByTestId('collect-cards-gift').isVisible();
      if (completed) await expect(result.getByTestId('collect-cards-gift')).toContainText(text.gift);
      else await expect(lights.locator('li.is-lit')).toHaveCount(1);
      await result.getByRole('button', { name: text.ok, exact: true }).click();
      await expect(result).toBeHidden();
      if (!completed) await expect(chances).toHaveText(text.chances(fromDeposits + 1 - used));
    }
    expect(completed, 'a set of two cards within 31 chances').toBe(true);

    // The set starts again; the gift is in the list and in the balance.
    await expect(page.getByTestId('collect-cards-sets')).toHaveText(text.sets);
    await expect(lights.locator('li.is-lit')).toHaveCount(0);
    const gifts = page.getByTestId('collect-cards-gifts');
    await expect(gifts).toContainText(text.giftRow);
    await expect(gifts).toContainText(kes(GIFT));
    expect(await cashOf(request, member)).toBe(before + GIFT);
    await page.goto('/me');
    await expect(page.getByTestId('profile-balance')).toHaveText(kes(before + GIFT));
  });
}

test('a visitor on LuckyWin at Christmas sees the Christmas cards and is asked to log in to draw', async ({
  page,
}) => {
  await page.goto(luckyWinUrl('/activities/collect-cards'));
  const activity = page.getByTestId('collect-cards-page');
  await expect(activity).toHaveAttribute('data-art', 'christmas');
  await expect(page.getByRole('heading', { name: 'Christmas cards' })).toBeVisible();
  await expect(page.getByTestId('collect-cards-lights').locator('li')).toHaveCount(5);
  await expect(page.getByTestId('collect-cards-rules')).toContainText(
    'On average a full set takes 14.42 chances',
  );
  await expectNoSideScroll(page);
  const drawButton = page.getByTestId('collect-cards-draw');
  await expectOnScreen(page, drawButton);
  await drawButton.click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(
    'You have not logged in yet, please login !',
  );
});
