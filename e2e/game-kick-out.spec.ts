import { IN_OTHER_GAMES_MESSAGE } from '@app/contracts/game-rules';
import { MEMBER_PATHS, MESSAGE_PATHS } from '@app/contracts/paths';
import { expect, test } from './fixtures.ts';
import {
  PASSWORD,
  cashOf,
  fundedMember,
  gameIdByName,
  kes,
  openGameFromHome,
  recordFrameMessages,
  type Envelope,
} from './game-play.ts';

/**
 * One device bets at a time (platform-core §6, promotions-and-games §4): a member plays in the app's frame
 * on one phone and logs in on another. The next bet from the first phone is refused, the game tells the
 * app ('in other games'), the app runs the kick-out sync and, this phone having lost the right to bet,
 * blanks the frame and shows the one-device message. Played in a game of single rounds (dice) and in the
 * crash game (its own bet call, in its shared round's betting phase).
 */

const DEPOSIT = 100_000;
/** What the deposit lands as: KES 1,000 from M-Pesa less Kenya's 5 % excise. */
const CREDITED = 95_000;
const ONE_DEVICE = 'We support only one device to bet at the same time';
/** A crash bet waits for the next betting phase: up to a whole round (docs/games.md "Crash"). */
const BET_TIMEOUT = 150_000;

// The refused bet (HTTP 409) is reported by Chromium in the console.
test.use({ allowConsoleError: /status of 409/ });

const GAMES = [
  { name: 'Dice', bet: 'play' },
  { name: 'Crash', bet: 'crash-bet' },
] as const;

for (const { name, bet } of GAMES) {
  test(`${name}: a login on another phone stops bets on this one; the game tells the app, which shows the one-device message`, async ({
    page,
    newPhone,
    request,
  }) => {
    test.setTimeout(BET_TIMEOUT + 120_000);
    const id = await gameIdByName(request, name);
    const member = await fundedMember(page, request, DEPOSIT);
    const messages = await recordFrameMessages(page);
    const { game } = await openGameFromHome(page, name, id);
    await expect(game.getByTestId('balance')).toHaveText(kes(CREDITED));

    // The same member logs in on another phone, which takes the right to bet.
    const other = await newPhone();
    await other.goto('/login');
    await other.getByLabel('Mobile number').fill(member.mobile);
    await other.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await other.getByRole('button', { name: 'Log in' }).last().click();
    await expect(other).toHaveURL(/\/home$/);

    // A bet on the first phone: refused; the game tells the app, which asks the kick-out sync.
    const sync = page.waitForResponse((response) => response.url().includes(MEMBER_PATHS.gameKickOut), {
      timeout: BET_TIMEOUT + 30_000,
    });
    await game.getByTestId(bet).click({ timeout: BET_TIMEOUT });
    const answer = (await (await sync).json()) as Envelope<{ kickedOut: boolean }>;
    expect(answer.data).toEqual({ kickedOut: true });
    expect(await messages()).toContain(IN_OTHER_GAMES_MESSAGE);

    // The app's one-device state: the frame is gone and the player told.
    const dialog = page.getByTestId('casino-one-device');
    await expect(dialog).toHaveText(new RegExp(ONE_DEVICE));
    await expect(page.getByTestId('game-frame')).toHaveCount(0);
    expect(await cashOf(request, member)).toBe(CREDITED);

    // OK takes the player back to the home page. Told once: the app's next round of member checks there
    // (notices, unread count, one-device check) does not ask and tell again.
    const checks: string[] = [];
    page.on('request', (request) => checks.push(request.url()));
    const polled = page.waitForResponse((response) => response.url().includes(MESSAGE_PATHS.notices), {
      timeout: 30_000,
    });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await polled;
    expect(checks.filter((url) => url.includes(MEMBER_PATHS.gameKickOut))).toEqual([]);
    await expect(page.getByTestId('one-device-notice')).toHaveCount(0);
  });
}
