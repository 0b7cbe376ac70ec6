import { randomBytes } from 'node:crypto';
import { expect, phoneOn, test } from './fixtures.ts';
import { setProgramme } from './operator.ts';
import { gameIdByName, openGameFromHome, randomPrefix } from './game-play.ts';
import { useLanguage, type Language } from './layout.ts';
import { registerWithSms } from './members.ts';

/**
 * The welcome bonus (issue 14 §2) as a new player meets it: registers, finds the bonus with its rules on
 * /bonus, plays an in-house game on it and sees the wagering move. The welcome bonus starts switched off
 * (it changes every new member's balance), so this journey runs on a server of its own where an operator
 * switched it on through the operator API: the suite's shared servers keep their members bonus-free.
 */
type TestServer = { url: string; simulatorsUrl: string; stop: () => Promise<void> };
type StartServer = (name: string, env: Record<string, string>) => Promise<TestServer>;

const ADMIN_TOKEN = randomBytes(24).toString('base64url');
let server: TestServer;
/** The bonus server's phones are not the fixture's `page`: their console is watched here. */
const consoleErrors: string[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  const module = (await import('../scripts/test-server.mjs' as string)) as { startServer: StartServer };
  server = await module.startServer('bonus', {
    THEME: 'winslots',
    CHRISTMAS: '0',
    ADMIN_TOKEN,
  });
  const request = await playwright.request.newContext({ baseURL: server.url });
  await setProgramme(request, ADMIN_TOKEN, 'welcome-bonus');
  await request.dispose();
});

test.afterAll(async () => {
  await server?.stop();
});

const TEXTS: Record<
  'en' | 'pt',
  { title: string; welcome: string; rules: string; wager: RegExp; progress: RegExp; played: RegExp }
> = {
  en: {
    title: 'My bonuses',
    welcome: 'Welcome bonus',
    rules: 'Rules',
    wager: /Bet KES 1,000\.00 \(10× the bonus\) before it expires/,
    progress: /Wagering KES 0\.00 of KES 1,000\.00 \(0%\)/,
    played: /Wagering KES 20\.00 of KES 1,000\.00 \(2%\)/,
  },
  pt: {
    title: 'Meus bônus',
    welcome: 'Bônus de boas-vindas',
    rules: 'Regras',
    wager: /Aposte KES 1,000\.00 \(10× o bônus\) antes de expirar/,
    progress: /Apostas KES 0\.00 de KES 1,000\.00 \(0%\)/,
    played: /Apostas KES 20\.00 de KES 1,000\.00 \(2%\)/,
  },
};

for (const language of ['en', 'pt'] as const satisfies readonly Language[]) {
  test(`${language}: a new player gets the welcome bonus, reads its rules, plays on it and sees the wagering move`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const texts = TEXTS[language];
    const page = await phoneOn(browser, server.url, consoleErrors);
    const request = page.context().request;
    await registerWithSms(page, request, { simulatorsUrl: server.simulatorsUrl, prefix: randomPrefix() });
    const bonusPage = async () => {
      await page.goto('/me');
      await page.getByRole('link', { name: texts.title }).click();
      await expect(page).toHaveURL(/\/bonus$/);
      const card = page.getByTestId('bonus-card');
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(texts.welcome);
      await expect(card.getByTestId('bonus-amount')).toHaveText('KES 100.00');
      await expect(card.getByText(texts.rules)).toBeVisible();
      await expect(card.getByTestId('bonus-rules')).toContainText(texts.wager);
      return card;
    };
    // The game at its default stake (KES 20, under the bonus's maximum of KES 50), on bonus money.
    const playDice = async () => {
      const dice = await gameIdByName(request, 'Dice');
      const { game } = await openGameFromHome(page, 'Dice', dice);
      const play = game.getByTestId('play');
      await expect(play).toBeEnabled();
      await play.click();
      await expect(game.getByTestId('round-result')).toHaveText(/^(You win KES [\d,.]+|No win)$/);
      await expect(play).toBeEnabled();
    };

    if (language === 'en') {
      const card = await bonusPage();
      await expect(card.getByTestId('bonus-progress')).toHaveText(texts.progress);
      await playDice();
    } else {
      // The lobby is driven in English (its helper's labels); the bonus page is read in Portuguese.
      await playDice();
      await useLanguage(page, language);
    }
    const card = await bonusPage();
    await expect(card.getByTestId('bonus-progress')).toHaveText(texts.played);
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
    await page.context().close();
    expect(consoleErrors, 'console errors').toEqual([]);
  });
}
