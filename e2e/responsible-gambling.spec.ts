import { expect, test } from './fixtures.ts';
import { cashOf, fundedMember, gameIdByName, openGameFromHome, PASSWORD } from './game-play.ts';
import { expectOnScreen, SMALL_PHONE } from './layout.ts';

/**
 * Responsible gambling (issue 25 §2 §3) as a player meets it at 360 px. Limits that hold: a daily stake limit set on the limits
 * page applies at once, a bet past it is refused in the game with the limit named and when it resets, and
 * no money moves (the game's refused request is the one 409 in the console); a raise then waits for the
 * cooling-off, shown beside the limit.
 */
test.use({ viewport: SMALL_PHONE, allowConsoleError: /status of 409/ });

test('en: a player sets a daily stake limit, is stopped by it in the game, and sees a raise wait a day', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const request = page.context().request;
  const member = await fundedMember(page, request, 1_000_00);

  await page.goto('/me/settings');
  await page.getByRole('link', { name: 'My limits' }).click();
  await expect(page).toHaveURL(/\/me\/settings\/limits$/);
  await expect(
    page.getByText('A lower limit applies at once; a higher one, or removing a limit, only after 24 hours.', {
      exact: false,
    }),
  ).toBeVisible();
  const stakePerDay = page.getByTestId('limit-stake-day');
  await stakePerDay.fill('100');
  // Below the three cards: the player scrolls to it, and it fits the phone's width.
  await page.getByTestId('limits-save').scrollIntoViewIfNeeded();
  await expectOnScreen(page, page.getByTestId('limits-save'));
  await page.getByTestId('limits-save').click();
  await expect(page.getByText('Your limits are saved')).toBeVisible();
  await expect(page.locator('#limit-stake-day-status')).toHaveText(/^KES 0\.00 used, resets /);

  const cash = await cashOf(request, member);
  const id = await gameIdByName(request, 'Dice');
  const { game } = await openGameFromHome(page, 'Dice', id);
  await expect(game.getByTestId('play')).toBeEnabled();
  const field = game.locator('#stake-input');
  await field.fill('150');
  await field.press('Enter');
  await game.getByTestId('play').click();
  await expect(game.getByTestId('game-notice')).toHaveText(
    /This stake would pass your daily stake limit\. It resets at midnight\./,
  );
  expect(await cashOf(request, member)).toBe(cash);

  // A raise is not in force at once: it waits the market's cooling-off, shown beside the limit.
  await page.goto('/me/settings/limits');
  await page.getByTestId('limit-stake-day').fill('500');
  await page.getByTestId('limits-save').click();
  await expect(page.getByTestId('limit-stake-day-pending')).toHaveText(/^Changes to KES 500\.00 on /);
  await expect(page.getByTestId('limit-stake-day')).toHaveValue('100');
});

test('en: after an hour of real-money play the reality check tells the time and the net result, and Stop leaves the game', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The page's clock, moved on by the test: an hour of play without waiting for it.
  await page.clock.install();
  const request = page.context().request;
  await fundedMember(page, request, 500_00);
  const id = await gameIdByName(request, 'Dice');
  const { game } = await openGameFromHome(page, 'Dice', id);
  await expect(game.getByTestId('play')).toBeEnabled();
  await expect(page.getByTestId('reality-check')).toHaveCount(0);
  await page.clock.fastForward(60 * 60_000);
  const check = page.getByTestId('reality-check');
  await expect(check.getByTestId('reality-check-played')).toHaveText('You have played for 60 minutes.');
  await expect(check.getByTestId('reality-check-net')).toHaveText(
    'Your net result since you opened the game: KES 0.00.',
  );
  await expectOnScreen(page, check.getByTestId('reality-check-stop'));
  await check.getByTestId('reality-check-stop').click();
  await expect(page).not.toHaveURL(/\/casino\//);
});

test('en: a player takes a break of a day, is logged out, and cannot log in until it ends', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const request = page.context().request;
  const member = await fundedMember(page, request, 100_00);
  await page.goto('/me/settings');
  await page.getByRole('link', { name: 'Take a break' }).click();
  await expect(page).toHaveURL(/\/me\/settings\/break$/);
  // The market's lengths: a day to six weeks in Kenya.
  await expect(page.getByRole('radio')).toHaveCount(6);
  await page.getByRole('radio', { name: '1 day' }).check();
  await page.getByTestId('break-submit').click();
  await page.getByRole('button', { name: 'Start break' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(/^Your break has started\. You can log in again from /)).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Mobile number').fill(member.mobile);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).last().click();
  await expect(
    page.getByText('You are taking a break from play: you can log in again when it ends'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('en: the responsible-gaming page shows Kenya’s helpline to call and a self-assessment answered on the phone', async ({
  page,
}) => {
  await page.goto('/pages/branch/responsible-gaming');
  const helpline = page.getByTestId('rg-helpline');
  await expect(helpline).toContainText('Call the Ministry of Health helpline, free and confidential:');
  await expect(helpline.getByRole('link', { name: '719' })).toHaveAttribute('href', 'tel:719');
  await expect(page.getByRole('link', { name: 'My limits' })).toHaveAttribute('href', '/me/settings/limits');
  await expect(page.getByTestId('rg-result')).toHaveCount(0);
  const yes = ['more', 'chase', 'borrow'];
  for (const question of ['more', 'chase', 'borrow', 'restless', 'hide', 'needs', 'guilt', 'others']) {
    await page.getByTestId(`rg-${question}-${yes.includes(question) ? 'yes' : 'no'}`).check();
  }
  const result = page.getByTestId('rg-result');
  await expect(result).toContainText('Your answers suggest gambling may be harming you.');
  await result.scrollIntoViewIfNeeded();
  await expectOnScreen(page, result);
});
