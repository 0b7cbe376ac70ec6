import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import type { BreakTaken } from '@app/contracts/breaks';
import type { PlayerLimits } from '@app/contracts/limits';
import { ACCOUNT_PATHS, MEMBER_PATHS } from '@app/contracts/paths';
import type { Page } from '@playwright/test';
import { appText, gameNameIn, gameText, KENYAN_LANGUAGES, kesIn, timeIn } from './catalogues.ts';
import { expect, test } from './fixtures.ts';
import {
  cashOf,
  type Envelope,
  fundedMember,
  gameIdByName,
  openGameFromHome,
  PASSWORD,
} from './game-play.ts';
import { chooseLanguage } from './language.ts';
import { expectNotClipped, expectOnScreen, SMALL_PHONE } from './layout.ts';

/**
 * Responsible gambling (issue 25 §2 §3) as a player meets it at 360 px, in English and in Swahili (Kenya's
 * two languages; the texts from the app's and the games' own catalogues, amounts and times written the
 * `en-KE` / `sw-KE` way). Limits that hold: a daily stake limit set on the limits page applies at once, a
 * bet past it is refused in the game with the limit named and when it resets, and no money moves (the
 * game's refused request is the one 409 in the console); a raise then waits for the cooling-off, shown
 * beside the limit. A reality check, a break that keeps the player out, and the responsible-gaming page.
 */
test.use({ viewport: SMALL_PHONE, allowConsoleError: /status of 409/ });

const KENYA = COUNTRY_PROFILES.KE.compliance;

/** The answer the page's own request gets (the saved limits, the break taken), read as the page reads it. */
async function answerTo<T>(page: Page, path: string, act: () => Promise<void>): Promise<T> {
  const answer = page.waitForResponse(
    (response) => response.url().includes(path) && response.request().method() === 'POST',
  );
  await act();
  return ((await (await answer).json()) as Envelope<T>).data;
}

/** The daily stake limit in an answer of the limits endpoint. */
function stakePerDayOf(limits: PlayerLimits) {
  const limit = limits.limits.find((candidate) => candidate.name === 'stake:day');
  if (!limit) throw new Error('no daily stake limit in the answer');
  return limit;
}

for (const language of KENYAN_LANGUAGES) {
  const text = (key: string, vars?: Record<string, string | number>) => appText(language, key, vars);
  const kes = (minor: number) => kesIn(language, minor);

  test(`${language}: a player sets a daily stake limit, is stopped by it in the game, and sees a raise wait a day`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const request = page.context().request;
    const member = await fundedMember(page, request, 1_000_00);
    await chooseLanguage(page, language);

    await page.goto('/me/settings');
    await page.getByRole('link', { name: text('settings.limits') }).click();
    await expect(page).toHaveURL(/\/me\/settings\/limits$/);
    await expect(
      page.getByText(text('limits.intro', { hours: KENYA.limits.coolingOffHours }), { exact: true }),
    ).toBeVisible();
    await page.getByTestId('limit-stake-day').fill('100');
    // Below the three cards: the player scrolls to it, and it fits the phone's width.
    const save = page.getByTestId('limits-save');
    await save.scrollIntoViewIfNeeded();
    await expectOnScreen(page, save);
    await expectNotClipped(save);
    const saved = stakePerDayOf(await answerTo<PlayerLimits>(page, ACCOUNT_PATHS.limits, () => save.click()));
    await expect(page.getByText(text('limits.saved'))).toBeVisible();
    await expect(page.locator('#limit-stake-day-status')).toHaveText(
      text('limits.used', { used: kes(0), resets: await timeIn(page, language, saved.resetsAt) }),
    );

    const cash = await cashOf(request, member);
    const id = await gameIdByName(request, 'Dice');
    const { game } = await openGameFromHome(
      page,
      await gameNameIn(request, id, language),
      id,
      text('games.play'),
    );
    await expect(game.getByTestId('play')).toBeEnabled();
    const field = game.locator('#stake-input');
    await field.fill('150');
    await field.press('Enter');
    await game.getByTestId('play').click();
    await expect(
      game
        .getByTestId('game-notice')
        .getByText(gameText(language, `error.${ERRORS.LIMIT_STAKE_DAY.code}`), { exact: true }),
    ).toBeVisible();
    expect(await cashOf(request, member)).toBe(cash);

    // A raise is not in force at once: it waits the market's cooling-off, shown beside the limit.
    await page.goto('/me/settings/limits');
    await page.getByTestId('limit-stake-day').fill('500');
    const raised = stakePerDayOf(
      await answerTo<PlayerLimits>(page, ACCOUNT_PATHS.limits, () => save.click()),
    );
    if (!raised.pending) throw new Error('the raise is not pending');
    await expect(page.getByTestId('limit-stake-day-pending')).toHaveText(
      text('limits.pendingRaise', {
        amount: kes(500_00),
        when: await timeIn(page, language, raised.pending.appliesAt),
      }),
    );
    await expect(page.getByTestId('limit-stake-day')).toHaveValue('100');
  });

  test(`${language}: after an hour of real-money play the reality check tells the time and the net result, and Stop leaves the game`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // The page's clock, moved on by the test: an hour of play without waiting for it.
    await page.clock.install();
    const request = page.context().request;
    await fundedMember(page, request, 500_00);
    await chooseLanguage(page, language);
    const id = await gameIdByName(request, 'Dice');
    const { game } = await openGameFromHome(
      page,
      await gameNameIn(request, id, language),
      id,
      text('games.play'),
    );
    await expect(game.getByTestId('play')).toBeEnabled();
    await expect(page.getByTestId('reality-check')).toHaveCount(0);
    await page.clock.fastForward(KENYA.breaks.realityCheckMinutes * 60_000);
    const check = page.getByTestId('reality-check');
    await expect(check.getByTestId('reality-check-played')).toHaveText(
      text('realityCheck.played', { count: KENYA.breaks.realityCheckMinutes }),
    );
    await expect(check.getByTestId('reality-check-net')).toHaveText(
      text('realityCheck.net', { amount: kes(0) }),
    );
    const stop = check.getByRole('button', { name: text('realityCheck.stop') });
    await expectOnScreen(page, stop);
    await expectNotClipped(stop);
    await expectNotClipped(check.getByRole('button', { name: text('realityCheck.continue') }));
    await stop.click();
    await expect(page).not.toHaveURL(/\/casino\//);
  });

  test(`${language}: a player takes a break of a day, is logged out, and cannot log in until it ends`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const request = page.context().request;
    const member = await fundedMember(page, request, 100_00);
    await chooseLanguage(page, language);
    await page.goto('/me/settings');
    await page.getByRole('link', { name: text('settings.takeBreak') }).click();
    await expect(page).toHaveURL(/\/me\/settings\/break$/);
    // The market's lengths: a day to six weeks in Kenya.
    await expect(page.getByRole('radio')).toHaveCount(6);
    await page.getByRole('radio', { name: text('break.days', { count: 1 }), exact: true }).check();
    const submit = page.getByRole('button', { name: text('break.submit'), exact: true });
    await expectNotClipped(submit);
    await submit.click();
    const confirm = page.getByRole('button', { name: text('break.confirmButton'), exact: true });
    await expectOnScreen(page, confirm);
    const taken = await answerTo<BreakTaken>(page, MEMBER_PATHS.takeBreak, () => confirm.click());
    await expect(page).toHaveURL(/\/home$/);
    await expect(
      page.getByText(text('break.started', { when: await timeIn(page, language, taken.endsAt) })),
    ).toBeVisible();

    await page.goto('/login');
    await page.getByLabel(text('account.mobile')).fill(member.mobile);
    await page.getByRole('textbox', { name: text('account.password'), exact: true }).fill(PASSWORD);
    await page
      .getByRole('button', { name: text('session.login') })
      .last()
      .click();
    await expect(page.getByText(text('errors.ON_BREAK'))).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test(`${language}: the responsible-gaming page shows Kenya’s helpline to call and a self-assessment answered on the phone`, async ({
    page,
  }) => {
    await chooseLanguage(page, language);
    await page.goto('/pages/branch/responsible-gaming');
    const helpline = page.getByTestId('rg-helpline');
    if (!KENYA.helpline) throw new Error('Kenya has no helpline');
    await expect(helpline).toContainText(
      text('responsibleGambling.helpline', { name: KENYA.helpline.name[language] }),
    );
    await expect(helpline.getByRole('link', { name: KENYA.helpline.phone })).toHaveAttribute(
      'href',
      `tel:${KENYA.helpline.phone}`,
    );
    await expect(page.getByRole('link', { name: text('settings.limits') })).toHaveAttribute(
      'href',
      '/me/settings/limits',
    );
    await expect(page.getByTestId('rg-result')).toHaveCount(0);
    const yes = ['more', 'chase', 'borrow'];
    for (const question of ['more', 'chase', 'borrow', 'restless', 'hide', 'needs', 'guilt', 'others']) {
      await page.getByTestId(`rg-${question}-${yes.includes(question) ? 'yes' : 'no'}`).check();
    }
    const result = page.getByTestId('rg-result');
    await expect(result).toHaveText(text('responsibleGambling.result.help'));
    await result.scrollIntoViewIfNeeded();
    await expectOnScreen(page, result);
  });
}
