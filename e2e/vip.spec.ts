import type { APIRequestContext } from '@playwright/test';
import { VIP_PATHS } from '@app/contracts/paths';
import { expect, luckyWinUrl, test } from './fixtures.ts';
import { api, type Envelope, fundedMember, gameIdByName, openGameFromHome, playRounds } from './game-play.ts';
import { chooseLanguage } from './language.ts';
import { expectOnScreen, useLanguage } from './layout.ts';
import { registerWithSms, type RegisteredMember } from './members.ts';

/**
 * VIP end to end (issue 15 §1 §2) at 360 px: a funded member plays three dice rounds of KES 20, the money
 * facts' consumer counts 60 BP, the Me page shows the level and the benefits carousel (4.5 slides), the
 * member centre shows the level and points, the member claims the day's coins in place (the success popup
 * with the amount), and the records list the claim. In English from the Me page, in French from the home
 * menu's VIP Club entry (HOOK-VIP).
 */

test.use({ viewport: { width: 360, height: 740 } });

const DEPOSIT = 100_000;

async function pointsOf(request: APIRequestContext, member: RegisteredMember): Promise<number> {
  const answer = (await (
    await request.get(api(VIP_PATHS.personalLevel), { headers: { token: member.token } })
  ).json()) as Envelope<{ points: number }>;
  return answer.data.points;
}

const LANGUAGES = [
  {
    code: 'en',
    level: 'Novice',
    next: '940 BP to Battler',
    claim: 'Claim',
    claimed: 'Claimed',
    popup: 'Benefit claimed!',
    coins: '1.00 coins',
    records: 'Records',
    recordsTitle: 'Benefit records',
    name: 'Daily coins',
  },
  {
    code: 'fr',
    level: 'Novice',
    next: '940 BP avant Combattant',
    claim: 'Réclamer',
    claimed: 'Réclamé',
    popup: 'Avantage reçu !',
    coins: '1.00 pièces',
    records: 'Historique',
    recordsTitle: 'Historique des avantages',
    name: 'Pièces quotidiennes',
  },
] as const;

for (const language of LANGUAGES) {
  test(`${language.code}: dice bets earn points, the level shows, a benefit is claimed in place and recorded`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const id = await gameIdByName(request, 'Dice');
    const member = await fundedMember(page, request, DEPOSIT);
    const { game, session } = await openGameFromHome(page, 'Dice', id);
    await playRounds(game, request, session, 3);
    // The money facts' consumer counts the stakes within seconds: KES 60 staked, 60 BP.
    await expect.poll(() => pointsOf(request, member), { timeout: 30_000 }).toBe(60);

    if (language.code === 'en') {
      await page.goto('/me');
      const level = page.getByTestId('me-vip-level');
      await expect(level).toContainText('Lv.1');
      await expect(level).toContainText('Novice');
      await expect(level).toContainText('60 BP');
      const carousel = page.getByTestId('vip-carousel');
      await expectOnScreen(page, carousel);
      // 4.5 slides visible: four whole ones, and half of the fifth inside the carousel's right edge.
      const [box, fourth, fifth] = await Promise.all([
        carousel.boundingBox(),
        carousel.locator('li').nth(3).boundingBox(),
        carousel.locator('li').nth(4).boundingBox(),
      ]);
      if (!box || !fourth || !fifth) throw new Error('the carousel has fewer than five slides');
      expect(fourth.x + fourth.width).toBeLessThanOrEqual(box.x + box.width);
      const shownOfFifth = (box.x + box.width - fifth.x) / fifth.width;
      expect(shownOfFifth).toBeGreaterThan(0.4);
      expect(shownOfFifth).toBeLessThan(0.6);
      await level.click();
    } else {
      await chooseLanguage(page, 'fr');
      await page.goto('/home');
      // The home menu's entry marked HOOK-VIP (under More) leads to the member centre. More comes in the
      // server's markup: a tap counts once the page has hydrated.
      await expect(page.locator('html[data-hydrated-later]')).toHaveCount(1);
      await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'Plus' }).click();
      await page.getByRole('link', { name: 'Club VIP' }).first().click();
    }

    await expect(page).toHaveURL(/\/subscriber\/memberCenter$/);
    await expect(page.getByTestId('vip-level-name')).toHaveText(language.level);
    await expect(page.getByTestId('vip-points')).toHaveText('60');
    await expect(page.getByTestId('vip-next')).toHaveText(language.next);
    // Daily coins (benefit 3): claimable at level 1, first in the list (statu 0).
    const benefit = page.getByTestId('vip-benefit-3');
    await expect(benefit).toContainText(language.claim);
    await expectOnScreen(page, benefit);
    await benefit.click();
    const popup = page.getByTestId('vip-claim-success');
    await expect(popup).toContainText(language.popup);
    await expect(page.getByTestId('vip-claim-amount')).toHaveText(language.coins);
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByTestId('vip-benefit-3')).toContainText(language.claimed);

    await page.getByTestId('vip-records-link').click();
    await expect(page.getByRole('heading', { name: language.recordsTitle })).toBeVisible();
    const record = page.getByTestId('vip-record');
    await expect(record).toHaveCount(1);
    await expect(record).toContainText(language.name);
    await expect(record).toContainText(language.coins);
  });
}

test('pt on LuckyWin: a new member sees Lv.1 on the Me page and the member centre with its benefits', async ({
  page,
  request,
}) => {
  const simulators = process.env.SIMULATORS_URL_LUCKYWIN;
  if (!simulators)
    throw new Error('SIMULATORS_URL_LUCKYWIN is not set: run the suite with `node e2e/run.mjs`');
  await registerWithSms(page, request, { simulatorsUrl: simulators, prefix: '0717', url: luckyWinUrl });
  await useLanguage(page, 'pt');
  await page.goto(luckyWinUrl('/me'));
  const level = page.getByTestId('me-vip-level');
  await expect(level).toContainText('Nív.1');
  await expect(level).toContainText('Novato');
  await expectOnScreen(page, level);
  await level.click();
  await expect(page).toHaveURL(/\/subscriber\/memberCenter$/);
  await expect(page.getByRole('heading', { name: 'Clube VIP' })).toBeVisible();
  await expect(page.getByTestId('vip-next')).toHaveText('1,000 BP para Lutador');
  // Level 1's daily coins first (statu 0), the cash bonus locked until level 2 (statu 9).
  await expect(page.getByTestId('vip-benefits').locator('li').first()).toContainText('Moedas diárias');
  await expect(page.getByTestId('vip-benefit-1')).toContainText('A partir do nív.2');
});
