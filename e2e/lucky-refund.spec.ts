import type { Browser, Page } from '@playwright/test';
import type { PersonalResults } from '@app/contracts/lucky-refund';
import { LUCKY_REFUND_PATHS } from '@app/contracts/paths';
import { expect, luckyWinUrl, test, type PrivateServer } from './fixtures.ts';
import { api, cashOf, type Envelope, kes, randomPrefix } from './game-play.ts';
import { expectOnScreen, SMALL_PHONE, useLanguage } from './layout.ts';
import { depositByPhone, registerWithSms, type RegisteredMember } from './members.ts';

/**
 * Lucky refund (issue 16 §2) as players meet it, at 360 px, in English and French, on a server of its own
 * whose clock a tester moves (e2e/private-server.ts): the server runs an hour behind, in the first minutes
 * of a round of the default settings (60 minutes, 3 winners, half the price back). Two players deposit and
 * buy codes (the codes popup, 4 to a row); the clock moves to the round's last minute, so the home page's
 * countdown popup appears and leads to the round; the round closes by the database clock, the engine draws
 * it from the beacon simulator's round and pays it; the players see the previous results, their codes'
 * prizes or refunds, the balance risen by them, and confirm a result.
 */
const HOUR = 3_600_000;
const DEPOSIT = 100_000;
/** What the deposit puts in the balance: the amount less Kenya's 5 % excise. */
const CREDITED = 95_000;

/** The end of the server's round in play: the last full hour of the real clock, so its beacon round exists. */
const roundEnd = Math.floor(Date.now() / HOUR) * HOUR;
const consoleErrors: string[] = [];

test.describe.configure({ mode: 'serial' });
test.use({
  // A minute and a half into the round that ends at `roundEnd` (Nairobi's hours are UTC's, shifted by 3).
  privateServerSetup: { name: 'lucky-refund', clockAt: roundEnd - HOUR + 90_000 },
  viewport: SMALL_PHONE,
});

/**
 * A phone on this server with the other popups marked seen (as the fixtures do), but not lucky refund's
 * countdown popup: this journey wants to meet it.
 */
async function phone(browser: Browser, server: PrivateServer): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: SMALL_PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'en-KE',
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
  await page.addInitScript(() => {
    document.cookie = 'popup_seen=1; path=/';
    document.cookie = 'promotion_popup_seen=1; path=/';
    sessionStorage.setItem('deposit_popup_seen', '1');
    localStorage.setItem('coin_event_seen', '9999-12-31');
    sessionStorage.setItem('daily_bonus_popup_seen', '1');
    sessionStorage.setItem('install_prompt', 'false');
  });
  return page;
}

async function newPlayer(
  browser: Browser,
  server: PrivateServer,
): Promise<{ page: Page; member: RegisteredMember }> {
  const page = await phone(browser, server);
  const request = page.context().request;
  const member = await registerWithSms(page, request, {
    simulatorsUrl: server.simulatorsUrl,
    prefix: randomPrefix(),
  });
  await depositByPhone(request, member, DEPOSIT, server.simulatorsUrl);
  return { page, member };
}

async function resultsOf(page: Page, member: RegisteredMember): Promise<PersonalResults> {
  const answer = (await (
    await page.context().request.get(api(LUCKY_REFUND_PATHS.personalResults), {
      headers: { token: member.token },
    })
  ).json()) as Envelope<PersonalResults>;
  return answer.data;
}

const TEXTS = {
  en: {
    menu: 'Lucky Refund',
    onSale: 'On sale',
    lastMinute: 'Last minute!',
    finished: 'Results',
    buy: (count: number) => `Buy ${count} codes`,
    close: 'Close',
    myCodes: (count: number) => `My codes (${count})`,
    previous: /Round #\d+: the results/,
    state: /^(KES 10\.00 back|Won KES [\d,.]+)$/,
    join: 'Join now',
    results: 'Results',
    confirm: 'Confirm',
    confirmed: 'Confirmed',
  },
  fr: {
    menu: 'Remboursement chanceux',
    onSale: 'En vente',
    lastMinute: 'Dernière minute !',
    finished: 'Résultats',
    buy: (count: number) => `Acheter ${count} codes`,
    close: 'Fermer',
    myCodes: (count: number) => `Mes codes (${count})`,
    previous: /Tour n°\d+ : les résultats/,
    state: /^(KES 10\.00 remboursés|Gagné KES [\d,.]+)$/,
    join: 'Participer',
    results: 'Résultats',
    confirm: 'Confirmer',
    confirmed: 'Confirmé',
  },
} as const;

type Player = { page: Page; member: RegisteredMember; texts: (typeof TEXTS)['en' | 'fr']; bought: number };

/** From the home menu to the round, buys `count` codes with cash and sees them in the codes popup. */
async function buyCodes(player: Player, count: number): Promise<void> {
  const { page, texts } = player;
  await page.goto('/home');
  // The menu comes in the server's markup: a tap counts once the page has hydrated.
  await expect(page.locator('html[data-hydrated-later]')).toHaveCount(1);
  await page.locator('nav.menu-grid').first().getByRole('link', { name: texts.menu, exact: true }).click();
  await expect(page).toHaveURL(/\/activities\/lucky-refund\/index$/);
  await expect(page.getByTestId('lucky-refund-round-status')).toHaveText(texts.onSale);
  await expect(page.getByTestId('lucky-refund-jackpot-amount')).toHaveText(/^KES [\d,.]+$/);
  await page.getByTestId('lucky-refund-quantity').fill(String(count));
  await expect(page.getByTestId('lucky-refund-total')).toHaveText(kes(count * 20_00));
  const buy = page.getByTestId('lucky-refund-buy-button');
  await expectOnScreen(page, buy);
  await expect(buy).toHaveText(texts.buy(count));
  await buy.click();

  const popup = page.getByTestId('lucky-refund-codes');
  await expect(popup).toBeVisible();
  const tiles = popup.getByTestId('lucky-refund-code');
  await expect(tiles).toHaveCount(count);
  for (const text of await tiles.allTextContents()) expect(text).toMatch(/^[A-Z0-9]{8}$/);
  // Four to a row (spec §9), each tile inside the popup on a 360 px screen.
  const boxes = await Promise.all((await tiles.all()).map((tile) => tile.boundingBox()));
  const tops = boxes.map((box) => Math.round(box!.y));
  expect(new Set(tops.slice(0, 4)).size).toBe(1);
  if (count > 4) expect(tops[4]).toBeGreaterThan(tops[0]!);
  await expectOnScreen(page, popup);
  await popup.getByRole('button', { name: texts.close }).click();
  await expect(popup).toHaveCount(0);
  await expect(page.getByTestId('lucky-refund-my-codes')).toHaveText(texts.myCodes(count));
  player.bought += count;
}

test('players buy codes, meet the last minute, and see their round drawn, paid and confirmed (en, fr)', async ({
  browser,
  privateServer: server,
}) => {
  test.setTimeout(360_000);
  // Two phones at once: each one's SMS and M-Pesa round trips wait while the other's page works.
  const [enPlayer, frPlayer] = await Promise.all([newPlayer(browser, server), newPlayer(browser, server)]);
  const en: Player = { ...enPlayer, texts: TEXTS.en, bought: 0 };
  const fr: Player = { ...frPlayer, texts: TEXTS.fr, bought: 0 };
  await useLanguage(fr.page, 'fr');

  await buyCodes(en, 5);
  await buyCodes(fr, 2);
  expect(await cashOf(en.page.context().request, en.member)).toBe(CREDITED - 5 * 20_00);

  // The round's last minute: the home page's countdown popup, once, leads to the round.
  const lastMinuteAt = roundEnd - 50_000;
  server.moveClockTo(lastMinuteAt);
  const movedAt = Date.now();
  await en.page.goto('/home');
  const countdown = en.page.getByTestId('lucky-refund-countdown');
  await expect(countdown).toBeVisible({ timeout: 20_000 });
  await expectOnScreen(en.page, countdown);
  const seconds = Number(await countdown.getByTestId('lucky-refund-countdown-seconds').textContent());
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(60);
  await countdown.getByRole('button', { name: en.texts.join }).click();
  await expect(en.page).toHaveURL(/\/activities\/lucky-refund\/index$/);
  await expect(en.page.getByTestId('lucky-refund-round-status')).toHaveText(en.texts.lastMinute);
  await fr.page.goto('/activities/lucky-refund/index');
  await expect(fr.page.getByTestId('lucky-refund-round-status')).toHaveText(fr.texts.lastMinute);

  // The rest of the minute is the tester's to skip: the clock moves on (never back) to seconds before the
  // close, and both players open the round again, so their pages count down from the server's time and
  // see the round close on screen as a player waiting on it does.
  const serverNow = lastMinuteAt + (Date.now() - movedAt);
  server.moveClockTo(Math.max(serverNow, roundEnd - 10_000));
  await Promise.all([en.page.reload(), fr.page.reload()]);

  for (const player of [en, fr]) {
    const { page, texts, member } = player;
    // The round closes, is drawn from its beacon round and paid; the next round is on sale, and the
    // previous results show once over it.
    const previousPopup = page.getByTestId('lucky-refund-previous');
    await expect(previousPopup).toBeVisible({ timeout: 150_000 });
    await expect(previousPopup).toContainText(texts.previous);
    await expect(previousPopup.getByTestId('lucky-refund-winners').locator('li')).toHaveCount(3);
    await previousPopup.getByRole('button', { name: texts.close }).click();
    await expect(page.getByTestId('lucky-refund-round-status')).toHaveText(texts.onSale);

    const previous = page.getByTestId('lucky-refund-previous-round');
    await expect(previous.getByTestId('lucky-refund-previous-round-status')).toHaveText(texts.finished);
    const states = previous.getByTestId('lucky-refund-previous-codes-state');
    await expect(states).toHaveCount(player.bought);
    for (const state of await states.allTextContents()) expect(state).toMatch(texts.state);
    const verify = previous.getByTestId('lucky-refund-verify');
    await expect(verify).toHaveAttribute('href', /^\/game-center\/fair\/draw\/\d+$/);

    // Credited already: the balance rose by every prize and refund of the player's codes.
    const results = await resultsOf(page, member);
    expect(results.total).toBe(player.bought);
    const credited = results.list.reduce((sum, result) => sum + result.amount, 0);
    expect(await cashOf(page.context().request, member)).toBe(CREDITED - player.bought * 20_00 + credited);

    if (player === en) {
      // A code's ticket in the fairness verifier: its place in the committed list, the beacon's signature
      // and the winners recomputed in the browser, all green.
      const ticketVerify = previous.getByTestId('lucky-refund-previous-codes-verify').first();
      await expect(ticketVerify).toHaveAttribute('href', /^\/game-center\/fair\/draw\/\d+\?ticketNo=\d+$/);
      await ticketVerify.click();
      await expect(page).toHaveURL(/\/game-center\/fair\/draw\/\d+\?ticketNo=\d+$/);
      await expect(page.getByTestId('draw-verdict')).toHaveAttribute('data-state', 'pass', {
        timeout: 30_000,
      });
      await expect(page.getByTestId('draw-ticket-result')).toHaveAttribute('data-state', 'pass');
      await page.goBack();
      await expect(page).toHaveURL(/\/activities\/lucky-refund\/index$/);
    }

    // The results page: the member confirms one result (redeem only marks it seen).
    await page.getByRole('link', { name: texts.results, exact: true }).click();
    await expect(page).toHaveURL(/\/activities\/lucky-refund\/results$/);
    const mine = page.getByTestId('lucky-refund-my-results');
    await expect(mine.getByTestId('lucky-refund-result')).toHaveCount(player.bought);
    const confirm = mine.getByRole('button', { name: texts.confirm }).first();
    await expectOnScreen(page, confirm);
    await confirm.click();
    await expect(mine.getByTestId('lucky-refund-confirmed')).toHaveCount(1);
    await expect(mine.getByTestId('lucky-refund-confirmed')).toHaveText(texts.confirmed);
    expect((await resultsOf(page, member)).unredeemed).toBe(player.bought - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      SMALL_PHONE.width,
    );
  }
  expect(consoleErrors).toEqual([]);
});

test('a visitor sees the round, the jackpot and the results on LuckyWin in its Christmas variant (pt)', async ({
  page,
}) => {
  await useLanguage(page, 'pt');
  await page.goto(luckyWinUrl('/activities/lucky-refund/index'));
  await expect(page.locator('html[data-theme="luckywin"][data-christmas="1"]')).toHaveCount(1);
  await expect(page.getByTestId('lucky-refund-page')).toHaveClass(/lucky-refund--luckywin/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reembolso da sorte' })).toBeVisible();
  await expect(page.getByTestId('lucky-refund-round-status')).toHaveText(/^(À venda|Último minuto!)$/);
  await expectOnScreen(page, page.getByTestId('lucky-refund-jackpot'));
  await expect(page.getByRole('tab', { name: 'Comprar' })).toBeVisible();
  // A visitor is asked to log in before buying.
  await page.getByTestId('lucky-refund-buy-button').click();
  await expect(page.getByRole('dialog')).toContainText('Você ainda não entrou');
  await page.goto(luckyWinUrl('/activities/lucky-refund/results'));
  await expect(page.getByTestId('lucky-refund-results-page')).toHaveClass(/lucky-refund--luckywin/);
  await expect(page.getByRole('tab', { name: 'Sorteio' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    SMALL_PHONE.width,
  );
});
