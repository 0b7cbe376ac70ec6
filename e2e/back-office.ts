import { Secret, TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { DEMO_STAFF } from '@app/contracts/demo-staff';
import { expect } from './fixtures.ts';

/**
 * The demo staff member the e2e servers make (DEMO_STAFF=1, scripts/test-server.mjs) logs in to the back
 * office with password and authenticator code; answers once the header names them.
 */
export async function logInToBackOffice(page: Page): Promise<void> {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Staff login' })).toBeVisible();
  await page.getByLabel('Login', { exact: true }).fill(DEMO_STAFF.login);
  await page.getByLabel('Password').fill(DEMO_STAFF.password);
  const totp = new TOTP({ secret: Secret.fromBase32(DEMO_STAFF.totpSecret), algorithm: 'SHA1', digits: 6 });
  await page.getByLabel('Authenticator code').fill(totp.generate());
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(`Signed in as ${DEMO_STAFF.login}`)).toBeVisible();
}
