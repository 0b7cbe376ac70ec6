import { ACCOUNT_PATHS, API_BASE, MEMBER_PATHS } from '@app/contracts/paths';
import { logInToBackOffice } from './back-office.ts';
import { expect, test } from './fixtures.ts';
import { randomPrefix, simulatorsUrl } from './game-play.ts';
import { registerWithSms, verifyIdentity } from './members.ts';
import type { Page } from '@playwright/test';

/**
 * The back office's identity and responsible-gambling screens (issue 26 §4) at 1280 × 800, then on a
 * tablet (768 × 1024): an operator approves an identity the service could not match, with the photo
 * beside the service's answer; finds the player's time-out in the register and their limit changes.
 */
test.use({
  viewport: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
  // Before the login the back office's first call is a 401.
  allowConsoleError: /status of 401/,
});

/** A photo of an identity card as a phone would send it (drawn in the page: a JPEG data URL). */
function drawIdCard(page: Page, name: string, idNumber: string): Promise<string> {
  return page.evaluate(
    ({ name, idNumber }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 480;
      canvas.height = 300;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#e7efe4';
      context.fillRect(0, 0, 480, 300);
      context.fillStyle = '#1f5130';
      context.fillRect(0, 0, 480, 54);
      context.fillStyle = '#fff';
      context.font = 'bold 22px sans-serif';
      context.fillText('REPUBLIC OF KENYA', 24, 36);
      context.fillStyle = '#9aa79a';
      context.fillRect(24, 80, 130, 170);
      context.fillStyle = '#1d2230';
      context.font = '18px sans-serif';
      context.fillText(name, 176, 110);
      context.fillText('Born 05.03.1990', 176, 150);
      context.font = 'bold 20px monospace';
      context.fillText(`ID ${idNumber}`, 176, 200);
      return canvas.toDataURL('image/jpeg', 0.85);
    },
    { name, idNumber },
  );
}

test('an operator approves an identity from the photo and the service’s answer, then reads the register and the limit history', async ({
  page,
  request,
}, testInfo) => {
  const player = await registerWithSms(page, request, {
    simulatorsUrl: simulatorsUrl(),
    prefix: randomPrefix(),
    verify: false,
  });
  const headers = { token: player.token };
  // Limits the player sets (a first one at once, a raise after the cooling-off), then a day's time-out.
  for (const amount of [50_000, 90_000]) {
    const set = await request.post(`${API_BASE}${ACCOUNT_PATHS.limits}`, {
      headers,
      data: { limits: [{ name: 'deposit:day', amount }] },
    });
    expect((await set.json()).code).toBe(0);
  }
  // The selfie does not match the ID's photo (the simulator's digit 1): an operator reviews it.
  const photo = await drawIdCard(page, 'Wanjiku Otieno', `${player.msisdn.slice(-7)}1`);
  const idNumber = await verifyIdentity(request, player, undefined, {
    digit: '1',
    photo,
    expected: 'needs-review',
  });

  await logInToBackOffice(page);
  await page.getByRole('link', { name: 'Identity reviews' }).click();
  const row = page.getByRole('row').filter({ hasText: `KE:NATIONAL_ID:${idNumber}` });
  await expect(row).toHaveCount(1);
  const memberId = (await row.getByRole('cell').first().innerText()).trim();
  await row.getByRole('button', { name: `Review ${memberId}` }).click();

  // The document and the service's answer side by side.
  const review = page.getByRole('region', { name: `Review of player ${memberId}` });
  const image = review.getByRole('img', { name: 'Photo sent' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(480);
  await expect(review.getByText('1022 · No match: the face does not match the ID’s photo')).toBeVisible();
  await expect(review.getByText('Wanjiku')).toBeVisible();
  const [photoBox, answerBox] = [
    await image.boundingBox(),
    await review.getByText('Result code').boundingBox(),
  ];
  expect(answerBox!.x).toBeGreaterThan(photoBox!.x + photoBox!.width - 1);
  await page.screenshot({ path: testInfo.outputPath('kyc-review.png') });

  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status')).toHaveText(`Player ${memberId} is verified.`);
  await expect(row).toHaveCount(0);
  const record = await request.get(`${API_BASE}${ACCOUNT_PATHS.kyc}`, { headers });
  expect((await record.json()).data.status).toBe('verified');

  // The player takes a day's break: the register shows it, since and until.
  const rest = await request.post(`${API_BASE}${MEMBER_PATHS.takeBreak}`, { headers, data: { hours: 24 } });
  expect((await rest.json()).code).toBe(0);
  await page.getByRole('link', { name: 'Exclusions and time-outs' }).click();
  await page.getByLabel('Player id').fill(memberId);
  await page.getByRole('button', { name: 'Show' }).click();
  const timeOut = page.getByRole('row').filter({ hasText: player.mobile });
  await expect(timeOut).toHaveCount(1);
  await expect(timeOut).toContainText('Time-out');
  await expect(timeOut).toContainText('This account');
  await page.screenshot({ path: testInfo.outputPath('register.png') });

  // The limit changes: the first limit at once, the raise waiting its cooling-off.
  await page.getByRole('link', { name: 'Limit history' }).click();
  await page.getByLabel('Player id').fill(memberId);
  await page.getByRole('button', { name: 'Show' }).click();
  const changes = page.getByRole('row').filter({ hasText: 'Deposit per day' });
  await expect(changes).toHaveCount(2);
  await expect(changes.first()).toContainText('900.00');
  await expect(changes.first()).toContainText('waiting');
  await expect(changes.last()).toContainText('No limit');
  await expect(changes.last()).toContainText('The player');
  await page.screenshot({ path: testInfo.outputPath('limit-history.png') });

  // On a tablet held upright every screen fits its width.
  await page.setViewportSize({ width: 768, height: 1024 });
  for (const screen of ['Limit history', 'Exclusions and time-outs', 'Identity reviews']) {
    await page.getByRole('link', { name: screen }).click();
    await expect(page.getByRole('heading', { name: screen })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), screen).toBeLessThanOrEqual(768);
  }
});
