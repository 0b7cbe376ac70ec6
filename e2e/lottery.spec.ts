import type { APIRequestContext, Page } from '@playwright/test';
import type { LotteryDraws, LotteryResult } from '@app/contracts/lottery';
import { drawVerifyPath, LOTTERY_PATHS } from '@app/contracts/paths';
import { tierOf } from '@app/fair/lottery';
import { expect, phoneOn, test } from './fixtures.ts';
import { api, cashOf, type Envelope, kes, randomPrefix } from './game-play.ts';
import { expectNotClipped, expectOnScreen, useLanguage } from './layout.ts';
import { depositByPhone, registerWithSms, type RegisteredMember } from './members.ts';

/**
 * A 6+1 lottery ticket from purchase to verified result, as a tester plays it on a staging server whose
 * clock they move (e2e/private-server.ts): a server of its own starts with its clock minutes before the
 * close of a daily draw whose time has already passed for real (so the beacon simulator, on the real
 * clock, has its round). Two new players (English and French, at 360 px) deposit by M-Pesa, pick 6 red
 * and 1 blue on the lottery page and buy; then the server's clock moves past the draw time and the
 * server's own jobs close the sales, fetch and verify the beacon, draw and settle. Each player opens their
 * tickets, sees the result their numbers earned (and the balance it paid) and the draw's results, and
 * verifies the draw and their ticket in the browser (the fairness verifier's draw page).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DEPOSIT = 100_000;
const PICK = { red: [3, 7, 12, 19, 25, 31], blue: 9 };

/** The latest daily draw time (07:30 in Nairobi, UTC+3) at least 15 minutes in the real past. */
function pastDailyDrawTime(): number {
  const nairobi = new Date(Date.now() + 3 * HOUR);
  let drawAt =
    Date.UTC(nairobi.getUTCFullYear(), nairobi.getUTCMonth(), nairobi.getUTCDate(), 7, 30) - 3 * HOUR;
  while (drawAt > Date.now() - 15 * MINUTE) drawAt -= DAY;
  return drawAt;
}

const drawAt = pastDailyDrawTime();
// Eight minutes before the daily draw's close (five minutes before its time): time to register, deposit
// and buy in two languages.
test.use({ privateServerSetup: { name: 'lottery', clockAt: drawAt - 5 * MINUTE - 8 * MINUTE } });

let drawId: number;
type Player = { page: Page; member: RegisteredMember; paidBefore: number };
const players: Partial<Record<'en' | 'fr', Player>> = {};

test.describe.configure({ mode: 'serial' });

const TEXTS = {
  en: {
    daily: 'Daily draw',
    bought: /1 ticket bought/,
    won: /^Won KES [\d,.]+ \(tier \d\)$/,
    lost: 'No prize',
  },
  fr: {
    daily: 'Tirage du jour',
    bought: /1 ticket acheté/,
    won: /^Gagné KES [\d,.]+ \(rang \d\)$/,
    lost: 'Pas de gain',
  },
} as const;

async function getJson<T>(request: APIRequestContext, pathname: string, token?: string): Promise<T> {
  const answer = (await (
    await request.get(api(pathname), token ? { headers: { token } } : {})
  ).json()) as Envelope<T>;
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
}

test.afterAll(async () => {
  for (const player of Object.values(players)) await player?.page.context().close();
});

for (const language of ['en', 'fr'] as const) {
  test(`${language}: a player picks 6 red and 1 blue and buys a ticket of the daily draw`, async ({
    browser,
    privateServer: server,
  }) => {
    test.setTimeout(180_000);
    const texts = TEXTS[language];
    const page = await phoneOn(browser, server.url);
    const request = page.context().request;
    const member = await registerWithSms(page, request, {
      simulatorsUrl: server.simulatorsUrl,
      prefix: randomPrefix(),
    });
    await depositByPhone(request, member, DEPOSIT, server.simulatorsUrl);
    if (language !== 'en') await useLanguage(page, language);

    await page.goto('/promotion');
    await page
      .getByRole('link', { name: language === 'en' ? '6+1 Lottery' : 'Loto 6+1' })
      .first()
      .click();
    await expect(page).toHaveURL(/\/lottery$/);
    const daily = page.getByTestId('lottery-draw-daily');
    await expect(daily).toContainText(texts.daily);
    await expect(daily).toContainText('07:30');
    drawId = Number(await daily.getAttribute('data-draw-id'));
    await daily.click();
    await expect(daily).toHaveAttribute('aria-checked', 'true');

    for (const number of PICK.red) {
      const ball = page.getByTestId('picker-red').getByText(String(number).padStart(2, '0'), { exact: true });
      await ball.click();
    }
    const blue = page
      .getByTestId('picker-blue')
      .getByText(String(PICK.blue).padStart(2, '0'), { exact: true });
    await blue.click();
    // The grid fits a 360 px screen: its last ball and the blue ones are on screen when scrolled to.
    const lastRed = page.getByTestId('picker-red').getByText('33', { exact: true });
    await lastRed.scrollIntoViewIfNeeded();
    await expectOnScreen(page, lastRed);
    await expectNotClipped(page.getByTestId('picker-count'));
    await expect(page.getByTestId('lottery-total')).toContainText(kes(2_000));
    const buy = page.getByTestId('lottery-buy');
    await buy.scrollIntoViewIfNeeded();
    await expectOnScreen(page, buy);
    const paidBefore = await cashOf(request, member);
    await buy.click();
    await expect(page.getByTestId('lottery-bought')).toContainText(texts.bought);
    expect(await cashOf(request, member)).toBe(paidBefore - 2_000);
    players[language] = { page, member, paidBefore: paidBefore - 2_000 };
  });
}

test('the draw closes, is drawn from the beacon and settled; each player sees the result and the way to verify it', async ({
  privateServer: server,
}) => {
  test.setTimeout(240_000);
  const first = players.en;
  if (!first) throw new Error('no ticket was bought');
  const statusOf = async () =>
    (await getJson<LotteryResult>(first.page.context().request, `${LOTTERY_PATHS.results}?drawId=${drawId}`))
      .draw.status;
  // Past the close: the server's job commits the list (the verifier checks it was before the round existed).
  server.moveClockTo(drawAt - 5 * MINUTE + 1_000);
  await expect.poll(statusOf, { timeout: 60_000, intervals: [1_000] }).toBe('closed');
  // Past the draw time: the server's jobs fetch and verify the round, draw and pay.
  server.moveClockTo(drawAt + 3_000);
  await expect.poll(statusOf, { timeout: 120_000, intervals: [2_000] }).toBe('settled');
  const result = await getJson<LotteryResult>(
    first.page.context().request,
    `${LOTTERY_PATHS.results}?drawId=${drawId}`,
  );
  expect(result.draw.ticketCount).toBe(2);
  const numbers = result.draw.numbers!;
  expect(numbers.red).toHaveLength(6);
  const tier = tierOf(PICK, numbers);
  const prize = tier === null ? 0 : (result.tiers!.find((row) => row.tier === tier)?.perWinner ?? 0);

  for (const language of ['en', 'fr'] as const) {
    const player = players[language]!;
    const { page } = player;
    const texts = TEXTS[language];
    const request = page.context().request;
    await page.goto('/lottery');
    await page.getByTestId('lottery-my-tickets').click();
    await expect(page).toHaveURL(/\/lottery\/tickets$/);
    const ticket = page.getByTestId('lottery-ticket').first();
    await expect(ticket).toHaveAttribute('data-status', 'settled');
    const outcome = ticket.getByTestId('lottery-ticket-outcome');
    if (prize > 0) await expect(outcome).toHaveText(texts.won);
    else await expect(outcome).toHaveText(texts.lost);
    await expectOnScreen(page, outcome);
    expect(await cashOf(request, player.member)).toBe(player.paidBefore + prize);

    await ticket.getByTestId('lottery-ticket-results').click();
    await expect(page).toHaveURL(new RegExp(`/lottery/results/${drawId}$`));
    await expect(page.getByTestId('lottery-numbers')).toBeVisible();
    await expect(page.getByTestId('lottery-tiers')).toBeVisible();
    await expect(page.getByTestId('draw-money')).toContainText(kes(4_000));
    const verify = page.getByTestId('lottery-verify');
    await expect(verify).toHaveAttribute('href', drawVerifyPath(drawId));
    await expectOnScreen(page, verify);

    // From the ticket, the verifier: the ticket's place in the committed list, the beacon's signature and
    // the numbers recomputed in the browser, all green.
    await page.goBack();
    await expect(page).toHaveURL(/\/lottery\/tickets$/);
    const ticketVerify = page.getByTestId('lottery-ticket').first().getByTestId('lottery-ticket-verify');
    await expect(ticketVerify).toHaveAttribute(
      'href',
      new RegExp(`^${drawVerifyPath(drawId)}\\?ticketNo=[12]$`),
    );
    await ticketVerify.click();
    await expect(page).toHaveURL(new RegExp(`/game-center/fair/draw/${drawId}\\?ticketNo=\\d+`));
    await expect(page.getByTestId('draw-verdict')).toHaveAttribute('data-state', 'pass', { timeout: 30_000 });
    await expect(page.getByTestId('draw-ticket-result')).toHaveAttribute('data-state', 'pass');
  }
});

test('the lottery page lists the next draws for visitors too', async ({ browser, privateServer: server }) => {
  const page = await phoneOn(browser, server.url);
  await page.goto('/lottery');
  const draws = await getJson<LotteryDraws>(page.context().request, LOTTERY_PATHS.draws);
  expect(draws.upcoming.map((draw) => draw.kind).sort()).toEqual(['daily', 'main']);
  await expect(page.getByTestId('lottery-draw-main')).toBeVisible();
  await page.context().close();
});
