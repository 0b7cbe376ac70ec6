import type { APIRequestContext } from '@playwright/test';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { expect, test } from './fixtures.ts';
import { expectOnScreen, SMALL_PHONE } from './layout.ts';
import { answerOnPhone, registerWithSms } from './members.ts';

/**
 * M-Pesa's "payments paused" mode (issue 24 §3) as a player meets it at 360 px. Daraja goes into a
 * maintenance window (the simulator's switch) and a member pays: Daraja's maintenance answer pauses M-Pesa
 * payments, the payment hall says the deposit is queued until M-Pesa is back (no prompt timer, no "check
 * your phone"), the deposit and withdraw pages carry the notice and the record says why it waits. When
 * the window ends, the server's probe (every second on this server) ends the pause, the queued prompt
 * reaches the phone once, and the PIN pays it. A pause stops every member's payments, so the journey runs
 * on a server of its own.
 */
test.use({
  privateServerSetup: { name: 'payments-paused', env: { MPESA_MAINTENANCE_PROBE_SECONDS: '1' } },
  viewport: SMALL_PHONE,
});

/** The STK prompts the simulator made for a number. */
async function promptsTo(request: APIRequestContext, simulators: string, msisdn: string) {
  const state = (await (await request.get(`${simulators}/__mpesa/state`)).json()) as {
    prompts: { phoneNumber: string; status: string }[];
  };
  return state.prompts.filter((prompt) => prompt.phoneNumber === msisdn);
}

test('M-Pesa under maintenance: the deposit queues with the message, and is prompted once when it is back', async ({
  page,
  context,
  request,
  privateServer,
}) => {
  // Registration, the maintenance, the probe, the prompt and its callback.
  test.setTimeout(180_000);
  const simulators = privateServer.simulatorsUrl;
  const maintenance = async (on: boolean) =>
    expect((await request.post(`${simulators}/__control/mpesa`, { data: { maintenance: on } })).ok()).toBe(
      true,
    );
  const member = await registerWithSms(page, request, { simulatorsUrl: simulators, prefix: '0716' });

  await maintenance(true);
  await page.goto('/deposit');
  await page.getByRole('button', { name: 'Pay 100.00, get 12.00 coins' }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/pay\/hall\/mpesa\?transNo=D\w+&sign=/);
  const hall = page.url();
  const transNo = new URL(hall).searchParams.get('transNo')!;
  const queued = page.getByTestId('deposit-hall-queued');
  await expect(queued).toHaveText(/^M-PESA is under maintenance: your deposit is queued/);
  await expectOnScreen(page, queued);
  await expect(page.getByTestId('deposit-hall-timer')).toHaveCount(0);
  await expect(page.getByTestId('deposit-waiting')).toHaveCount(0);

  // The notice on the deposit and withdraw pages while paused, within the small screen.
  await page.goto('/deposit');
  const notice = page.getByTestId('payments-paused');
  await expect(notice).toContainText('Deposits and withdrawals are still accepted');
  await expectOnScreen(page, notice);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.goto('/withdraw');
  await expect(page.getByTestId('payments-paused')).toContainText('M-PESA is under maintenance');

  // The record says why the deposit waits.
  await page.goto(PAGE_PATHS.depositRecords);
  const record = page.getByTestId('deposit-record').filter({ hasText: transNo });
  await expect(record.getByTestId('deposit-record-message')).toContainText(
    'M-PESA is under maintenance: your deposit is queued',
  );
  expect(await promptsTo(request, simulators, member.msisdn)).toEqual([]);

  // The window ends: the probe ends the pause, the queued prompt comes, the PIN pays it.
  await maintenance(false);
  await page.goto(hall);
  await answerOnPhone(context, simulators, member.msisdn, { pin: '1234' });
  await expect(page).toHaveURL(/\/pay\/result\?status=1/, { timeout: 60_000 });
  await expect(page.getByTestId('deposit-result')).toContainText('Deposit successful');
  expect(await promptsTo(request, simulators, member.msisdn)).toHaveLength(1);
  await page.goto('/deposit');
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
  await expect(page.getByTestId('payments-paused')).toHaveCount(0);
});
