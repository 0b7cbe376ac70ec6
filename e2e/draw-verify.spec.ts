import { drawVerifyPath } from '@app/contracts/draws';
import { ERRORS } from '@app/contracts/errors';
import { expect, test } from './fixtures.ts';
import { expectNotClipped, expectOnScreen } from './layout.ts';

/**
 * The draw verification page (issue 16) on a 360 px phone: reached from the bet verifier by a draw's
 * number, it loads its own chunk (the BLS pairing) and reads the draw engine's public API.
 *
 * No draw product sells tickets on this branch, so no draw exists to check here: this journey covers the
 * way in, a draw that does not exist and an address that names no draw. The journey through a drawn draw
 * (the ticket's inclusion, the whole list's root, the beacon's signature, the recomputed outcome) belongs
 * with the products that make draws (lottery, lucky refund), whose specs open `drawVerifyPath`.
 */
test.use({
  viewport: { width: 360, height: 740 },
  // The unknown draw's answer is a 404, which Chromium logs as a failed resource.
  allowConsoleError: /status of 404/,
});

test('the verifier leads to a draw’s page, which says plainly that there is no such draw', async ({
  page,
}) => {
  await page.goto('/game-center/fair?lang=fr');
  const number = page.getByTestId('verify-draw-number');
  await number.fill('987654');
  const open = page.getByTestId('verify-draw-open');
  await expectOnScreen(page, open);
  await expectNotClipped(open);
  await open.click();

  await expect(page).toHaveURL(/\/game-center\/fair\/draw\/987654\?lang=fr$/);
  await expect(page.locator('h1')).toHaveText('Vérifier le tirage 987654');
  await expect(page.getByTestId('draw-failed')).toContainText('Aucun tirage ne porte ce numéro.');
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('the address the products link to serves the page; one that names no draw gets the holding page', async ({
  page,
}) => {
  const served = await page.goto(drawVerifyPath(987655, 3));
  expect(served?.status()).toBe(200);
  // In English the server's own message is shown (the pages' rule for errors).
  await expect(page.getByTestId('draw-failed')).toContainText(ERRORS.DRAW_NOT_FOUND.msg);

  const holding = await page.goto('/game-center/fair/draw/abc');
  expect(holding?.status()).toBe(404);
  await expect(page.getByTestId('game-frame-page')).toContainText('There is no draw at this address.');
});
