import type { Page } from '@playwright/test';
import { ERRORS } from '@app/contracts/errors';
import type { PlayerLimits } from '@app/contracts/limits';
import { ACCOUNT_PATHS } from '@app/contracts/paths';
import { appText, gameText } from './catalogues.ts';
import { expect, test, type PrivateServer } from './fixtures.ts';
import { api, cashOf, type Envelope, gameIdByName, openGameFromHome, randomPrefix } from './game-play.ts';
import { expectOnScreen, SMALL_PHONE } from './layout.ts';
import { depositByPhone, registerWithSms, type RegisteredMember } from './members.ts';

/**
 * The session time limit (issue 25 §2) as a player meets it at 360 px, on a server of the spec's own whose
 * clock the test moves (e2e/private-server.ts): a limit of 15 minutes chosen on the limits page applies at
 * once; 16 minutes into the session the game refuses the bet with the limit named and the break it waits
 * for, and no money moves (the refused request is the one 409 in the console); the limits page says when
 * play may start again, a longer limit waits for the cooling-off, and after a 30-minute break a new session
 * plays. The same refusal in Swahili.
 */
const MINUTE = 60_000;
test.use({
  viewport: SMALL_PHONE,
  allowConsoleError: /status of 409/,
  privateServerSetup: { name: 'session-limit', clockAt: Date.now() },
});

/**
 * How far the server's clock runs ahead of the real one. It only moves on, test after test: a clock moved
 * back would leave the sessions made meanwhile in the future.
 */
let ahead = 0;
function moveServerClockOn(server: PrivateServer, minutes: number): void {
  ahead += minutes * MINUTE;
  server.moveClockTo(Date.now() + ahead);
}

/**
 * The minutes the member's play session has lasted by the server's clock (0: none under way), as the limits
 * endpoint reads them: what a test polls after moving the clock, which the server reads from its file a
 * moment later.
 */
async function sessionMinutes(page: Page, member: RegisteredMember): Promise<number> {
  const answer = (await (
    await page.context().request.get(api(ACCOUNT_PATHS.limits), { headers: { token: member.token } })
  ).json()) as Envelope<PlayerLimits>;
  return answer.data.limits.find((limit) => limit.name === 'session')?.used ?? -1;
}

/** A new player on this phone (left logged in) with KES 1,000 paid in by M-Pesa. */
async function newPlayer(page: Page, server: PrivateServer): Promise<RegisteredMember> {
  const request = page.context().request;
  const member = await registerWithSms(page, request, {
    simulatorsUrl: server.simulatorsUrl,
    prefix: randomPrefix(),
  });
  await depositByPhone(request, member, 1_000_00, server.simulatorsUrl);
  return member;
}

test('en: a player limits a session to 15 minutes, is stopped in the game past it, and plays again after a break', async ({
  page,
  privateServer,
}) => {
  test.setTimeout(180_000);
  const request = page.context().request;
  const member = await newPlayer(page, privateServer);

  await page.goto('/me/settings');
  await page.getByRole('link', { name: 'My limits' }).click();
  await expect(page).toHaveURL(/\/me\/settings\/limits$/);
  const session = page.getByTestId('limit-session');
  await session.scrollIntoViewIfNeeded();
  await expectOnScreen(page, session);
  await expect(page.getByTestId('limits-session')).toContainText(
    'A session ends after 30 minutes without a bet',
  );
  await session.selectOption({ label: '15 minutes' });
  await page.getByTestId('limits-save').click();
  await expect(page.getByText('Your limits are saved')).toBeVisible();
  await expect(page.getByTestId('limit-session-status')).toHaveText('0 minutes played this session');

  const id = await gameIdByName(request, 'Dice');
  const { game } = await openGameFromHome(page, 'Dice', id);
  const play = game.getByTestId('play');
  await expect(play).toBeEnabled();
  await play.click();
  await expect(game.getByTestId('round-result')).toHaveText(/^(You win KES [\d,.]+|No win)$/);
  const cash = await cashOf(request, member);

  moveServerClockOn(privateServer, 16);
  await expect.poll(() => sessionMinutes(page, member)).toBeGreaterThanOrEqual(16);
  await expect(play).toBeEnabled();
  await play.click();
  const notice = game.getByTestId('game-notice');
  await expect(notice).toHaveText(
    /You have reached your session time limit\. You can play again after a 30-minute break from betting\./,
  );
  expect(await cashOf(request, member)).toBe(cash);

  // The limits page tells when play may start again; a longer limit waits for the cooling-off.
  await page.goto('/me/settings/limits');
  await expect(page.getByTestId('limit-session-status')).toHaveText(
    /^Limit reached: you can play again from /,
  );
  await page.getByTestId('limit-session').selectOption({ label: '1 hour' });
  await page.getByTestId('limits-save').click();
  await expect(page.getByTestId('limit-session-pending')).toHaveText(/^Changes to 1 hour on /);
  await expect(page.getByTestId('limit-session')).toHaveValue('15');

  // A 30-minute break since the last bet placed ends the session: the next bet begins a new one.
  moveServerClockOn(privateServer, 30);
  await expect.poll(() => sessionMinutes(page, member)).toBe(0);
  const again = await openGameFromHome(page, 'Dice', id);
  await expect(again.game.getByTestId('play')).toBeEnabled();
  await again.game.getByTestId('play').click();
  await expect(again.game.getByTestId('round-result')).toHaveText(/^(You win KES [\d,.]+|No win)$/);
});

test('sw: the refusal past the session limit, in the game frame, in Swahili', async ({
  page,
  privateServer,
}) => {
  test.setTimeout(180_000);
  const request = page.context().request;
  const member = await newPlayer(page, privateServer);
  await page.goto('/me');
  const swahili = page.getByRole('button', { name: 'Kiswahili' });
  await swahili.click();
  await expect(swahili).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');

  await page.goto('/me/settings/limits');
  await expect(page.getByTestId('limits-session')).toContainText(appText('sw', 'limits.kind.session'));
  await page
    .getByTestId('limit-session')
    .selectOption({ label: appText('sw', 'limits.sessionMinutes', { count: 15 }) });
  await page.getByTestId('limits-save').click();
  await expect(page.getByText(appText('sw', 'limits.saved'))).toBeVisible();
  await expect(page.getByTestId('limit-session-status')).toHaveText(
    appText('sw', 'limits.sessionPlayed', { length: appText('sw', 'limits.sessionMinutes', { count: 0 }) }),
  );

  const id = await gameIdByName(request, 'Dice');
  await page.goto(`/casino/launch/${id}`);
  const game = page.frameLocator('[data-testid="game-frame"]');
  const play = game.getByTestId('play');
  await expect(play).toHaveText(gameText('sw', 'dice.roll'));
  await expect(play).toBeEnabled();
  await play.click();
  // The line holds a no-break space until the round's result is shown: wait for the result itself, so the
  // cash read below is after the bet (CI read it before once, and the refused bet seemed to cost 2,000).
  await expect(game.getByTestId('round-result')).toHaveText(/\S/);
  const cash = await cashOf(request, member);

  moveServerClockOn(privateServer, 16);
  await expect.poll(() => sessionMinutes(page, member)).toBeGreaterThanOrEqual(16);
  await expect(play).toBeEnabled();
  await play.click();
  await expect(
    game
      .getByTestId('game-notice')
      .getByText(gameText('sw', `error.${ERRORS.LIMIT_SESSION.code}`), { exact: true }),
  ).toBeVisible();
  expect(await cashOf(request, member)).toBe(cash);
});
