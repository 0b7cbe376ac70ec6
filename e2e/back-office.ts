import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_STAFF } from '@app/contracts/demo-staff';

/** The back office's journeys (issue 26) log in as the demo staff member the e2e servers make. */
const TOTP_PERIOD_MS = 30_000;

/**
 * Logs in with password and authenticator code. A code is accepted once: should another journey have used
 * this period's code on the same server, the login waits for the next period's code.
 */
export async function logInToBackOffice(page: Page): Promise<void> {
  const totp = new TOTP({ secret: Secret.fromBase32(DEMO_STAFF.totpSecret), algorithm: 'SHA1', digits: 6 });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Staff login' })).toBeVisible();
  await page.getByLabel('Login', { exact: true }).fill(DEMO_STAFF.login);
  await page.getByLabel('Password').fill(DEMO_STAFF.password);
  await page.getByLabel('Authenticator code').fill(totp.generate());
  await page.getByRole('button', { name: 'Log in' }).click();
  const signedIn = page.getByText(`Signed in as ${DEMO_STAFF.login}`);
  const refused = page.getByText('Incorrect login, password or code.');
  await expect(signedIn.or(refused)).toBeVisible();
  if (await refused.isVisible()) {
    // Not a guess: the next code exists from the next 30-second boundary of the clock.
    await page.waitForTimeout(TOTP_PERIOD_MS - (Date.now() % TOTP_PERIOD_MS) + 100);
    await page.getByLabel('Authenticator code').fill(totp.generate());
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(signedIn).toBeVisible();
  }
}
