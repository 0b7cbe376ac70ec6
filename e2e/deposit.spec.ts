import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectOnScreen, SMALL_PHONE, useLanguage } from './layout.ts';
import { answerOnPhone, newSafaricomNumber, registerWithSms } from './members.ts';

// The server's simulators: the SMS inbox for registration codes and the M-Pesa phone page.
const simulatorsUrl = process.env.SIMULATORS_URL;
if (!simulatorsUrl) throw new Error('SIMULATORS_URL is not set: run the suite with `node e2e/run.mjs`');

function registerMember(page: Page, request: APIRequestContext) {
  return registerWithSms(page, request, { simulatorsUrl: simulatorsUrl!, prefix: '0713' });
}

function answerPrompt(context: BrowserContext, msisdn: string, answer: { pin: string } | 'cancel') {
  return answerOnPhone(context, simulatorsUrl!, msisdn, answer);
}

/** The coins and balance on the me page. */
async function expectBalances(page: Page, balance: string, coins: string) {
  await page.goto('/me');
  const card = page.getByTestId('profile-card');
  await expect(card.getByText(`KES ${balance}`)).toBeVisible();
  await expect(card.locator('dd').first()).toHaveText(coins);
}

test.describe('deposit by M-Pesa', () => {
  test.use({ viewport: SMALL_PHONE });
  // Registration, the phone, the callback and a 5 s poll: more than the default 30 s on a slow host.
  test.setTimeout(90_000);

  test('a package credits the balance and the coins; a later free amount brings no coins', async ({
    page,
    context,
    request,
  }) => {
    // Two deposits answered on the phone.
    test.setTimeout(150_000);
    const { msisdn } = await registerMember(page, request);
    await expectBalances(page, '0.00', '0.00');
    await page.goto('/deposit');
    const amount = page.getByLabel('Or enter an amount');
    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await page.getByRole('button', { name: 'Pay 100.00, get 12.00 coins' }).click();
    await expect(amount).toHaveValue('100');
    await pay.click();
    await expect(page).toHaveURL(/\/pay\/hall\/mpesa\?transNo=D\w+&sign=/);
    await expect(page.getByTestId('deposit-waiting')).toContainText('Check your phone');

    await answerPrompt(context, msisdn, { pin: '1234' });
    await expect(page).toHaveURL(/\/pay\/result\?status=1&no=D\w+/, { timeout: 30_000 });
    await expect(page.getByTestId('deposit-result')).toContainText('Deposit successful');
    const gift = page.getByTestId('coin-gift');
    await expect(gift).toContainText('12.00 coins');
    await gift.getByRole('button', { name: 'OK' }).click();
    // Kenya's 5 % excise: KES 100 from M-Pesa lands as 95.
    await expectBalances(page, '95.00', '12.00');

    await page.goto('/deposit');
    await amount.fill('150.5');
    await expect(page.getByRole('alert')).toContainText('whole shillings');
    await expect(pay).toBeDisabled();
    await amount.fill('150');
    await pay.click();
    await expect(page).toHaveURL(/\/pay\/hall\/mpesa/);

    await answerPrompt(context, msisdn, { pin: '1234' });
    await expect(page).toHaveURL(/\/pay\/result\?status=1/, { timeout: 30_000 });
    await expect(page.getByTestId('coin-gift')).toHaveCount(0);
    await expectBalances(page, '237.50', '12.00');
  });

  test('the payment hall in French at 360 px: details, Pay again reuses the prompt, a cancel offers paying by hand and a new prompt', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(150_000);
    const { msisdn } = await registerMember(page, request);
    await useLanguage(page, 'fr');
    await page.goto('/deposit');
    const pay = page.getByRole('button', { name: 'Payer', exact: true });
    await page.getByRole('button', { name: /^Payez 50\.00/ }).click();
    await pay.click();
    await expect(page).toHaveURL(/\/pay\/hall\/mpesa\?transNo=D\w+&sign=/);
    const hallUrl = page.url();
    const transNo = new URL(hallUrl).searchParams.get('transNo')!;
    // What is being paid, which order, and how long the prompt lives: not a bare spinner.
    await expect(page.getByTestId('deposit-hall-amount')).toHaveText('KES 50.00');
    await expect(page.getByTestId('deposit-hall-number')).toHaveText(transNo);
    await expect(page.getByTestId('deposit-hall-timer')).toHaveText(/^[01]:\d\d$/);
    await expect(page.getByRole('link', { name: 'Annuler' })).toBeVisible();
    for (const id of ['deposit-hall-amount', 'deposit-hall-timer', 'deposit-manual-pay']) {
      await expectOnScreen(page, page.getByTestId(id));
    }

    // Pay pressed again while the prompt waits: the same order and hall, no failed record.
    await page.goto('/deposit');
    await page.getByRole('button', { name: /^Payez 50\.00/ }).click();
    await pay.click();
    await expect(page).toHaveURL(hallUrl);

    // The member cancels on the phone: the hall stays, says why, and offers both ways on.
    await answerPrompt(context, msisdn, 'cancel');
    const failed = page.getByTestId('deposit-hall-failed');
    await expect(failed).toBeVisible({ timeout: 30_000 });
    const manual = page.getByTestId('deposit-manual-pay');
    await expect(manual).toHaveAttribute('open', '');
    await expect(manual).toContainText('Lipa na M-PESA');
    await expect(page.getByTestId('deposit-manual-paybill')).toHaveText(/^\d{5,7}$/);
    await expect(page.getByTestId('deposit-manual-account')).toHaveText(transNo);
    await expect(page.getByTestId('deposit-manual-ussd')).toContainText('*334#');
    await expectOnScreen(page, page.getByTestId('deposit-manual-account'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Renvoyer la demande' }).click();
    // A new order's hall, waiting again: nothing of the cancelled one left.
    await expect(page).not.toHaveURL(hallUrl);
    await expect(page.getByTestId('deposit-hall-number')).not.toHaveText(transNo);
    await expect(page.getByTestId('deposit-hall-failed')).toHaveCount(0);

    await answerPrompt(context, msisdn, { pin: '1234' });
    await expect(page).toHaveURL(/\/pay\/result\?/, { timeout: 30_000 });
    const result = page.getByTestId('deposit-result');
    await expect(result).toContainText('Dépôt réussi');
    // What the ledger credited, the excise shown: not the KES 50.00 asked.
    await expect(page.getByTestId('deposit-result-credited')).toHaveText('KES 47.50');
    await expect(page.getByTestId('deposit-result-excise')).toHaveText('−KES 2.50');
  });

  test.describe('a forged result link', () => {
    // The forged order number is answered 404, which Chromium logs.
    test.use({ allowConsoleError: /status of 404/ });

    test('/pay/result?status=1 shows no success, with or without an order number, and credits nothing', async ({
      page,
      request,
    }) => {
      await registerMember(page, request);
      await page.goto('/pay/result?status=1&bonus=500000&isBonus=1');
      const result = page.getByTestId('deposit-result');
      await expect(result).toContainText('No deposit to show');
      await expect(result).not.toContainText('Deposit successful');
      await expect(page.getByTestId('coin-gift')).toHaveCount(0);
      await expect(page.getByText('cannot resolve the parameter of no')).toHaveCount(0);
      await expectOnScreen(page, result.getByRole('link', { name: 'Records' }));

      await page.goto('/pay/result?status=1&no=D0000FORGED1&bonus=500000&isBonus=1');
      await expect(result).toContainText('No deposit to show');
      await expect(result).not.toContainText('Deposit successful');
      await expectBalances(page, '0.00', '0.00');
    });
  });

  test('the nested deposit goes through its three steps', async ({ page, context, request }) => {
    const { msisdn } = await registerMember(page, request);
    await page.goto('/nested-deposit');
    const steps = page.getByRole('list', { name: 'Deposit steps' });
    await expect(steps.locator('[aria-current="step"]')).toHaveText('1. Amount');
    await page.getByRole('button', { name: 'Pay 50.00, get 5.00 coins' }).click();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(steps.locator('[aria-current="step"]')).toHaveText('2. Waiting');
    await expect(page.getByTestId('deposit-waiting')).toBeVisible();

    await answerPrompt(context, msisdn, { pin: '1234' });
    await expect(steps.locator('[aria-current="step"]')).toHaveText('3. Result', { timeout: 30_000 });
    await expect(page.getByTestId('deposit-result')).toContainText('Deposit successful');
    await expectBalances(page, '47.50', '5.00');
  });

  test('the nested deposit on the other-number channel asks which number pays, and prompts that one', async ({
    page,
    context,
    request,
  }) => {
    await registerMember(page, request);
    const payer = newSafaricomNumber('0729');
    await page.goto('/nested-deposit');
    const steps = page.getByRole('list', { name: 'Deposit steps' });
    await page.getByRole('button', { name: 'M-PESA (other number)' }).click();
    await page.getByRole('button', { name: 'Pay 100.00, get 12.00 coins' }).click();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    // Still step 1, and no prompt yet: the member says which number pays.
    const number = page.getByLabel('M-PESA number that pays');
    await expect(number).toBeVisible();
    await expect(steps.locator('[aria-current="step"]')).toHaveText('1. Amount');
    await number.fill(payer.mobile);
    await page.getByRole('button', { name: 'Send the payment prompt' }).click();
    await expect(steps.locator('[aria-current="step"]')).toHaveText('2. Waiting');

    await answerPrompt(context, payer.msisdn, { pin: '1234' });
    await expect(steps.locator('[aria-current="step"]')).toHaveText('3. Result', { timeout: 30_000 });
    await expect(page.getByTestId('deposit-result')).toContainText('Deposit successful');
    await expectBalances(page, '95.00', '12.00');
  });
});

test('/pay/deposit/paypay goes to the deposit tab while the paypay setting is off', async ({ page }) => {
  await page.goto('/pay/deposit/paypay');
  await expect(page).toHaveURL(/\/deposit$/);
  await expect(page.getByTestId('deposit-packages')).toBeVisible();
});

test.describe('the deposit popup advert', () => {
  test.use({ showPopupAdvert: true });

  test('shows once per session over the deposit tab', async ({ page }) => {
    await page.goto('/deposit');
    const popup = page.getByTestId('deposit-popup-advert');
    await expect(popup.getByRole('img')).toHaveAttribute('src', /deposit-popup/);
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toHaveCount(0);
    await page.goto('/home');
    await page.goto('/deposit');
    await expect(page.getByTestId('deposit-packages')).toBeVisible();
    await expect(popup).toHaveCount(0);
  });
});
