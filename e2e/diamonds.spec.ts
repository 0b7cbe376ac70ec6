import type { APIRequestContext } from '@playwright/test';
import { DIAMOND_PATHS } from '@app/contracts/paths';
import { expect, test } from './fixtures.ts';
import { api, type Envelope, fundedMember, gameIdByName, lastRound, openGameFromHome } from './game-play.ts';
import { chooseLanguage } from './language.ts';
import { expectOnScreen } from './layout.ts';
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
  { code: 'en', collectIn: 'game', spin: 'Diamond spin', won: /^(You won|Try again)$/ },
  { code: 'fr', collectIn: 'tasks page', spin: 'Roue des diamants', won: /^(Vous avez gagné|Réessayez)$/ },
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
    for (let round = 0; round < 3; round += 1) {
      const before = round === 0 ? undefined : (await lastRound(request, session)).id;
      await expect(game.getByTestId('play')).toBeEnabled();
      await game.getByTestId('play').click();
      await expect
        .poll(async () => {
          try {
            return (await lastRound(request, session)).id !== before;
          } catch {
            return false;
          }
        })
        .toBe(true);
    }
    // The money facts' consumer counts the stakes within seconds.
    await expect
      .poll(() => firstTaskCurrent(request, member), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(5_000);

    if (language.collectIn === 'game') {
      // The launch task entry in the casino bar polls every 2017 ms: the task shows as reached.
      const chip = page.getByTestId('task-entry-chip');
      await expect(chip).toContainText('100%', { timeout: 15_000 });
      await expectOnScreen(page, chip);
      await chip.click();
      const task = page.getByTestId('task-entry-task');
      await expect(task).toContainText('Lv.1');
      await expect(task).toContainText('Receive');
      await task.click();
      // Collected: the entry moves to the next task.
      await expect(page.getByTestId('task-entry-task')).toContainText('Lv.2');
    } else {
      await chooseLanguage(page, 'fr');
      await page.goto('/diamond/tasks');
      await expect(page.getByRole('heading', { name: 'Tâches diamants' })).toBeVisible();
      const first = page.getByTestId('task-row').first();
      await expect(first).toContainText('Niv.1');
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
    await option.click();
    const result = page.getByTestId('spin-result');
    await expect(result.getByRole('heading')).toHaveText(language.won);
    const href = await result.getByTestId('spin-verify').getAttribute('href');
    expect(href).toMatch(/^\/game-center\/fair\?game=prize-wheel&/);
    const prize = await diamondsOf(request, member);
    expect(prize).toBeGreaterThanOrEqual(0);
    await expect(page.getByTestId('diamond-balance')).toHaveText(String(prize));

    // The verifier recomputes the spin from the revealed seed: the hash matches the commitment.
    await page.goto(href ?? '');
    await expect(page.getByTestId('verify-hash-check')).toContainText('✓');
    await expect(page.getByTestId('verify-outcome')).toBeVisible();
  });
}
