import type { APIRequestContext } from '@playwright/test';
import { ACCOUNT_PATHS, ADMIN_PATHS, API_BASE } from '@app/contracts/paths';
import { logInToBackOffice } from './back-office.ts';
import { expect, test } from './fixtures.ts';
import { randomPrefix } from './game-play.ts';
import { depositByPhone, registerWithSms, type RegisteredMember } from './members.ts';

/**
 * Payment cases in the back office (issue 26 §3), at 1280 × 800 on a server of the spec's own (its cases
 * apart from the other journeys'): an M-Pesa payment no deposit was waiting for (Daraja's callback for a
 * CheckoutRequestID no order carries) is listed with its receipt, amount and age, and credited from the
 * screen to the player who paid; the player's balance then has it, net of Kenya's 5 % excise, once. The page
 * also fits a tablet held upright (768 × 1024).
 */
test.use({
  viewport: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
  // The back office's first call asks who is logged in: before the login, the answer is a 401.
  allowConsoleError: /status of 401/,
  privateServerSetup: { name: 'admin-payment-cases' },
});

type StkCallbackRecord = {
  kind: string;
  url: string;
  status: string;
  body: { Body: { stkCallback: Record<string, unknown> } };
};

async function balanceOf(request: APIRequestContext, player: RegisteredMember) {
  const answer = await request.get(`${API_BASE}${ACCOUNT_PATHS.balance}`, {
    headers: { token: player.token },
  });
  return ((await answer.json()).data as { money: number }).money;
}

/**
 * Daraja's callback for a payment the player made that no deposit asked for (a CheckoutRequestID no order
 * carries): sent to the address and in the shape the simulator used for the player's own deposit, without
 * that order's token (Daraja's address for every payment).
 */
async function payWithoutOrder(
  request: APIRequestContext,
  simulatorsUrl: string,
  player: RegisteredMember,
  amount: number,
  receipt: string,
) {
  const state = (await (await request.get(`${simulatorsUrl}/__mpesa/state`)).json()) as {
    callbacks: StkCallbackRecord[];
  };
  const delivered = state.callbacks.find(
    (callback) => callback.kind === 'stk-callback' && callback.status === 'delivered',
  );
  if (!delivered) throw new Error('no STK callback was delivered for the player’s deposit');
  const address = new URL(delivered.url);
  const answer = await request.post(`${address.origin}${address.pathname}`, {
    data: {
      Body: {
        stkCallback: {
          MerchantRequestID: `journey-${receipt}`,
          CheckoutRequestID: `ws_CO_journey_${receipt}`,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: amount },
              { Name: 'MpesaReceiptNumber', Value: receipt },
              { Name: 'TransactionDate', Value: 20261203120000 },
              { Name: 'PhoneNumber', Value: Number(player.msisdn) },
            ],
          },
        },
      },
    },
  });
  expect(answer.status()).toBe(200);
}

test('an M-Pesa payment no deposit took is credited to its player from the payment cases screen', async ({
  page,
  request,
  privateServer,
}, testInfo) => {
  test.setTimeout(150_000);
  const { simulatorsUrl } = privateServer;
  const player = await registerWithSms(page, request, { simulatorsUrl, prefix: randomPrefix() });
  await depositByPhone(request, player, 100_00, simulatorsUrl);
  const before = await balanceOf(request, player);
  const receipt = `UNM${Date.now().toString(36).toUpperCase().slice(-7)}`;
  // KSh 500 paid from the player's phone that no deposit was waiting for.
  await payWithoutOrder(request, simulatorsUrl, player, 500, receipt);

  await logInToBackOffice(page);
  const found = await page.request.get(`${API_BASE}${ADMIN_PATHS.members}?query=${player.mobile}`);
  const [{ id: memberId } = { id: 0 }] = (await found.json()).data as { id: number }[];
  expect(memberId).toBeGreaterThan(0);

  await page.getByRole('link', { name: 'Payment cases' }).click();
  await expect(page.getByRole('heading', { name: 'Payment cases', level: 1 })).toBeVisible();
  const unmatched = page.getByRole('region', { name: 'Unmatched payments' });
  const row = unmatched.getByRole('row').filter({ hasText: receipt });
  await expect(row).toContainText(player.msisdn);
  await expect(row).toContainText('500.00');
  await expect(row).toContainText('Open');
  await expect(row).toContainText(/\d+ min/);
  // Every list is on the page, each saying when nothing waits.
  for (const list of ['Held deposits', 'Disagreements', 'Withdrawals to decide']) {
    await expect(page.getByRole('region', { name: list })).toBeVisible();
  }
  await page.screenshot({ path: testInfo.outputPath('payment-cases.png') });
  expect(await balanceOf(request, player)).toBe(before);
  // On a tablet held upright the page fits its width: a wide list scrolls inside its card.
  await page.setViewportSize({ width: 768, height: 1024 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await row.getByRole('button', { name: 'Credit to a player' }).scrollIntoViewIfNeeded();
  await expect(row.getByRole('button', { name: 'Credit to a player' })).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 800 });

  await row.getByRole('button', { name: 'Credit to a player' }).click();
  const form = page.getByRole('form', { name: `Credit payment ${receipt}` });
  await expect(form).toContainText('Credits 500.00 to the player whose id you give');
  await form.getByLabel('Player id').fill(String(memberId));
  await form.getByLabel(/^Note/).fill(`Paid from ${player.msisdn}, seen in the M-PESA portal`);
  await form.getByRole('button', { name: 'Confirm the credit' }).click();
  await expect(page.getByRole('status')).toHaveText('Credited. The player’s balance has the money.');
  await expect(unmatched.getByRole('row').filter({ hasText: receipt })).toHaveCount(0);

  // KSh 500 less Kenya's 5 % excise on deposits, once.
  expect(await balanceOf(request, player)).toBe(before + 475_00);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Payment cases', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Unmatched payments' })).toContainText('Nothing waiting.');
  expect(await balanceOf(request, player)).toBe(before + 475_00);
});
