import { appText, gameNameIn, KENYAN_LANGUAGES } from './catalogues.ts';
import { expect, test } from './fixtures.ts';
import { gameIdByName, openGameFromHome, playRounds, randomPrefix, simulatorsUrl } from './game-play.ts';
import { chooseLanguage } from './language.ts';
import { expectNotClipped, expectOnScreen, SMALL_PHONE } from './layout.ts';
import { depositByPhone, registerWithSms } from './members.ts';

/**
 * Identity, verified (issue 25 §1): Kenya gates play behind a verified identity. A new player on a 360 px
 * phone, in English and in Swahili (the texts from the app's catalogues), opens a game, is stopped with the
 * way to verify, sends the identity form and a selfie (the identity simulator answers a match for a
 * national ID ending in 0), and then plays.
 */
// The launch refused with 409 (KYC_REQUIRED) is the journey's first step, not a fault.
test.use({ viewport: SMALL_PHONE, allowConsoleError: /status of 409/ });

/** A 1×1 PNG: the simulator answers by the ID number, not the face. */
const SELFIE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

for (const language of KENYAN_LANGUAGES) {
  const text = (key: string) => appText(language, key);

  test(`${language}: a new player is stopped at play, verifies with ID and selfie, then plays`, async ({
    page,
    request,
  }) => {
    const member = await registerWithSms(page, request, {
      simulatorsUrl: simulatorsUrl(),
      prefix: randomPrefix(),
      verify: false,
    });
    await chooseLanguage(page, language);
    const diceId = await gameIdByName(request, 'Dice');
    const dice = await gameNameIn(request, diceId, language);
    const play = text('games.play');
    const nationalId = text('kyc.documents.ke-national-id.name');

    // Stopped at play: the launch is refused with the way to verify.
    await page.goto('/home');
    await page.getByRole('article', { name: dice }).first().getByRole('link', { name: play }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(text('errors.KYC_REQUIRED'));
    const verifyNow = dialog.getByRole('button', { name: text('kyc.start') });
    await expectOnScreen(page, verifyNow);
    await expectNotClipped(verifyNow);
    await verifyNow.click();
    await expect(page).toHaveURL(/\/me\/settings\/kyc$/);
    await expect(page.getByTestId('kyc-status')).toHaveText(text('kyc.status.none'));

    // The form, then the selfie.
    await page.getByRole('button', { name: text('kyc.start') }).click();
    const form = page.getByRole('form', { name: text('kyc.formTitle') });
    await form.getByLabel(text('kyc.fields.firstName')).fill('Wanjiku');
    await form.getByLabel(text('kyc.fields.surname')).fill('Otieno');
    await form.getByLabel(text('kyc.fields.dateOfBirth')).fill('05031990');
    await form.getByLabel(text('kyc.fields.ID_TYPE')).selectOption({ label: nationalId });
    await form.getByLabel(text('kyc.fields.ID_NUMBER')).fill(`${member.msisdn.slice(-7)}0`);
    await form.getByRole('button', { name: text('kyc.submit'), exact: true }).click();
    await expect(page.getByTestId('kyc-status')).toHaveText(text('kyc.status.pending'));
    await expect(
      page.getByRole('heading', { name: text('kyc.photo.title.national-id-selfie') }),
    ).toBeVisible();
    await page
      .getByTestId('kyc-photo-file')
      .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: SELFIE });
    await expect(page.getByRole('img', { name: text('kyc.photo.preview') })).toBeVisible();
    const send = page.getByRole('button', { name: text('kyc.photo.send') });
    await expectNotClipped(send);
    await send.click();
    await expect(page.getByTestId('kyc-status')).toHaveText(text('kyc.status.verified'));
    // What was sent, read back in the page's language (the ID type is stored in English).
    await expect(page.getByTestId('kyc-values')).toContainText(nationalId);

    // Verified: money in, and the game plays for real.
    await depositByPhone(request, member, 500_00, simulatorsUrl());
    const { game, session } = await openGameFromHome(page, dice, diceId, play);
    await playRounds(game, request, session, 1);
  });
}
