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

/**
 * Opens the Me page of a member and waits until the member's own requests there are answered. Logging out
 * while they are in flight makes the server refuse them with 401 (rightly), which the browser reports as a
 * console error.
 */
async function openMePage(page: Page): Promise<void> {
  // Every request the member's Me page makes (its VIP part too), so a log out right after races none of them.
  const memberRequests = [
    'loginWithToken',
    'memberMessage/notices',
    'queryNewMessageCount',
    'vip/personal-level',
    'benefits/personal-enjoyed',
  ].map((path) =>
    page.waitForResponse((response) => response.url().includes('/api/') && response.url().includes(path)),
  );
  await page.goto('/me');
  await Promise.all(memberRequests);
  await expect(page.getByTestId('profile-card')).toBeVisible();
  await expect(page.getByTestId('me-vip')).toBeVisible();
}

/** Logs out on the Me page and waits until the app has forgotten the session, so the next load has no token. */
async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByTestId('profile-card')).toHaveCount(0);
}

test('a visitor registers with the SMS code, lands logged in, sees the profile and logs out', async ({
  page,
  request,
}) => {
  const { mobile } = await registerInBrowser(page, request);
  // Logged in: the top bar has the balance instead of the register and login buttons.
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);

  await openMePage(page);
  await expect(page.getByTestId('profile-card')).toContainText(mobile);
  await logOut(page);
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
    await openMePage(page);
    await logOut(page);

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
  await openMePage(page);
  await logOut(page);
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

test('a member submits the KYC form in its popup, then is asked for the selfie', async ({
  page,
  request,
}) => {
  await registerInBrowser(page, request);
  await page.goto('/me/settings/kyc');
  await page.getByRole('button', { name: 'Verify now' }).click();
  const form = page.getByRole('dialog');
  const submit = form.getByRole('button', { name: 'Submit' });
  await form.getByLabel('First name').fill('Wanjiku');
  await form.getByLabel('Surname').fill('Otieno');
  await form.getByLabel('Date of birth').fill('05031990');
  await expect(submit).toBeDisabled();
  await form.getByLabel('ID type').selectOption({ label: 'Maisha Namba' });
  await form.getByLabel('ID number').fill('10012345678901');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Success')).toBeVisible();
  // Saved, not yet verified (issue 25 §1): the photo is the next step.
  await expect(page.getByTestId('kyc-status')).toHaveText('Not verified yet');
  await expect(page.getByRole('heading', { name: 'Take a selfie' })).toBeVisible();
});

test.describe('closing the account', () => {
  // Calls in flight when the session ends (the member-activity poll) are answered 401, which Chromium logs.
  test.use({ allowConsoleError: /status of 401/ });

  test('self-exclusion closes the account: logged out, and login is refused with a clear message', async ({
    page,
    request,
  }) => {
    const number = await registerInBrowser(page, request);
    await page.goto('/me/settings/exclusion');
    await page.getByLabel('How long').selectOption({ label: 'Permanently' });
    await page.getByLabel('Your closing phrase').fill('Pause2026');
    await page.getByRole('button', { name: 'Exclude myself' }).click();
    await page.getByRole('button', { name: 'Exclude me' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();

    const answer = await request.post('/api/member-service/member/login', {
      form: { mobile: number.mobile, password: 'secret12' },
    });
    expect(((await answer.json()) as { msg: string }).msg).toBe(
      'You have excluded yourself from play permanently',
    );
  });
});

test('a login on a second device tells the first one that only one device may bet', async ({
  page,
  request,
}) => {
  const number = await registerInBrowser(page, request);
  // The same member logs in on another phone.
  const other = await request.post('/api/member-service/member/login', {
    form: { mobile: number.mobile, password: 'secret12' },
    headers: { deviceid: 'second-phone' },
  });
  expect(((await other.json()) as { code: number }).code).toBe(0);
  await expect(page.getByTestId('one-device-notice')).toContainText(
    'We support only one device to bet at the same time',
    { timeout: 30_000 },
  );
});

test('a visitor logs in with Facebook: registers the unknown account once, then logs straight in', async ({
  page,
  request,
}) => {
  await page.goto('/login?r=/me');
  await page.getByRole('link', { name: 'Continue with Facebook' }).click();
  // The simulators' stand-in for Facebook's login dialog; the tester picks a test account.
  const newUser = `Tester ${Math.floor(Math.random() * 1e9)}`;
  await page.getByLabel(/name/i).fill(newUser);
  await page.getByRole('button', { name: 'Continue as a new user' }).click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('No account is linked');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByTestId('social-greeting')).toContainText(newUser);

  const number = newMobile();
  await page.getByLabel('Mobile number').fill(number.mobile);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret12');
  await page.getByLabel('Confirm password').fill('secret12');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').fill(await codeSentTo(request, number.e164));
  await page.getByRole('form', { name: 'Sign up' }).getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/me$/);
  await openMePage(page);
  await logOut(page);

  await page.goto('/login?r=/me');
  await page.getByRole('link', { name: 'Continue with Facebook' }).click();
  await page.getByRole('button', { name: new RegExp(`Continue as ${newUser}`) }).click();
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByTestId('profile-card')).toContainText(number.mobile);
});

test('a member changes the mobile number after confirming it is them, then logs in with the new one', async ({
  page,
  request,
}) => {
  await registerInBrowser(page, request);
  await page.goto('/me/settings');
  await page.getByRole('link', { name: 'Change mobile number' }).click();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret12');
  await page.getByRole('button', { name: 'Confirm' }).click();

  const target = newMobile();
  await page.getByLabel('New mobile number').fill(target.mobile);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').fill(await codeSentTo(request, target.e164));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your mobile number has been changed.')).toBeVisible();
  await expect(page).toHaveURL(/\/me\/settings$/);

  const login = await request.post('/api/member-service/member/login', {
    form: { mobile: target.mobile, password: 'secret12' },
  });
  expect(((await login.json()) as { code: number }).code).toBe(0);
});
