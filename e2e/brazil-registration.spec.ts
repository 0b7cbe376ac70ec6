import { cpfOf } from '@app/contracts/kyc';
import { expect, test } from './fixtures.ts';
import { SMALL_PHONE, useLanguage } from './layout.ts';
import { codeSentTo } from './members.ts';

/**
 * Brazil's registration (issue 25 §1 §2; Law 14.790 art. 23): the CPF and a live selfie are verified before
 * the account exists, and the player chooses their deposit limit at registration. On a server of the spec's
 * own with `COUNTRY=BR` (e2e/private-server.ts: started only when this spec runs, beside the suite's two
 * shared Kenyan servers), a player on a 360 px phone in Portuguese registers: a CPF with wrong check digits
 * is refused on the phone, a CPF the identity service cannot match creates nothing and says so, the
 * corrected one opens the account, verified, with the limit in force.
 */
// The refused registration's 409 is a step of the journey, not a fault.
test.use({
  viewport: SMALL_PHONE,
  allowConsoleError: /status of 409/,
  privateServerSetup: { name: 'brazil', env: { COUNTRY: 'BR' } },
});

/** A 1×1 PNG: the identity simulator answers by the CPF's ninth digit, not the face. */
const SELFIE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Eight random digits and the simulator's deciding ninth: 1 a mismatch, 0 a match. */
function cpfDeciding(digit: number): string {
  return cpfOf(`${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}${digit}`);
}

test('a player registers with the CPF, a live selfie and a deposit limit; only a match opens the account', async ({
  page,
  request,
  privateServer,
}) => {
  await useLanguage(page, 'pt');
  const mobile = `119${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Cadastrar' });
  await form.getByLabel('Número de celular').fill(mobile);
  await form.getByRole('textbox', { name: 'Senha', exact: true }).fill('secret12');
  await form.getByLabel('Confirmar senha').fill('secret12');

  // The identity the law asks for before the account exists, and the deposit limit.
  const identity = form.getByRole('group', { name: 'Sua identidade' });
  await expect(identity).toBeVisible();
  await identity.getByLabel('Nome', { exact: true }).fill('Maria');
  await identity.getByLabel('Sobrenome').fill('Silva');
  await identity.getByLabel('Data de nascimento').fill('05031990');
  const cpfField = identity.getByLabel('CPF');
  const mismatch = cpfDeciding(1);
  await cpfField.fill(`${mismatch.slice(0, 10)}${(Number(mismatch[10]) + 1) % 10}`);
  await cpfField.blur();
  await expect(identity.getByText('Este CPF não é válido: confira os dois últimos dígitos')).toBeVisible();
  await cpfField.fill(mismatch);
  await identity.getByTestId('register-selfie').setInputFiles({
    name: 'selfie.png',
    mimeType: 'image/png',
    buffer: SELFIE,
  });
  await expect(identity.getByRole('img', { name: 'Sua foto' })).toBeVisible();
  const submit = form.getByRole('button', { name: 'Cadastrar' });
  await expect(submit).toBeDisabled();
  await form.getByTestId('register-limit-day').fill('200');

  await form.getByRole('button', { name: 'Enviar código' }).click();
  await form
    .getByLabel('Código de verificação')
    .fill(await codeSentTo(request, privateServer.simulatorsUrl, `+55${mobile}`));
  await expect(submit).toBeEnabled();
  await submit.click();

  // The service cannot match the selfie: no account, and the player is told what to do.
  await expect(
    page.getByText('Não conseguimos comparar sua selfie com seu documento', { exact: false }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);

  // The corrected CPF: the same code still serves, and the account opens verified.
  await cpfField.fill(cpfDeciding(0));
  await submit.click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/me/settings/kyc');
  await expect(page.getByTestId('kyc-status')).toHaveText('Verificada');
  await page.goto('/me/settings/limits');
  await expect(page.getByTestId('limit-deposit-day')).toHaveValue('200');
});
