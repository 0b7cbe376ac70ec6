import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The SMS simulator of the server under test: a tester reads codes from its inbox, and so do we.
const simulatorsUrl = process.env.SIMULATORS_URL;
if (!simulatorsUrl) throw new Error('SIMULATORS_URL is not set: run the suite with `node e2e/run.mjs`');

/** A random valid Kenyan number, so runs and parallel tests never collide. */
function newMobile(): { mobile: string; e164: string } {
  const subscriber = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  return { mobile: `0713${subscriber}`, e164: `+254713${subscriber}` };
}

/** The 6-digit code in the newest SMS to a number, waiting for it to arrive. */
async function codeSentTo(request: APIRequestContext, e164: string, after = 0): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const answer = await request.get(`${simulatorsUrl}/sms/messages?number=${encodeURIComponent(e164)}`);
      const messages = (await answer.json()) as { message: string }[];
      if (messages.length <= after) return '';
      code = messages[0]?.message.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

async function messageCount(request: APIRequestContext, e164: string): Promise<number> {
  const answer = await request.get(`${simulatorsUrl}/sms/messages?number=${encodeURIComponent(e164)}`);
  return ((await answer.json()) as unknown[]).length;
}

async function registerInBrowser(page: Page, request: APIRequestContext, number = newMobile()) {
  await page.goto('/register');
  await page.getByLabel('Mobile number').fill(number.mobile);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret12');
  await page.getByLabel('Confirm password').fill('secret12');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').fill(await codeSentTo(request, number.e164));
  await page.getByRole('form', { name: 'Sign up' }).getByRole('button', { name: 'Sign up' }).click();
  // Registered and logged in: the app leaves the register page (for home, without a return path).
  await expect(page).toHaveURL(/\/home$/);
  return number;
}

test('a visitor registers with the SMS code, lands logged in, sees the profile and logs out', async ({
  page,
  request,
}) => {
  const { mobile } = await registerInBrowser(page, request);
  // Logged in: the top bar has the balance instead of the register and login buttons.
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);

  await page.goto('/me');
  await expect(page.getByTestId('profile-card')).toContainText(mobile);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByTestId('profile-card')).toHaveCount(0);
  await page.goto('/home');
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
});

test.describe('with a wrong password first', () => {
  // The refused login is an HTTP 400, which Chromium reports in the console.
  test.use({ allowConsoleError: /status of 400/ });

  test('a member logs in with the password and returns to the page that asked for login', async ({
    page,
    request,
  }) => {
    const number = await registerInBrowser(page, request);
    await page.goto('/me');
    await page.getByRole('button', { name: 'Log out' }).click();

    await page.goto('/login?r=/me/faq');
    const login = page.getByRole('button', { name: 'Log in' }).last();
    await page.getByLabel('Mobile number').fill(number.mobile);
    await expect(login).toBeDisabled();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-pass');
    await login.click();
    await expect(page.getByText('Incorrect mobile or password')).toBeVisible();

    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret12');
    await page.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/me\/faq$/);
  });
});

test('a member logs in with a code sent by SMS, read from the simulator inbox', async ({ page, request }) => {
  const number = await registerInBrowser(page, request);
  await page.goto('/me');
  await page.getByRole('button', { name: 'Log out' }).click();
  const sentBefore = await messageCount(request, number.e164);

  await page.goto('/login');
  await page.getByRole('tab', { name: 'Login with SMS code' }).click();
  await page.getByLabel('Mobile number').fill(number.mobile);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').fill(await codeSentTo(request, number.e164, sentBefore));
  await page
    .getByRole('form', { name: 'Login with SMS code' })
    .getByRole('button', { name: 'Log in' })
    .click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/me');
  await expect(page.getByTestId('profile-card')).toContainText(number.mobile);
});
