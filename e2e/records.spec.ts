import type { APIRequestContext, Page } from '@playwright/test';
import { API_BASE, PAYMENT_PATHS } from '@app/contracts/paths';
import { expect, test } from './fixtures.ts';
import { expectOnScreen, SMALL_PHONE, useLanguage } from './layout.ts';
import { answerOnPhone, registerWithSms } from './members.ts';

// The simulators of the server under test: the SMS inbox for the registration code, and the M-Pesa
// phone page where a tester answers the STK prompt.
const simulatorsUrl = process.env.SIMULATORS_URL;
if (!simulatorsUrl) throw new Error('SIMULATORS_URL is not set: run the suite with `node e2e/run.mjs`');

function register(page: Page, request: APIRequestContext) {
  return registerWithSms(page, request, { simulatorsUrl: simulatorsUrl!, prefix: '0714' });
}

type Member = Awaited<ReturnType<typeof register>>;

/**
 * A deposit of a package through the API (the deposit screens have their own tests), answered on the
 * simulator's phone page as a tester would: the PIN, or Cancel.
 */
async function deposit(page: Page, member: Member, packageMoney: number, answer: 'pin' | 'cancel') {
  const headers = { token: member.token };
  const api = (path: string) => `${API_BASE}${path}`;
  const items = (await (await page.request.get(api(PAYMENT_PATHS.payItems), { headers })).json()).data as {
    id: number;
    payMoney: number;
  }[];
  const channels = (await (await page.request.get(api(PAYMENT_PATHS.depositChannels), { headers })).json())
    .data as { id: number; channelCode: string }[];
  const item = items.find((candidate) => candidate.payMoney === packageMoney);
  const channel = channels.find((candidate) => candidate.channelCode === 'MPESA');
  if (!item || !channel) throw new Error('the demo package or the M-PESA channel is missing');
  const init = await page.request.post(api(PAYMENT_PATHS.depositInit), {
    headers,
    form: { itemId: String(item.id), payMoney: String(packageMoney), payChannel: String(channel.id) },
  });
  const { transNo } = (await init.json()).data as { transNo: string };

  await answerOnPhone(
    page.context(),
    simulatorsUrl!,
    member.msisdn,
    answer === 'pin' ? { pin: '1234' } : 'cancel',
  );
  await expect
    .poll(async () => {
      const result = await page.request.get(api(`${PAYMENT_PATHS.depositResult}?transNo=${transNo}`), {
        headers,
      });
      return ((await result.json()).data as { state: number }).state;
    })
    .toBe(answer === 'pin' ? 3 : 4);
  return transNo;
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000000000400017a6b0a0d0000000049454e44ae426082',
  'hex',
);

test('deposit records: a paid deposit opens its transaction, a cancelled one is appealed with a screenshot', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const member = await register(page, request);
  const paid = await deposit(page, member, 100_000, 'pin');
  const cancelled = await deposit(page, member, 5_000, 'cancel');

  await page.goto('/account/records/deposit');
  const records = page.getByTestId('deposit-record');
  await expect(records).toHaveCount(2);
  // Newest first: the cancelled one, then the paid one.
  await expect(records.nth(0)).toContainText(cancelled);
  await expect(records.nth(0)).toContainText('Failed');
  await expect(records.nth(1)).toContainText(paid);
  await expect(records.nth(1)).toContainText('Paid');
  await expect(records.nth(1)).toContainText('KES 1,000.00');
  // Kenya's 5 % excise: 50 withheld, 950 credited.
  await expect(records.nth(1).getByTestId('deposit-record-excise')).toHaveText('−KES 50.00');
  await expect(records.nth(1).getByTestId('deposit-record-credited')).toHaveText('KES 950.00');
  await expect(page.getByText('No more records')).toBeVisible();

  // This month holds both; the filter asks the server again.
  await page.getByLabel('Month').selectOption({ index: 1 });
  await expect(records).toHaveCount(2);

  await records.nth(1).getByRole('link', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\/account\/transaction\/\d+$/);
  const transaction = page.getByTestId('transaction');
  await expect(transaction).toContainText('Deposit');
  await expect(transaction).toContainText('KES +950.00');
  await expect(transaction).toContainText('Tax−50.00');
  await expect(transaction).toContainText('Coins+200.00');
  await page.goBack();

  await records.nth(0).getByRole('link', { name: 'Appeal' }).click();
  await expect(page).toHaveURL(/\/feedback\/deposit\/\d+$/);
  await expect(page.getByTestId('deposit-summary')).toContainText(cancelled);
  await page.getByLabel('What happened?').fill('The prompt closed but M-PESA took the money.');
  await page
    .getByTestId('appeal-file')
    .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('appeal-image')).toHaveCount(1);
  await page.getByRole('button', { name: 'Send appeal' }).click();

  await expect(page).toHaveURL(/\/feedback\/timeline\/\d+$/);
  await expect(page.getByTestId('appeal-detail')).toContainText(
    'The prompt closed but M-PESA took the money.',
  );
  await expect(page.getByTestId('timeline-event')).toHaveCount(1);
  await expect(page.getByTestId('timeline-event')).toContainText('Appeal sent · by you');
  // The proof is private: fetched with the session header and shown through an object URL.
  await expect(page.getByRole('img', { name: 'Proof image 1' })).toHaveAttribute('src', /^blob:/);
});

test('withdrawal records are empty at first, and coins from a package are exchanged for cash on the Me page', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const member = await register(page, request);
  await page.goto('/account/records/withdraw');
  await expect(page.getByTestId('records-empty')).toHaveText('No withdrawals in this period.');

  // The KES 1,000 package brings 200.00 coins.
  await deposit(page, member, 100_000, 'pin');
  await page.goto('/me');
  await page.getByRole('button', { name: 'Exchange coins and diamonds' }).click();
  const dialog = page.getByTestId('exchange-dialog');
  await expect(dialog.getByTestId('exchange-coins')).toHaveText('200.00');
  await dialog.getByRole('button', { name: 'Exchange 100.00 coins for KES 10.00' }).click();
  await dialog.getByRole('button', { name: 'Exchange', exact: true }).click();
  // Coins give bonus cash as a bonus with wagering: the dialog says so and leads to the bonus page.
  await expect(page.getByText('Exchanged: a KES 10.00 bonus is in your balance')).toBeVisible();
  await expect(dialog.getByTestId('exchange-granted')).toContainText('Your new bonus: KES 10.00');
  await expect(dialog.getByRole('link', { name: 'See my bonuses and their rules' })).toBeVisible();
  await expect(dialog.getByTestId('exchange-coins')).toHaveText('100.00');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('profile-card')).toContainText('KES 960.00');
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: SMALL_PHONE });

  test('coins exchanged for bonus cash become a bonus with its rules on the bonus page (fr)', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const member = await register(page, request);
    await useLanguage(page, 'fr');
    // The KES 1,000 package brings 200.00 coins.
    await deposit(page, member, 100_000, 'pin');
    await page.goto('/diamond/exchange');
    const dialog = page.getByTestId('exchange-dialog');
    await expect(dialog.getByTestId('exchange-coins')).toHaveText('200.00');
    const coins = dialog.getByTestId('exchange-option').first();
    await expect(coins).toContainText('Argent bonus, à miser 5×');
    await coins.getByRole('button').click();
    await expect(dialog.getByTestId('exchange-note')).toContainText(
      'misez KES 50.00 (5× le bonus) en 7 jours pour rendre jusqu',
    );
    await dialog.getByRole('button', { name: 'Échanger', exact: true }).click();
    const granted = dialog.getByTestId('exchange-granted');
    await expect(granted).toContainText('Votre nouveau bonus : KES 10.00');
    await expect(granted).toContainText('Il est dans votre solde.');
    await expectOnScreen(page, granted);
    await granted.getByRole('link', { name: 'Voir mes bonus et leurs règles' }).click();
    await expect(page).toHaveURL(/\/bonus$/);
    const card = page.getByTestId('bonus-card').first();
    await expect(card).toContainText('Pièces échangées');
    await expect(card).toContainText('KES 10.00');
  });
});
