import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { registerWithSms } from './members.ts';

// The server's simulators: the SMS inbox for registration codes and the M-Pesa phone page.
const simulatorsUrl = process.env.SIMULATORS_URL;
if (!simulatorsUrl) throw new Error('SIMULATORS_URL is not set: run the suite with `node e2e/run.mjs`');

function registerMember(page: Page, request: APIRequestContext) {
  return registerWithSms(page, request, { simulatorsUrl: simulatorsUrl!, prefix: '0713' });
}

/** Plays the customer: opens the simulator's phone page for the number and answers the open prompt. */
async function answerOnPhone(context: BrowserContext, msisdn: string, answer: { pin: string } | 'cancel') {
  const phone = await context.newPage();
  await expect(async () => {
    await phone.goto(`${simulatorsUrl}/phone?msisdn=${msisdn}`);
    await expect(phone.getByLabel('M-PESA PIN')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  if (answer === 'cancel') {
    await phone.getByRole('button', { name: 'Cancel' }).click();
  } else {
    await phone.getByLabel('M-PESA PIN').fill(answer.pin);
    await phone.getByRole('button', { name: 'OK' }).click();
  }
  await phone.close();
}

/** The coins and balance on the me page. */
async function expectBalances(page: Page, balance: string, coins: string) {
  await page.goto('/me');
  const card = page.getByTestId('profile-card');
  await expect(card.getByText(`KES ${balance}`)).toBeVisible();
  await expect(card.locator('dd').first()).toHaveText(coins);
}

test.describe('deposit by M-Pesa', () => {
  // Registration, the phone, the callback and a 5 s poll: more than the default 30 s on a slow host.
  test.setTimeout(90_000);

  test('a package approved with the PIN on the phone credits the balance and the coins', async ({
    page,
    context,
    request,
  }) => {
    const { msisdn } = await registerMember(page, request);
    await expectBalances(page, '0.00', '0.00');
    await page.goto('/deposit');
    await page.getByRole('button', { name: 'Pay 100.00, get 12.00 coins' }).click();
    await expect(page.getByLabel('Or enter an amount')).toHaveValue('100');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/pay\/hall\/mpesa\?transNo=D\w+&sign=/);
    await expect(page.getByTestId('deposit-waiting')).toContainText('Check your phone');

    await answerOnPhone(context, msisdn, { pin: '1234' });
    await expect(page).toHaveURL(/\/pay\/result\?status=1&no=D\w+/, { timeout: 20_000 });
    await expect(page.getByTestId('deposit-result')).toContainText('Deposit successful');
    const gift = page.getByTestId('coin-gift');
    await expect(gift).toContainText('12.00 coins');
    await gift.getByRole('button', { name: 'OK' }).click();

    await expectBalances(page, '100.00', '12.00');
  });

  test('a free amount is credited without coins', async ({ page, context, request }) => {
    const { msisdn } = await registerMember(page, request);
    await page.goto('/deposit');
    const amount = page.getByLabel('Or enter an amount');
    await amount.fill('150.5');
    await expect(page.getByRole('alert')).toContainText('whole shillings');
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
    await amount.fill('150');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/pay\/hall\/mpesa/);

    await answerOnPhone(context, msisdn, { pin: '1234' });
    await expect(page).toHaveURL(/\/pay\/result\?status=1/, { timeout: 20_000 });
    await expect(page.getByTestId('coin-gift')).toHaveCount(0);
    await expectBalances(page, '150.00', '0.00');
  });

  test('a deposit cancelled on the phone shows the failure and credits nothing', async ({
    page,
    context,
    request,
  }) => {
    const { msisdn } = await registerMember(page, request);
    await page.goto('/deposit');
    await page.getByLabel('Or enter an amount').fill('50');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/pay\/hall\/mpesa/);

    await answerOnPhone(context, msisdn, 'cancel');
    await expect(page).toHaveURL(/\/pay\/result\?status=0/, { timeout: 20_000 });
    const result = page.getByTestId('deposit-result');
    await expect(result).toContainText('Deposit failed');
    await expect(result).toContainText('You cancelled the payment on your phone.');
    await expectBalances(page, '0.00', '0.00');
  });

  test('the nested deposit goes through its three steps', async ({ page, context, request }) => {
    const { msisdn } = await registerMember(page, request);
    await page.goto('/nested-deposit');
    const steps = page.getByRole('list', { name: 'Deposit steps' });
    await expect(steps.locator('[aria-current="step"]')).toHaveText('1. Amount');
    await page.getByLabel('Or enter an amount').fill('60');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(steps.locator('[aria-current="step"]')).toHaveText('2. Waiting');
    await expect(page.getByTestId('deposit-waiting')).toBeVisible();

    await answerOnPhone(context, msisdn, { pin: '1234' });
    await expect(steps.locator('[aria-current="step"]')).toHaveText('3. Result', { timeout: 20_000 });
    await expect(page.getByTestId('deposit-result')).toContainText('Deposit successful');
    await expectBalances(page, '60.00', '0.00');
  });
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
