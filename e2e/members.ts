import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { ACCOUNT_PATHS, API_BASE, PAYMENT_PATHS } from '@app/contracts/paths';
import { expect } from './fixtures.ts';

/**
 * A member registered in the browser with the SMS code read from the simulators' inbox, as a player does,
 * for the payment journeys (deposit, withdraw, records).
 */
export type RegisteredMember = { mobile: string; e164: string; msisdn: string; token: string };

/** A random Safaricom number with the given prefix (0713…), so runs and parallel tests never collide. */
export function newSafaricomNumber(prefix: string): { mobile: string; e164: string; msisdn: string } {
  const subscriber = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  const national = `${prefix}${subscriber}`;
  return { mobile: national, e164: `+254${national.slice(1)}`, msisdn: `254${national.slice(1)}` };
}

export async function codeSentTo(
  request: APIRequestContext,
  simulatorsUrl: string,
  e164: string,
): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const answer = await request.get(`${simulatorsUrl}/sms/messages?number=${encodeURIComponent(e164)}`);
      const messages = (await answer.json()) as { message: string }[];
      code = messages[0]?.message.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** A 1×1 PNG: the photo the identity simulator compares (it answers by the ID number, not the face). */
const TEST_PHOTO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * The member's identity verified as the app does it (issue 25 §1: Kenya gates play): the identity form and
 * a photo sent to the API, the identity simulator answering a match (a national ID ending in 0; its
 * answers are chosen by that digit: apps/simulators/src/identity/identity-simulator.ts).
 */
export async function verifyIdentity(
  request: APIRequestContext,
  member: RegisteredMember,
  url: (path: string) => string = (path) => path,
  // The simulator's deciding digit (1: the photo does not match, so an operator reviews it) and the photo.
  attempt: { digit?: string; photo?: string; expected?: 'verified' | 'needs-review' } = {},
): Promise<string> {
  const headers = { token: member.token };
  const api = (path: string) => url(`${API_BASE}${path}`);
  // Kenya's form: 0 firstName, 1 surname, 2 dateOfBirth, 3 ID_TYPE, 4 ID_NUMBER; an 8-digit ID of the number.
  const idNumber = `${member.msisdn.slice(-7)}${attempt.digit ?? '0'}`;
  const form = await request.post(api(ACCOUNT_PATHS.kyc), {
    headers,
    form: {
      field0: 'Wanjiku',
      field1: 'Otieno',
      field2: '19900305',
      field3: 'National ID',
      field4: idNumber,
    },
  });
  expect((await form.json()).code).toBe(0);
  const verified = await request.post(api(ACCOUNT_PATHS.kycVerify), {
    headers,
    data: { photo: attempt.photo ?? TEST_PHOTO },
  });
  expect((await verified.json()).data?.status).toBe(attempt.expected ?? 'verified');
  return idNumber;
}

/**
 * Registers on the site whose pages `url` addresses (the WinSlots server by default) and leaves the member
 * logged in on the home page, with their identity verified (`verify: false`: not, for the gate's journeys).
 */
export async function registerWithSms(
  page: Page,
  request: APIRequestContext,
  options: { simulatorsUrl: string; prefix: string; url?: (path: string) => string; verify?: boolean },
): Promise<RegisteredMember> {
  const number = newSafaricomNumber(options.prefix);
  await page.goto(options.url ? options.url('/register') : '/register');
  await page.getByLabel('Mobile number').fill(number.mobile);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret12');
  await page.getByLabel('Confirm password').fill('secret12');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page
    .getByLabel('Verification code')
    .fill(await codeSentTo(request, options.simulatorsUrl, number.e164));
  await page.getByRole('form', { name: 'Sign up' }).getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
  if (!token) throw new Error('no token cookie after registration');
  const member = { ...number, token };
  if (options.verify ?? true) await verifyIdentity(request, member, options.url);
  return member;
}

/**
 * Money in through M-Pesa: a deposit started through the API and its STK prompt answered with the PIN on
 * the simulator's phone, through its form endpoint and for this member's prompt only (the simulator's
 * auto-approval is one setting for every test, which parallel journeys would race for); then the order is
 * polled until paid.
 */
export async function depositByPhone(
  request: APIRequestContext,
  member: RegisteredMember,
  payMoney: number,
  simulatorsUrl: string,
  /** The site's address for a path (the LuckyWin server's); Playwright's baseURL by default. */
  url: (path: string) => string = (path) => path,
): Promise<void> {
  const api = (path: string) => url(`${API_BASE}${path}`);
  const headers = { token: member.token };
  const channels = (await (await request.get(api(PAYMENT_PATHS.depositChannels), { headers })).json())
    .data as { id: number; channelCode: string }[];
  const channel = channels.find((candidate) => candidate.channelCode === 'MPESA');
  if (!channel) throw new Error('the M-PESA deposit channel is missing');
  const init = await request.post(api(PAYMENT_PATHS.depositInit), {
    headers,
    form: { payMoney: String(payMoney), payChannel: String(channel.id) },
  });
  const { transNo } = (await init.json()).data as { transNo: string };

  let checkoutRequestId = '';
  await expect
    .poll(async () => {
      const state = (await (await request.get(`${simulatorsUrl}/__mpesa/state`)).json()) as {
        prompts: { checkoutRequestId: string; phoneNumber: string; status: string }[];
      };
      checkoutRequestId =
        state.prompts.find((prompt) => prompt.phoneNumber === member.msisdn && prompt.status === 'pending')
          ?.checkoutRequestId ?? '';
      return checkoutRequestId;
    })
    .not.toBe('');
  await request.post(`${simulatorsUrl}/phone/answer`, {
    form: { checkoutRequestId, pin: '1234' },
    maxRedirects: 0,
  });
  await expect
    .poll(
      async () => {
        const result = await request.get(api(`${PAYMENT_PATHS.depositResult}?transNo=${transNo}`), {
          headers,
        });
        return ((await result.json()).data as { state: number }).state;
      },
      { timeout: 45_000 },
    )
    .toBe(3);
}

/**
 * Plays the customer on the simulator's phone page for a number: waits for the open STK prompt, enters
 * the PIN or cancels, and waits until the phone shows the outcome (the answer has reached the simulator).
 * The phone then goes to a blank page and is left to the context: closing a page that reloads itself
 * (meta refresh) has hung for a whole test timeout in full-suite runs.
 */
export async function answerOnPhone(
  context: BrowserContext,
  simulatorsUrl: string,
  msisdn: string,
  answer: { pin: string } | 'cancel',
): Promise<void> {
  const phone = await context.newPage();
  await expect(async () => {
    await phone.goto(`${simulatorsUrl}/phone?msisdn=${msisdn}`, { timeout: 10_000 });
    await expect(phone.getByLabel('M-PESA PIN')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  if (answer === 'cancel') {
    await phone.getByRole('button', { name: 'Cancel' }).click();
  } else {
    await phone.getByLabel('M-PESA PIN').fill(answer.pin);
    await phone.getByRole('button', { name: 'OK' }).click();
  }
  await expect(phone.getByText('Last request')).toBeVisible();
  // The idle phone reloads itself every 2 s: a reload that starts first interrupts this navigation, so it
  // is tried again until the blank page, which never reloads, is reached.
  await expect(async () => {
    await phone.goto('about:blank', { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}
