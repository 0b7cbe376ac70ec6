import type { APIRequestContext, Browser, BrowserContext, FrameLocator, Page } from '@playwright/test';
import { GAME_PATHS, MEMBER_PATHS } from '@app/contracts/paths';
import { expect, test } from './fixtures.ts';
import { api, cashOf, type Envelope, gameIdByName, kes, lastRound, simulatorsUrl } from './game-play.ts';
import { depositByPhone, registerWithSms, type RegisteredMember } from './members.ts';

/**
 * Our own games, end to end on the built server: each game the server settles is played once in demo (its
 * page opened with a demo session, as the app's frame does) and once for real money by a funded member in
 * the app's frame, where the balance the game shows, the balance the app reads and the messages the game
 * posts to the app all follow the server's round. Then a round is verified in the browser after a seed
 * rotation.
 */

type Code = 'slot' | 'dice' | 'mines' | 'plinko' | 'wheel';
const NAMES: Record<Code, string> = {
  slot: 'Safari Riches',
  dice: 'Dice',
  mines: 'Mines',
  plinko: 'Plinko',
  wheel: 'Wheel',
};
const CODES = Object.keys(NAMES) as Code[];
/** The slot with every free spin it may award (up to 50 at ≥ 2.5 s each) takes a while to show. */
const ROUND_TIMEOUT = 200_000;

async function gameIds(request: APIRequestContext): Promise<Record<Code, number>> {
  const ids = {} as Record<Code, number>;
  for (const code of CODES) ids[code] = await gameIdByName(request, NAMES[code]);
  return ids;
}

/** Opens a game session through the API, as the app's launch does; answers the frame's address. */
async function launch(request: APIRequestContext, id: number, mode: 'demo' | 'launch', token?: string) {
  const answer = (await (
    await request.post(api(GAME_PATHS.launch), { data: { id, mode }, headers: token ? { token } : {} })
  ).json()) as Envelope<{ url: string }>;
  expect(answer.code, answer.msg).toBe(0);
  return answer.data.url;
}

const sessionOf = (url: string) => new URL(url, 'http://frame.test').searchParams.get('session') ?? '';

/**
 * What the page shows of a round: the server's refusal when it shows one (so a failure reads as the
 * server's message), else the result line.
 */
async function shown(game: Page | FrameLocator, state: () => Promise<string>): Promise<string> {
  const notice = game.getByTestId('game-notice');
  if (await notice.count()) return `refused: ${(await notice.textContent()) ?? ''}`;
  return state();
}

/**
 * One round through the page, as a player plays it, waiting for the result the page shows (never for a
 * fixed time). Mines: one mine, a tile, and a cash-out when the tile was safe. The slot's cycle must last
 * at least 2.5 s (UKGC RTS 14) and cannot be cut short.
 */
async function playRound(game: Page | FrameLocator, code: Code): Promise<void> {
  const result = game.getByTestId('round-result');
  const play = game.getByTestId('play');
  await expect(play).toBeEnabled();
  if (code === 'mines') {
    await game.getByTestId('mines-count').selectOption('1');
    await play.click();
    const tile = game.getByTestId('tile-12');
    await expect
      .poll(() => shown(game, async () => ((await tile.isEnabled()) ? 'started' : 'starting')))
      .toBe('started');
    await tile.click();
    await expect(tile).toHaveAttribute('data-state', /^(gem|hit)$/);
    if ((await tile.getAttribute('data-state')) === 'gem') {
      await expect(game.getByTestId('mines-next')).not.toHaveText('—');
      await game.getByTestId('cashout').click();
    }
    await expect
      .poll(() => shown(game, async () => (await result.textContent()) ?? ''))
      .toMatch(/^(You win KES [\d,.]+|A mine! The round is over\.)$/);
    await expect(play).toBeEnabled();
    return;
  }
  const started = Date.now();
  await play.click();
  await expect
    .poll(() => shown(game, async () => (await result.textContent()) ?? ''), { timeout: ROUND_TIMEOUT })
    .toMatch(/^(You win KES [\d,.]+|No win)$/);
  await expect(play).toBeEnabled({ timeout: ROUND_TIMEOUT });
  if (code === 'slot') expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
}

let ids: Record<Code, number>;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.BASE_URL });
  ids = await gameIds(request);
  await request.dispose();
});

test.describe('in-house games in demo', () => {
  for (const code of CODES) {
    test(`${NAMES[code]}: a round with play money, shown and counted as the server settled it`, async ({
      page,
      request,
    }) => {
      test.setTimeout(ROUND_TIMEOUT + 30_000);
      const url = await launch(request, ids[code], 'demo');
      expect(url).toMatch(new RegExp(`^/game-center/games/demo/${ids[code]}\\?session=`));
      await page.goto(url);
      await expect(page.getByRole('heading', { name: NAMES[code] })).toBeVisible();
      await expect(page.getByTestId('demo-banner')).toHaveText('Demo money cannot be withdrawn.');
      await expect(page.getByTestId('balance')).toHaveText(kes(100_000));

      await playRound(page, code);
      const round = await lastRound(request, sessionOf(url));
      expect(round).toMatchObject({ state: 'settled', stake: 2_000 });
      const balance = 100_000 - round.stake + round.payout;
      await expect(page.getByTestId('balance')).toHaveText(kes(balance));
      const net = round.payout - round.stake;
      await expect(page.getByTestId('session-net')).toHaveText(
        `Net ${net > 0 ? '+' : net < 0 ? '−' : ''}${kes(Math.abs(net))}`,
      );

      // The bet history lists the round.
      await page.getByRole('button', { name: 'Bet history' }).click();
      const item = page.getByTestId('history-item').first();
      await expect(item).toContainText(`Round ${round.id}`);
      await expect(item).toContainText(kes(round.payout));
    });
  }
});

test.describe('in-house games for real money, in the app’s frame', () => {
  test.describe.configure({ mode: 'serial' });
  // The last dice bet is refused for lack of cash (HTTP 409), which Chromium reports in the console.
  test.use({ allowConsoleError: /status of 409/ });

  let member: RegisteredMember;
  let cookies: Awaited<ReturnType<BrowserContext['cookies']>>;

  test.beforeAll(async ({ browser, playwright }) => {
    test.setTimeout(120_000);
    const request = await playwright.request.newContext({ baseURL: process.env.BASE_URL });
    ({ member, cookies } = await fundedMember(browser, request));
    await request.dispose();
  });

  for (const code of CODES) {
    test(`${NAMES[code]}: the stake and the win move the member’s cash, the game tells the app`, async ({
      page,
      request,
    }) => {
      test.setTimeout(ROUND_TIMEOUT + 30_000);
      await page.context().addCookies(cookies);
      // The app's side of the conversation: every message our own origin's frame posts to it.
      await page.addInitScript(() => {
        const messages: unknown[] = [];
        (window as unknown as { gameMessages: unknown[] }).gameMessages = messages;
        window.addEventListener('message', (event) => {
          if (event.origin === window.location.origin) messages.push(event.data);
        });
      });
      const before = await cashOf(request, member);

      // The app logs in with the stored token as it starts (a new login session, which takes the right to
      // bet); the game is launched from the lobby after that, as a player does.
      const loggedIn = page.waitForResponse((response) =>
        response.url().includes(MEMBER_PATHS.loginWithToken),
      );
      await page.goto('/home');
      expect((await loggedIn).ok()).toBe(true);
      await page
        .getByRole('article', { name: NAMES[code] })
        .first()
        .getByRole('link', { name: 'Play' })
        .click();
      await expect(page).toHaveURL(new RegExp(`/casino/launch/${ids[code]}\\b`));
      const frameElement = page.getByTestId('game-frame');
      await expect(frameElement).toHaveAttribute(
        'src',
        new RegExp(`^/game-center/games/launch/${ids[code]}\\?`),
      );
      const session = sessionOf((await frameElement.getAttribute('src')) ?? '');
      const game = page.frameLocator('[data-testid="game-frame"]');
      await expect(game.getByTestId('balance')).toHaveText(kes(before));
      await expect(game.getByTestId('demo-banner')).toHaveCount(0);

      await playRound(game, code);
      const round = await lastRound(request, session);
      expect(round).toMatchObject({ state: 'settled', stake: 2_000 });
      const after = before - round.stake + round.payout;
      await expect(game.getByTestId('balance')).toHaveText(kes(after));
      await expect.poll(() => cashOf(request, member)).toBe(after);

      const messages = () =>
        page.evaluate(() => (window as unknown as { gameMessages: unknown[] }).gameMessages);
      await expect.poll(messages).toContainEqual({
        source: 'inhouse-game',
        type: 'round',
        payload: {
          roundId: round.id,
          stake: round.stake,
          payout: round.payout,
          multiplier: round.multiplier,
        },
      });
      expect(await messages()).toContainEqual({
        source: 'inhouse-game',
        type: 'ready',
        payload: { gameId: ids[code], code, mode: 'launch' },
      });
      expect(await messages()).toContainEqual({
        source: 'inhouse-game',
        type: 'balance',
        payload: { balance: after, currency: 'KES' },
      });

      if (code === 'dice') {
        // A stake above the cash: the server's message, and the app is asked to open its cashier.
        const stake = game.getByLabel('Stake (KES)');
        await stake.fill(String(Math.floor(after / 100) + 10));
        await stake.press('Enter');
        await game.getByTestId('play').click();
        await expect(game.getByTestId('game-notice')).toContainText('Insufficient balance, please recharge');
        await expect.poll(messages).toContainEqual({
          source: 'inhouse-game',
          type: 'cashier',
          payload: { reason: 'insufficient-balance' },
        });
        await expect(game.getByTestId('balance')).toHaveText(kes(after));
        expect(await cashOf(request, member)).toBe(after);
      }
    });
  }
});

test('a dice round is verified in the browser after the seeds are rotated', async ({ page, request }) => {
  const url = await launch(request, ids.dice, 'demo');
  await page.goto(url);
  await playRound(page, 'dice');
  const roll = (await page.getByTestId('dice-roll').textContent()) ?? '';
  expect(roll).toMatch(/^\d{1,3}\.\d{2}$/);

  await page.getByRole('button', { name: 'Provably fair' }).click();
  const panel = page.getByTestId('fairness-panel');
  const commitment = (await panel.getByTestId('server-seed-hash').textContent()) ?? '';
  expect(commitment).toMatch(/^[0-9a-f]{64}$/);
  await expect(panel.getByTestId('next-nonce')).toHaveText('1');
  await panel.getByTestId('client-seed').fill('my own e2e seed');
  await panel.getByTestId('rotate-seeds').click();
  const revealed = panel.getByTestId('revealed-seed');
  await expect(revealed).toContainText(commitment);
  await expect(panel.getByTestId('next-nonce')).toHaveText('0');
  await expect(panel.getByTestId('server-seed-hash')).not.toHaveText(commitment);
  await expect(panel.getByTestId('client-seed')).toHaveValue('my own e2e seed');

  await revealed.getByTestId('verify-previous').click();
  await expect(page).toHaveURL(/\/game-center\/fair\?/);
  await expect(page.getByTestId('verify-server-seed-hash')).toHaveValue(commitment);
  await expect(page.getByTestId('verify-nonce')).toHaveValue('0');
  await expect(page.getByTestId('verify-hash')).toHaveText(commitment);
  await expect(page.getByTestId('verify-hash-check')).toHaveText('✓ It matches the hash you were shown.');
  await expect(page.getByTestId('verify-outcome')).toContainText(`Roll ${roll}`);

  // Another hash than the one shown before play is flagged.
  await page.getByTestId('verify-server-seed-hash').fill('0'.repeat(64));
  await expect(page.getByTestId('verify-hash-check')).toHaveText('✗ It does NOT match the hash you entered.');
  // The player's bets with the revealed pair are offered from their history.
  await page.getByTestId('verify-pick-pair').selectOption({ index: 1 });
  await expect(page.getByTestId('verify-hash-check')).toHaveText('✓ It matches the hash you were shown.');
});

/** A member registered in a browser of their own, with KES 1,000 deposited by M-Pesa. */
async function fundedMember(browser: Browser, request: APIRequestContext) {
  const context = await browser.newContext({ baseURL: process.env.BASE_URL, locale: 'en-KE' });
  const page = await context.newPage();
  const member = await registerWithSms(page, request, { simulatorsUrl: simulatorsUrl(), prefix: '0717' });
  await depositByPhone(request, member, 100_000, simulatorsUrl());
  const cookies = await context.cookies();
  await context.close();
  return { member, cookies };
}
