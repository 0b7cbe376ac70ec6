import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { CashBackSummary } from '@app/contracts/cash-back';
import { CASH_BACK_PATHS } from '@app/contracts/paths';
import { expect, phoneOn, test, type PrivateServer } from './fixtures.ts';
import {
  api,
  cashOf,
  type Envelope,
  gameIdByName,
  kes,
  openGameFromHome,
  randomPrefix,
} from './game-play.ts';
import { expectOnScreen, useLanguage } from './layout.ts';
import { depositByPhone, registerWithSms, type RegisteredMember } from './members.ts';

/**
 * Weekly cash back (issue 15 §3) as a tester checks it on a staging server whose clock they move: on a
 * server of its own, started with its wall clock in LAST week (e2e/private-server.ts), two new players
 * deposit by M-Pesa and lose at dice in the app's frame (real bets, the lowest win chance); then the
 * server's clock moves to this week's Wednesday, the server's own job settles last week, and each player
 * (English and French, at 360 px) logs in again, opens Cash back from the promotion menu, claims last
 * week's cash back, sees the balance rise, and on a second tap is told it was claimed.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DEPOSIT = 100_000;
/** What the deposit puts in the balance: the amount less Kenya's 5 % excise. */
const CREDITED = 95_000;

/** Monday 00:00 in Nairobi (UTC+3, no daylight saving) of the real week, as an instant. */
function thisMonday(): number {
  const nairobi = new Date(Date.now() + 3 * HOUR);
  const sinceMonday = (nairobi.getUTCDay() + 6) % 7;
  return (
    Date.UTC(nairobi.getUTCFullYear(), nairobi.getUTCMonth(), nairobi.getUTCDate() - sinceMonday) - 3 * HOUR
  );
}
const monday = thisMonday();
test.use({
  privateServerSetup: {
    name: 'cash-back',
    // Last week's Tuesday, 12:00 in Nairobi: eight days before the claim below, so the login sessions made
    // now (7 days) have surely ended by then. With exactly 7 days between the two, a session ended during
    // the claim test, seconds after the app had kept it at the login page's redirect.
    clockAt: monday - 6 * DAY + 9 * HOUR,
  },
});

type Player = { page: Page; member: RegisteredMember; lost: number };
const players: Partial<Record<'en' | 'fr', Player>> = {};

test.describe.configure({ mode: 'serial' });

async function summaryOf(request: APIRequestContext, member: RegisteredMember): Promise<CashBackSummary> {
  const answer = (await (
    await request.get(api(CASH_BACK_PATHS.summary), { headers: { token: member.token } })
  ).json()) as Envelope<CashBackSummary>;
  return answer.data;
}

/** A new player with a deposit, who loses two rounds of dice (KES 20 each) at the lowest win chance. */
async function playLastWeek(browser: Browser, server: PrivateServer): Promise<Player> {
  const page = await phoneOn(browser, server.url);
  const request = page.context().request;
  const member = await registerWithSms(page, request, {
    simulatorsUrl: server.simulatorsUrl,
    prefix: randomPrefix(),
  });
  await depositByPhone(request, member, DEPOSIT, server.simulatorsUrl);
  const { game } = await openGameFromHome(page, 'Dice', await gameIdByName(request, 'Dice'));
  // A 0.01 % chance to win: the player who wants to lose quickly (a win would only postpone the loss).
  const chance = game.getByTestId('dice-chance');
  await chance.fill('0.01');
  await chance.blur();
  const play = game.getByTestId('play');
  for (let round = 0; round < 8; round += 1) {
    await expect(play).toBeEnabled();
    await play.click();
    await expect(game.getByTestId('round-result')).toHaveText(/^(You win KES [\d,.]+|No win)$/);
    if ((await cashOf(request, member)) < CREDITED - 2_000) break;
  }
  const lost = CREDITED - (await cashOf(request, member));
  expect(lost).toBeGreaterThan(0);
  // The server's consumer counts the stakes into the week within seconds.
  await expect
    .poll(async () => (await summaryOf(request, member)).current.loss, { timeout: 30_000 })
    .toBe(lost);
  return { page, member, lost };
}

test.beforeAll(async ({ browser, privateServer: server }) => {
  test.setTimeout(360_000);
  // Two phones at once: each one's SMS, M-Pesa and game round trips wait while the other's page works.
  [players.en, players.fr] = await Promise.all([
    playLastWeek(browser, server),
    playLastWeek(browser, server),
  ]);
  // The week is over: this week's Wednesday, 12:00 in Nairobi (last week's claim window is open).
  server.moveClockTo(monday + 2 * DAY + 9 * HOUR);
});

test.afterAll(async () => {
  for (const player of Object.values(players)) await player?.page.context().close();
});

const TEXTS = {
  en: {
    mobile: 'Mobile number',
    password: 'Password',
    login: 'Log in',
    menu: 'Cash back',
    title: 'Weekly cash back',
    claim: 'Claim',
    claimed: 'Claimed',
    alert: /already claimed/,
  },
  fr: {
    mobile: 'Numéro de mobile',
    password: 'Mot de passe',
    login: 'Se connecter',
    menu: 'Cashback',
    title: 'Cashback hebdomadaire',
    claim: 'Réclamer',
    claimed: 'Réclamé',
    alert: /déjà réclamé/,
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  test(`${language}: last week's losses earn a cash back the player claims once, and the balance rises`, async () => {
    test.setTimeout(240_000);
    const player = players[language];
    if (!player) throw new Error('the player did not play last week');
    const { page } = player;
    const texts = TEXTS[language];
    const request = page.context().request;

    // A week later the login session has ended: the player logs in again with the password, in their
    // language.
    if (language !== 'en') await useLanguage(page, language);
    await page.goto('/login?r=/promotion');
    await page.getByLabel(texts.mobile).fill(player.member.mobile);
    await page.getByRole('textbox', { name: texts.password, exact: true }).fill('secret12');
    await page.getByRole('button', { name: texts.login }).last().click();
    await expect(page).toHaveURL(/\/promotion$/);
    // The token of this login, not the one of last week's registration.
    const tokenCookie = async () =>
      (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value ?? '';
    await expect
      .poll(async () => [player.member.token, ''].includes(await tokenCookie()), { timeout: 10_000 })
      .toBe(false);
    const token = await tokenCookie();
    const member = { ...player.member, token };

    // The server's job settles last week within a minute or two of the clock's move.
    const cashBack = Math.floor((player.lost * 5) / 100);
    await expect
      .poll(async () => (await summaryOf(request, member)).last.state, {
        timeout: 150_000,
        intervals: [2_000],
      })
      .toBe('claimable');

    await page.getByRole('link', { name: texts.menu }).first().click();
    await expect(page).toHaveURL(/\/subscriber\/cashBack$/);
    await expect(page.getByRole('heading', { name: texts.title })).toBeVisible();
    await expect(page.getByTestId('cash-back-last-amount')).toHaveText(kes(cashBack));
    const claim = page.getByTestId('cash-back-claim');
    await expectOnScreen(page, claim);
    await expect(claim).toHaveText(texts.claim);
    await expect(page.getByTestId('cash-back-window')).toContainText('06:00');

    const before = await cashOf(request, member);
    await claim.click();
    await expect(claim).toHaveText(texts.claimed);
    expect(await cashOf(request, member)).toBe(before + cashBack);
    await claim.click();
    await expect(page.getByTestId('cash-back-alert')).toHaveText(texts.alert);
    expect(await cashOf(request, member)).toBe(before + cashBack);
  });
}
