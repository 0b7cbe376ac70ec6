import { expect, luckyWinUrl, test } from './fixtures.ts';
import { SMALL_PHONE, expectOnScreen } from './layout.ts';

/**
 * `/publicize/christmas` (issue 15 §6) at 360 px: on the LuckyWin server, which runs the Christmas variant,
 * the festive home banner leads to the Christmas landing and the landing to the programmes; on WinSlots
 * (no Christmas) the path goes home like any unknown path. The invitation landing takes each theme's layout.
 */
test.use({ viewport: SMALL_PHONE });

test('the Christmas banner leads to the Christmas landing, and the landing to the programmes', async ({
  page,
}) => {
  await page.goto(luckyWinUrl('/home'));
  const banner = page.getByTestId('swipe-banner').getByRole('link').first();
  await expect(banner).toHaveAttribute('href', '/publicize/christmas');
  await page.goto(luckyWinUrl('/publicize/christmas'));
  const landing = page.getByTestId('christmas-page');
  await expect(landing.getByRole('heading', { name: 'Merry Christmas' })).toBeVisible();
  const invite = landing.getByRole('link', { name: 'Invite your friends for the holidays' });
  await expectOnScreen(page, invite);
  await invite.click();
  await expect(page).toHaveURL(/\/activities\/refer-friend\/1$/);
  await expect(page.getByTestId('referral-how')).toBeVisible();
});

test('without the Christmas variant the Christmas path goes home', async ({ page }) => {
  await page.goto('/publicize/christmas');
  await expect(page).toHaveURL(/\/home$/);
});

test('the invitation landing takes each theme’s layout', async ({ page }) => {
  await page.goto('/invitation/NOSUCH23/3');
  await expect(page.getByTestId('invitation-landing')).toHaveClass(/invitation--winslots/);
  await expect(page.getByTestId('invitation-text')).toHaveText(
    'This invitation is not valid, but you can still sign up.',
  );
  await page.goto(luckyWinUrl('/activities/register/NOSUCH23/3'));
  await expect(page.getByTestId('invitation-landing')).toHaveClass(/invitation--luckywin/);
  await expectOnScreen(page, page.getByTestId('invitation-sign-up'));
});
