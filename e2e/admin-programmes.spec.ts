import { PAGE_PATHS } from '@app/contracts/page-paths';
import { logInToBackOffice } from './back-office.ts';
import { expect, phoneOn, test } from './fixtures.ts';
import { randomPrefix } from './game-play.ts';
import { registerWithSms } from './members.ts';

/**
 * The back office's programmes and draws (issue 26 §5) at 1280 × 800, on a server of the spec's own (an
 * operator changes a programme: the shared servers' cash rain must not change under the other specs): the
 * demo staff member lists the programmes with their budget and cost per day, opens the cash rain's form
 * (generated from its schema and units), sees a wrong budget refused beside its field, saves a new budget
 * in major units and finds it stored, and saves again on a tablet held upright (768 × 1024); then the
 * draws with their verification pages; then an inbox message to a player, written beside its 360 px
 * preview, which the player reads on their phone.
 */
// The back office's first call asks who is logged in: before the login, the answer is a 401; the refused
// settings are a 400.
test.use({
  viewport: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
  allowConsoleError: /status of (401|400)/,
  privateServerSetup: { name: 'admin-programmes' },
});

test('an operator changes the cash rain budget, reads the draws and writes a player a message', async ({
  page,
  request,
  browser,
  privateServer,
}, testInfo) => {
  // One long journey (a registration, then three screens of the back office).
  test.setTimeout(150_000);
  // A player of this server, on a 360 px phone: the message's reader at the end. (One test, one staff
  // login: an authenticator code is accepted once.)
  const phoneErrors: string[] = [];
  const phone = await phoneOn(browser, privateServer.url, phoneErrors);
  const player = await registerWithSms(phone, request, {
    simulatorsUrl: privateServer.simulatorsUrl,
    prefix: randomPrefix(),
    verify: false,
  });

  await logInToBackOffice(page);

  // The list: each programme's state, budget balance and cost per day.
  await page.getByRole('link', { name: 'Programmes' }).click();
  await expect(page.getByRole('columnheader', { name: 'Cost per day (7-day average)' })).toBeVisible();
  const rain = page.getByRole('row').filter({ hasText: 'cash-rain' });
  await expect(rain.getByText('On', { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('programmes.png') });
  await rain.getByRole('link', { name: 'Cash rain' }).click();

  // The form, generated: the first slot's budget in money (stored 50,000 minor units: shown 500).
  await expect(page.getByRole('heading', { name: /Cash rain/ })).toBeVisible();
  const firstSlot = page.getByRole('group', { name: /^Slots no\. 1\b/ });
  const budget = firstSlot.getByLabel(/^Budget/);
  await expect(budget).toHaveValue('500');
  await page.screenshot({ path: testInfo.outputPath('programme-form.png') });
  await expect(firstSlot.getByText('(money)').first()).toBeVisible();

  // A budget below the packets' minimum is refused by the server, beside the field.
  await budget.fill('-5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The server refused these settings:')).toBeVisible();
  await expect(firstSlot.getByRole('alert')).toContainText('the budget must cover every cash packet');
  await expect(budget).toHaveAttribute('aria-invalid', 'true');

  await budget.fill('750.50');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText(/Saved/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

  // Stored: read again from the server, the budget is the one saved (75,050 minor units).
  await page.reload();
  await expect(page.getByRole('group', { name: /^Slots no\. 1\b/ }).getByLabel(/^Budget/)).toHaveValue(
    '750.50',
  );
  const stored = await page.evaluate(async () => {
    const answer = (await (await fetch('/api/admin/promotions')).json()) as {
      data: { code: string; settings: { slots: { budget: number }[] } }[];
    };
    return answer.data.find((programme) => programme.code === 'cash-rain')!.settings.slots[0]!.budget;
  });
  expect(stored).toBe(75_050);

  // On a tablet held upright the form fits the screen and saves the same way.
  await page.setViewportSize({ width: 768, height: 1024 });
  await budget.fill('800');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText(/Saved/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The draws, read only, each with its public verification page.
  await page.getByRole('link', { name: 'Draws' }).click();
  await expect(page.getByRole('heading', { name: 'Draws' })).toBeVisible();
  await expect(page.getByLabel('Product')).toBeVisible();
  // The server's own schedule has made the products' next draws.
  await expect(page.getByRole('link', { name: 'Verify' }).first()).toHaveAttribute(
    'href',
    /^\/game-center\/fair\/draw\/\d+$/,
  );

  // An inbox message to the player, written beside its preview on a 360 px phone.
  await page.getByRole('link', { name: 'Messages' }).click();
  await page.getByLabel('Player’s mobile').fill(player.mobile);
  await page.getByLabel('Title').fill('Your weekend bonus');
  await page.getByLabel('Text').fill('Spin the wheel on Saturday for double coins.');
  const preview = page.getByTestId('message-preview');
  await expect(preview.getByText('Your weekend bonus').first()).toBeVisible();
  // The phone's screen is 360 px wide inside its 8 px frame.
  expect((await preview.boundingBox())!.width).toBe(360 + 2 * 8);
  await page.screenshot({ path: testInfo.outputPath('message-preview.png') });
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status')).toHaveText('Sent to 1 inbox(es).');

  // The player finds it in their inbox.
  await phone.goto(PAGE_PATHS.memberMessages);
  await expect(phone.getByText('Your weekend bonus')).toBeVisible();
  expect(phoneErrors).toEqual([]);
  await phone.context().close();
});
