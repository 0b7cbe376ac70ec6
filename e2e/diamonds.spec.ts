import type { APIRequestContext } from '@playwright/test';
import { DIAMOND_PATHS, DIAMOND_SPIN_PATHS } from '@app/contracts/paths';
import { expect, test } from './fixtures.ts';
import { api, type Envelope, fundedMember, gameIdByName, openGameFromHome, playRounds } from './game-play.ts';
import { chooseLanguage } from './language.ts';
import { expectAbove, expectOnScreen } from './layout.ts';
import type { RegisteredMember } from './members.ts';

/**
 * Diamonds end to end (issue 14 §4 §5) at 360 px: a funded member plays dice in the app's frame, the bet
 * task completes from the money facts (the server's job), the member collects it (in the game frame's task
 * entry in English, on /diamond/tasks in French), the diamonds rise, and the member spins the diamond
 * wheel and verifies the spin in the verifier page.
 */

test.use({ viewport: { width: 360, height: 740 } });

const DEPOSIT = 100_000;
/** The default first task: stake KES 50 on any game, +10 diamonds. */
const FIRST_TASK_BONUS = 10;

async function diamondsOf(request: APIRequestContext, member: RegisteredMember): Promise<number> {
  const answer = (await (
    await request.get(api(DIAMOND_PATHS.balance), { headers: { token: member.token } })
  ).json()) as Envelope<{ diamond: number }>;
  return answer.data.diamond;
}

async function firstTaskCurrent(request: APIRequestContext, member: RegisteredMember): Promise<number> {
  const answer = (await (
    await request.get(api(DIAMOND_PATHS.tasks), { headers: { token: member.token } })
  ).json()) as Envelope<{ tasks: { id: number; current: number }[] }>;
  return answer.data.tasks.find((task) => task.id === 1)?.current ?? 0;
}

const LANGUAGES = [
  {
    code: 'en',
    collectIn: 'game',
    spin: 'Diamond spin',
    won: /^(You won|Try again)$/,
    spinning: 'Spinning, Can not close',
  },
  {
    code: 'fr',
    collectIn: 'tasks page',
    spin: 'Roue des diamants',
    won: /^(Vous avez gagné|Réessayez)$/,
    spinning: 'La roue tourne, impossible de fermer',
  },
] as const;

for (const language of LANGUAGES) {
  test(`${language.code}: dice bets complete the bet task, collected in the ${language.collectIn}; the diamonds buy a verified spin`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const id = await gameIdByName(request, 'Dice');
    const member = await fundedMember(page, request, DEPOSIT);
    const { game, session } = await openGameFromHome(page, 'Dice', id);

    // Three rounds of KES 20: the first task's KES 50 is staked.
    await playRounds(game, request, session, 3);
    // The money facts' consumer counts the stakes within seconds.
    await expect
      .poll(() => firstTaskCurrent(request, member), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(5_000);

    if (language.collectIn === 'game') {
      // The launch task entry, docked in the app's bar above the game, polls every 2017 ms: the task
      // shows as reached. It lies over no part of the game (the bar ends where the game's frame begins).
      const chip = page.getByTestId('casino-bar').getByTestId('task-entry-chip');
      await expect(chip).toContainText('100%', { timeout: 15_000 });
      await expectOnScreen(page, chip);
      await expectAbove(page.getByTestId('casino-bar'), page.getByTestId('game-frame'));
      await chip.tap();
      const task = page.getByTestId('task-entry-task');
      await expect(task).toContainText('Lv.1');
      await expect(task).toContainText('Receive');
      // The countdown to the tasks' reset (on all day by default).
      await expect(page.getByTestId('task-countdown')).toHaveText(/^New tasks in \d\d:[0-5]\d:[0-5]\d$/);
      await expectOnScreen(page, page.getByTestId('task-entry-panel'));
      await task.click();
      // Collected: the entry moves to the next task.
      await expect(page.getByTestId('task-entry-task')).toContainText('Lv.2');
    } else {
      await chooseLanguage(page, 'fr');
      await page.goto('/diamond/tasks');
      await expect(page.getByRole('heading', { name: 'Tâches diamants' })).toBeVisible();
      const first = page.getByTestId('task-row').first();
      await expect(first).toContainText('Niv.1');
      await expect(page.getByTestId('task-countdown')).toHaveText(
        /^Nouvelles tâches dans \d\d:[0-5]\d:[0-5]\d$/,
      );
      // It counts down.
      const shown = await page.getByTestId('task-countdown').textContent();
      await expect(page.getByTestId('task-countdown')).not.toHaveText(shown ?? '');
      await first.getByRole('button', { name: 'Recevoir' }).click();
      await expect(first.getByRole('button', { name: 'Reçu' })).toBeDisabled();
      await expect(page.getByTestId('diamond-balance')).toHaveText(String(FIRST_TASK_BONUS));
    }
    await expect.poll(() => diamondsOf(request, member)).toBe(FIRST_TASK_BONUS);

    // One spin for 10 diamonds.
    await page.goto('/diamond/spin');
    await expect(page.getByRole('heading', { name: language.spin })).toBeVisible();
    await expect(page.getByTestId('diamond-balance')).toHaveText(String(FIRST_TASK_BONUS));
    const option = page.getByTestId('spin-option-0');
    await expectOnScreen(page, option);
    // The bet's answer is held until the back press is tried, so the wheel is surely still turning.
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route(`**${DIAMOND_SPIN_PATHS.bet}`, async (route) => {
      await held;
      await route.continue();
    });
    await option.click();
    await expect(page.getByTestId('spinning')).toBeVisible();
    // The browser's (the phone's) back while it turns: the page stays and says why.
    await page.goBack();
    await expect(page.locator('.toast-host')).toContainText(language.spinning);
    await expect(page).toHaveURL(/\/diamond\/spin$/);
    await expect(page.getByTestId('spinning')).toBeVisible();
    answer();
    const result = page.getByTestId('spin-result');
    await expect(result.getByRole('heading')).toHaveText(language.won);
    const href = await result.getByTestId('spin-verify').getAttribute('href');
    expect(href).toMatch(/^\/game-center\/fair\?game=prize-wheel&/);
    const prize = await diamondsOf(request, member);
    expect(prize).toBeGreaterThanOrEqual(0);
    await expect(page.getByTestId('diamond-balance')).toHaveText(String(prize));
    // The wheel stopped: one back leaves the page.
    await result.getByRole('button', { name: 'OK' }).click();
    await page.goBack();
    await expect(page).not.toHaveURL(/\/diamond\/spin$/);

    // The verifier recomputes the spin from the revealed seed: the hash matches the commitment.
    await page.goto(href ?? '');
    await expect(page.getByTestId('verify-hash-check')).toContainText('✓');
    await expect(page.getByTestId('verify-outcome')).toBeVisible();
  });
}
