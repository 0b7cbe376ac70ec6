import type { APIRequestContext } from '@playwright/test';
import type { CashDrawCurrent, CashDrawResult } from '@app/contracts/lottery';
import { CASH_DRAW_PATHS, drawVerifyPath } from '@app/contracts/paths';
import { expect, phoneOn, test } from './fixtures.ts';
import { api, cashOf, type Envelope, randomPrefix } from './game-play.ts';
import { expectOnScreen } from './layout.ts';
import { depositByPhone, registerWithSms } from './members.ts';

/**
 * The cash draw with a player's seed (issue 16 §5), as a tester plays it on a staging server whose clock
 * they move (e2e/private-server.ts): the server starts minutes before the close of the day's 20:00 draw
 * whose time has already passed for real (so the beacon simulator has its round). A new player deposits,
 * opens the cash draw at 360 px, is told a seed with a symbol is refused, enters with the seed `lucky7` (it
 * is in the ticket's line), then the clock moves past the close and the draw time and the server's own jobs
 * close, draw from the beacon and pay. The only entry wins the first rank; the player sees it paid, the
 * winners page, and the verifier's page for their ticket, all green.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The latest 20:00 in Nairobi (UTC+3) at least 15 minutes in the real past. */
function pastDrawTime(): number {
  const nairobi = new Date(Date.now() + 3 * HOUR);
  let drawAt =
    Date.UTC(nairobi.getUTCFullYear(), nairobi.getUTCMonth(), nairobi.getUTCDate(), 20, 0) - 3 * HOUR;
  while (drawAt > Date.now() - 15 * MINUTE) drawAt -= DAY;
  return drawAt;
}

const drawAt = pastDrawTime();
// Six minutes before the close (five minutes before the draw time).
test.use({ privateServerSetup: { name: 'cash-draw', clockAt: drawAt - 5 * MINUTE - 6 * MINUTE } });

async function getJson<T>(request: APIRequestContext, pathname: string): Promise<T> {
  const answer = (await (await request.get(api(pathname))).json()) as Envelope<T>;
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
}

test('a player enters the cash draw with a seed, the draw is made from the beacon, paid and verified', async ({
  browser,
  privateServer: server,
}) => {
  test.setTimeout(300_000);
  const page = await phoneOn(browser, server.url);
  const request = page.context().request;
  const member = await registerWithSms(page, request, {
    simulatorsUrl: server.simulatorsUrl,
    prefix: randomPrefix(),
  });
  await depositByPhone(request, member, 100_000, server.simulatorsUrl);

  await page.goto('/cash-draw');
  const current = await getJson<CashDrawCurrent>(request, CASH_DRAW_PATHS.current);
  const draw = current.current!;
  expect(draw.onSale).toBe(true);
  expect(Date.parse(draw.drawAt)).toBe(drawAt);
  await expect(page.getByTestId('cash-draw-current')).toBeVisible();

  const seed = page.getByTestId('cash-draw-seed');
  await seed.fill('ab!');
  await seed.blur();
  await expect(page.getByTestId('cash-draw-seed-error')).toBeVisible();
  await seed.fill('lucky7');
  await expect(page.getByTestId('cash-draw-seed-error')).toHaveCount(0);
  const enter = page.getByTestId('cash-draw-enter');
  await enter.scrollIntoViewIfNeeded();
  await expectOnScreen(page, enter);
  const before = await cashOf(request, member);
  await enter.click();
  await expect(page.getByTestId('cash-draw-entered')).toContainText(/1\|[A-Z0-9]+:lucky7/);
  expect(await cashOf(request, member)).toBe(before - draw.price);

  const statusOf = async () =>
    (await getJson<CashDrawResult>(request, `${CASH_DRAW_PATHS.results}?drawId=${draw.id}`)).draw.status;
  // Past the close: the list (with the seed) is committed before the beacon round exists.
  server.moveClockTo(drawAt - 5 * MINUTE + 1_000);
  await expect.poll(statusOf, { timeout: 60_000, intervals: [1_000] }).toBe('closed');
  server.moveClockTo(drawAt + 3_000);
  await expect.poll(statusOf, { timeout: 120_000, intervals: [2_000] }).toBe('settled');

  const result = await getJson<CashDrawResult>(request, `${CASH_DRAW_PATHS.results}?drawId=${draw.id}`);
  const winner = result.winners![0]!;
  expect(winner).toMatchObject({ rank: 1, ticketNo: 1 });
  expect(winner.entry).toMatch(/:lucky7$/);
  expect(await cashOf(request, member)).toBe(before - draw.price + winner.prize);

  await page.goto(`/cash-draw/results/${draw.id}`);
  await expect(page.getByTestId('cash-draw-winners')).toContainText('lucky7');
  await page.goto('/cash-draw');
  const verify = page.getByTestId('cash-draw-my-entries').locator(`a[href="${drawVerifyPath(draw.id, 1)}"]`);
  await verify.scrollIntoViewIfNeeded();
  await verify.click();
  await expect(page).toHaveURL(new RegExp(`/game-center/fair/draw/${draw.id}\\?ticketNo=1`));
  await expect(page.getByTestId('draw-verdict')).toHaveAttribute('data-state', 'pass', { timeout: 30_000 });
  await expect(page.getByTestId('draw-ticket-result')).toHaveAttribute('data-state', 'pass');
  await page.context().close();
});
