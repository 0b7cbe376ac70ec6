import { expect, test } from './fixtures.ts';
import { gameIdByName, openGameFromHome, playRounds, randomPrefix, simulatorsUrl } from './game-play.ts';
import { SMALL_PHONE } from './layout.ts';
import { depositByPhone, registerWithSms } from './members.ts';

/**
 * Identity, verified (issue 25 §1): Kenya gates play behind a verified identity. A new player on a 360 px
 * phone opens a game, is stopped with the way to verify, sends the identity form and a selfie (the identity
 * simulator answers a match for a national ID ending in 0), and then plays.
 */
// The launch refused with 409 (KYC_REQUIRED) is the journey's first step, not a fault.
test.use({ viewport: SMALL_PHONE, allowConsoleError: /status of 409/ });

/** A 1×1 PNG: the simulator answers by the ID number, not the face. */
const SELFIE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('a new player is stopped at play, verifies with ID and selfie, then plays', async ({
  page,
  request,
}) => {
  const member = await registerWithSms(page, request, {
    simulatorsUrl: simulatorsUrl(),
    prefix: randomPrefix(),
    verify: false,
  });
  const diceId = await gameIdByName(request, 'Dice');

  // Stopped at play: the launch is refused with the way to verify.
  await page.goto('/home');
  await page.getByRole('article', { name: 'Dice' }).first().getByRole('link', { name: 'Play' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Please complete your identity verification first');
  await dialog.getByRole('button', { name: 'Verify now' }).click();
  await expect(page).toHaveURL(/\/me\/settings\/kyc$/);
  await expect(page.getByTestId('kyc-status')).toHaveText('Not verified');

  // The form, then the selfie.
  await page.getByRole('button', { name: 'Verify now' }).click();
  const form = page.getByRole('form', { name: 'Verify your identity' });
  await form.getByLabel(/First name/).fill('Wanjiku');
  await form.getByLabel(/Surname/).fill('Otieno');
  await form.getByLabel(/Date of birth/).fill('05031990');
  await form.getByLabel(/ID type/).selectOption({ label: 'National ID' });
  await form.getByLabel(/ID number/).fill(`${member.msisdn.slice(-7)}0`);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('kyc-status')).toHaveText('Not verified yet');
  await expect(page.getByRole('heading', { name: 'Take a selfie' })).toBeVisible();
  await page
    .getByTestId('kyc-photo-file')
    .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: SELFIE });
  await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Send for verification' }).click();
  await expect(page.getByTestId('kyc-status')).toHaveText('Verified');

  // Verified: money in, and the game plays for real.
  await depositByPhone(request, member, 500_00, simulatorsUrl());
  const { game, session } = await openGameFromHome(page, 'Dice', diceId);
  await playRounds(game, request, session, 1);
});
