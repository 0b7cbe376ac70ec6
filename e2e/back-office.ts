import { Secret, TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { DEMO_STAFF } from '@app/contracts/demo-staff';
import { expect, test } from './fixtures.ts';

const totp = new TOTP({ secret: Secret.fromBase32(DEMO_STAFF.totpSecret), algorithm: 'SHA1', digits: 6 });

/**
 * The demo staff member the e2e servers make (DEMO_STAFF=1, scripts/test-server.mjs) logs in to the back
 * office with password and authenticator code; answers once the header names them. Each code is good once
 * (the server keeps the last step used), and another journey may have just logged in with this one: then
 * the next code is awaited and tried, so back-office journeys may run side by side.
 */
export async function logInToBackOffice(page: Page): Promise<void> {
  // Waiting for the next code may take up to a step (30 s): the test gets that time on top of its own.
  test.info().setTimeout(test.info().timeout + 45_000);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Staff login' })).toBeVisible();
  await page.getByLabel('Login', { exact: true }).fill(DEMO_STAFF.login);
  await page.getByLabel('Password').fill(DEMO_STAFF.password);
  let tried = '';
  await expect(async () => {
    const code = totp.generate();
    expect(code, 'waiting for the next authenticator code').not.toBe(tried);
    tried = code;
    await page.getByLabel('Authenticator code').fill(code);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText(`Signed in as ${DEMO_STAFF.login}`)).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 75_000, intervals: [1_000] });
}
