import type { FrameLocator, Page } from '@playwright/test';
import type { CrashHistory, CrashHistoryItem, CrashPlayResult } from '@app/contracts/crash';
import { maskMobile } from '@app/contracts/message-rules';
import { CRASH_PATHS } from '@app/contracts/paths';
import { crashPoint } from '@app/fair/crash';
import { payoutOf } from '@app/fair/payout';
import { expect, test } from './fixtures.ts';
import {
  api,
  cashOf,
  fundedMember,
  gameIdByName,
  kes,
  lastRound,
  openGameFromHome,
  recordFrameMessages,
  type Envelope,
} from './game-play.ts';

/**
 * The multiplayer crash game for real money, end to end on the built server: two members on two phones
 * bet in the same shared round, each sees the other's bet in the live list; one cashes out by hand in
 * flight, the other has an automatic cash-out at 1.50×. Crash points are random (the provably fair hash
 * chain), so nothing here assumes one: every assertion holds for any crash point, and the outcome the
 * pages show is checked against the crash point the server publishes afterwards.
 *
 * Times are the engine's own (docs/games.md "Crash"): 6 s of betting, the flight (crashTimeToReach of the
 * crash point: 11.5 s to 2×, 77 s to 100×), a 3 s pause. Waits span whole rounds and are bounded by
 * ROUND_TIMEOUT: a flight longer than that (a crash point above about 8,000×) has a chance of 1 in 8,000.
 */

const DEPOSIT = 100_000;
/** What the deposit puts in the balance: the amount less Kenya's 5 % excise. */
const CREDITED = 95_000;
/** Alice cashes out by hand: KES 100. */
const STAKE_A = 10_000;
/** Bob's automatic cash-out: KES 50 at 1.50× (hundredths), paid exactly that if the round reaches it. */
const STAKE_B = 5_000;
const TARGET_B = 150;
const PAYOUT_B = payoutOf(STAKE_B, TARGET_B * 100);
/** A whole round at most: the rest of the round in play, the pause, betting, a long flight. */
const ROUND_TIMEOUT = 150_000;

// Refused calls (a cash-out arriving after the crash: HTTP 409) are reported by Chromium in the console.
test.use({ allowConsoleError: /status of 409/ });

/** Hundredths → "2.35×", as the page writes multipliers. */
const point = (hundredths: number) => `${(hundredths / 100).toFixed(2)}×`;

const isCall = (path: string) => (response: { url(): string; request(): { method(): string } }) =>
  response.url().endsWith(api(path)) && response.request().method() === 'POST';

/** A row of the round's live list: the player ('You' on their own page, else the masked mobile) and stake. */
function betRow(game: FrameLocator, player: string, stake: number) {
  return game
    .getByTestId('crash-bets')
    .getByRole('listitem')
    .filter({ hasText: player })
    .filter({ hasText: kes(stake) });
}

/**
 * Clicks Bet as soon as it is enabled (the next betting phase) and answers the server's answer to that call.
 * Playwright makes the click the moment the button can take it, so a slow machine loses no betting time to
 * the test's own polling.
 */
async function placeBet(page: Page, game: FrameLocator): Promise<CrashPlayResult> {
  const answer = page.waitForResponse(isCall(CRASH_PATHS.bet), { timeout: ROUND_TIMEOUT + 30_000 });
  await game.getByTestId('crash-bet').click({ timeout: ROUND_TIMEOUT });
  const envelope = (await (await answer).json()) as Envelope<CrashPlayResult>;
  expect(envelope.code, envelope.msg).toBe(0);
  return envelope.data;
}

/** What the page shows of the flight: in flight (with the multiplier shown) or over. */
async function flight(
  game: FrameLocator,
): Promise<{ phase: string; multiplier: number; canCashOut: boolean }> {
  return game.locator('.crash').evaluate((root) => {
    const text = (testId: string) => root.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';
    const button = root.querySelector<HTMLButtonElement>('[data-testid="crash-cashout"]');
    return {
      phase: text('crash-phase'),
      multiplier: Math.round(Number.parseFloat(text('crash-multiplier')) * 100),
      canCashOut: Boolean(button && !button.disabled),
    };
  });
}

type HandOutcome =
  | { kind: 'cashed-out'; at: number; payout: number }
  | { kind: 'lost'; why: 'crashed below 1.01×' | 'crashed before the click' | 'too late' };

/**
 * Alice cashes out by hand as soon as the page lets her (the multiplier shown at 1.01× or more; the server
 * refuses earlier ones): she wins at the multiplier of the moment her call arrives, or loses if the round
 * crashed first, before she could click or before her call arrived.
 */
async function cashOutByHand(page: Page, game: FrameLocator): Promise<HandOutcome> {
  await expect
    .poll(async () => (await flight(game)).phase, { timeout: 30_000, intervals: [100] })
    .toMatch(/^(In flight|Crashed at .*)$/);
  let now = await flight(game);
  await expect
    .poll(
      async () => {
        now = await flight(game);
        return now.phase !== 'In flight' || (now.canCashOut && now.multiplier >= 101);
      },
      { timeout: ROUND_TIMEOUT, intervals: [100] },
    )
    .toBe(true);
  const line = game.getByTestId('round-result');
  if (now.phase !== 'In flight') {
    // Crashed below 1.01× (about 1 round in 25): no cash-out was possible.
    return { kind: 'lost', why: 'crashed below 1.01×' };
  }
  const answered = page.waitForResponse(isCall(CRASH_PATHS.cashout), { timeout: 30_000 });
  const clicked = await game
    .getByTestId('crash-cashout')
    .click({ timeout: 15_000 })
    .then(
      () => true,
      // The round crashed between the look and the click: the button went with it.
      () => false,
    );
  if (!clicked) {
    answered.catch(() => undefined);
    await expect(game.getByTestId('crash-cashout')).toHaveCount(0, { timeout: ROUND_TIMEOUT });
    return { kind: 'lost', why: 'crashed before the click' };
  }
  const envelope = (await (await answered).json()) as Envelope<CrashPlayResult>;
  if (envelope.code !== 0) {
    expect(envelope.msg).toBe('Too late: the round crashed before your cash-out');
    await expect(line).toHaveText(envelope.msg);
    return { kind: 'lost', why: 'too late' };
  }
  const { bet } = envelope.data;
  expect(bet).toMatchObject({ state: 'settled', auto: false, stake: STAKE_A });
  const at = bet.cashedOutAt as number;
  expect(at).toBeGreaterThanOrEqual(101);
  expect(bet.payout).toBe(payoutOf(STAKE_A, at * 100));
  await expect(line).toHaveText(`Cashed out at ${point(at)}: ${kes(bet.payout)}`);
  return { kind: 'cashed-out', at, payout: bet.payout };
}

/** Bob's automatic cash-out as his page shows it: paid at the target, or lost to a crash below it. */
async function watchAutomatic(game: FrameLocator): Promise<'cashed-out' | 'lost'> {
  const won = `Cashed out at ${point(TARGET_B)}: ${kes(PAYOUT_B)}`;
  const lost = 'Crashed before your cash-out';
  let text = '';
  await expect
    .poll(
      async () => {
        text = (await game.getByTestId('round-result').textContent()) ?? '';
        return text === won || text === lost;
      },
      { timeout: 60_000, intervals: [100] },
    )
    .toBe(true);
  return text === won ? 'cashed-out' : 'lost';
}

test('two members in one shared round: bets, the live list, a cash-out by hand and an automatic one, the history and the balances', async ({
  page,
  newPhone,
  request,
}) => {
  test.setTimeout(2 * ROUND_TIMEOUT + 120_000);
  const crashId = await gameIdByName(request, 'Crash');
  const phoneB = await newPhone();
  const [alice, bob] = await Promise.all([
    fundedMember(page, request, DEPOSIT),
    fundedMember(phoneB, request, DEPOSIT),
  ]);
  const messagesA = await recordFrameMessages(page);
  const [a, b] = await Promise.all([
    openGameFromHome(page, 'Crash', crashId),
    openGameFromHome(phoneB, 'Crash', crashId),
  ]);
  for (const { game } of [a, b]) {
    await expect(game.getByRole('heading', { name: 'Crash' })).toBeVisible();
    await expect(game.getByTestId('balance')).toHaveText(kes(CREDITED));
    await expect(game.getByTestId('demo-banner')).toHaveCount(0);
    await expect(game.getByTestId('crash-phase')).not.toHaveText(/Connecting/);
  }

  // Alice: KES 100, no automatic cash-out. Bob: KES 50, automatic cash-out at 1.50×.
  await a.game.getByLabel('Stake (KES)').fill('100');
  await a.game.getByLabel('Stake (KES)').press('Enter');
  await expect(a.game.getByTestId('crash-auto')).toHaveValue('');
  await b.game.getByLabel('Stake (KES)').fill('50');
  await b.game.getByLabel('Stake (KES)').press('Enter');
  await b.game.getByTestId('crash-auto').fill('1.50');

  // Both bet in the next betting phase from its start: the clicks are made while a round is in flight or
  // just crashed on both pages (Bet is disabled then) and happen as the next round opens.
  const between = /^(In flight|Crashed at .*|Round cancelled.*)$/;
  for (const { game } of [a, b]) {
    await expect
      .poll(async () => (await flight(game)).phase, { timeout: ROUND_TIMEOUT, intervals: [250] })
      .toMatch(between);
  }
  const [betA, betB] = await Promise.all([placeBet(page, a.game), placeBet(phoneB, b.game)]);
  expect(betA.bet).toMatchObject({ stake: STAKE_A, autoCashout: null, state: 'open' });
  expect(betB.bet).toMatchObject({ stake: STAKE_B, autoCashout: TARGET_B, state: 'open' });
  // One shared round, taking bets when both arrived.
  expect(betB.bet.roundId).toBe(betA.bet.roundId);
  expect(betA.round.state).toBe('betting');
  expect(betB.round.state).toBe('betting');
  const roundId = betA.bet.roundId;

  // The stakes left the balances at once.
  expect(betA.balance).toBe(CREDITED - STAKE_A);
  expect(betB.balance).toBe(CREDITED - STAKE_B);
  const maskA = maskMobile(alice.mobile);
  const maskB = maskMobile(bob.mobile);

  // From here the round runs on the server's clock, not the test's: what the pages show of it is checked
  // beside the flight, while it lasts (a round's list stays until the next round opens, at least 3 s after
  // the crash; a round can crash at 1.00×, right at take-off).
  const [handA, autoB] = await Promise.all([
    // Alice cashes out by hand; both pages show her cash-out in the list.
    cashOutByHand(page, a.game).then(async (outcome) => {
      if (outcome.kind === 'cashed-out') {
        const shown = `${point(outcome.at)}${kes(outcome.payout)}`;
        await Promise.all([
          expect(betRow(a.game, 'You', STAKE_A)).toContainText(shown),
          expect(betRow(b.game, maskA, STAKE_A)).toContainText(shown),
        ]);
      }
      return outcome;
    }),
    // Bob's automatic cash-out plays; both pages show it in the list.
    watchAutomatic(b.game).then(async (outcome) => {
      if (outcome === 'cashed-out') {
        const shown = `${point(TARGET_B)}${kes(PAYOUT_B)}`;
        await Promise.all([
          expect(betRow(b.game, 'You', STAKE_B)).toContainText(shown),
          expect(betRow(a.game, maskB, STAKE_B)).toContainText(shown),
        ]);
      }
      return outcome;
    }),
    // Each player sees their own bet and the other's in the live list, with Bob's target.
    Promise.all([
      expect(betRow(a.game, 'You', STAKE_A)).toBeVisible(),
      expect(betRow(a.game, maskB, STAKE_B)).toContainText(point(TARGET_B)),
      expect(betRow(b.game, 'You', STAKE_B)).toContainText(point(TARGET_B)),
      expect(betRow(b.game, maskA, STAKE_A)).toBeVisible(),
    ]),
  ]);

  // The round ends for everyone: its crash point and hash are published, and the crash point is the one
  // its hash and the chain's salt give (packages/fair), whatever it is.
  let over: CrashHistoryItem | undefined;
  let salt = '';
  await expect
    .poll(
      async () => {
        const history = (await (
          await request.get(api(`${CRASH_PATHS.history}?size=20`))
        ).json()) as Envelope<CrashHistory>;
        over = history.data.list.find((item) => item.id === roundId);
        salt = history.data.chains.find((chain) => chain.id === over?.chainId)?.salt ?? '';
        return over?.state;
      },
      { timeout: ROUND_TIMEOUT, intervals: [1_000] },
    )
    .toBe('crashed');
  const round = over as CrashHistoryItem;
  test.info().annotations.push({
    type: 'round',
    description: `game ${round.game} crashed at ${point(round.crashPoint)}; Alice ${
      handA.kind === 'cashed-out' ? `cashed out at ${point(handA.at)}` : `lost (${handA.why})`
    }; Bob ${autoB === 'cashed-out' ? `cashed out at ${point(TARGET_B)}` : 'lost'}`,
  });
  expect(crashPoint(round.gameHash, salt)).toBe(round.crashPoint);

  // The outcomes agree with the crash point: a cash-out by hand below it, the automatic one paid exactly
  // when the round reached 1.50×.
  if (handA.kind === 'cashed-out') expect(handA.at).toBeLessThan(round.crashPoint);
  expect(autoB).toBe(round.crashPoint >= TARGET_B ? 'cashed-out' : 'lost');
  const payoutA = handA.kind === 'cashed-out' ? handA.payout : 0;
  const payoutB = autoB === 'cashed-out' ? PAYOUT_B : 0;
  // Rounds keep multipliers in ten-thousandths; a lost bet is settled at 0.
  const multiplierA = handA.kind === 'cashed-out' ? handA.at * 100 : 0;

  // The server's records of both bets, and the balances moved by exactly the stake and the win. A bet still
  // open at the crash is lost a grace after it (crash.engine.ts), so its record is waited for, not read at once.
  for (const session of [a.session, b.session]) {
    await expect
      .poll(async () => (await lastRound(request, session)).state, { timeout: 30_000, intervals: [250] })
      .toBe('settled');
  }
  expect(await lastRound(request, a.session)).toMatchObject({
    id: betA.bet.id,
    state: 'settled',
    stake: STAKE_A,
    payout: payoutA,
    multiplier: multiplierA,
  });
  expect(await lastRound(request, b.session)).toMatchObject({
    id: betB.bet.id,
    state: 'settled',
    stake: STAKE_B,
    payout: payoutB,
    multiplier: autoB === 'cashed-out' ? TARGET_B * 100 : 0,
  });
  const afterA = CREDITED - STAKE_A + payoutA;
  const afterB = CREDITED - STAKE_B + payoutB;
  expect(await cashOf(request, alice)).toBe(afterA);
  expect(await cashOf(request, bob)).toBe(afterB);
  await expect(a.game.getByTestId('balance')).toHaveText(kes(afterA));
  await expect(b.game.getByTestId('balance')).toHaveText(kes(afterB));

  // The game told the app the round's result.
  await expect.poll(messagesA).toContainEqual({
    source: 'inhouse-game',
    type: 'round',
    payload: { roundId: betA.bet.id, stake: STAKE_A, payout: payoutA, multiplier: multiplierA },
  });

  // The round history: the strip of last crash points, and the fairness sheet with the round's hash.
  await expect(b.game.getByTestId('crash-history')).toContainText(point(round.crashPoint));
  await b.game.getByTestId('crash-fair').click();
  const sheet = b.game.getByTestId('crash-fairness');
  await expect(
    sheet.getByRole('listitem').filter({ hasText: `Game ${round.game} · ${point(round.crashPoint)}` }),
  ).toContainText(round.gameHash);
  await expect(sheet.getByTestId('crash-salt')).toHaveText(salt);

  // Alice's bet history lists her bet; back in the app, the home page shows her new balance.
  await a.game.getByRole('button', { name: 'Bet history' }).click();
  const item = a.game.getByTestId('history-item').first();
  await expect(item).toContainText(`Round ${betA.bet.id}`);
  await expect(item).toContainText(kes(payoutA));
  await page.goto('/home');
  await expect(page.getByLabel('Balance')).toHaveText(kes(afterA));
});
