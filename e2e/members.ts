import type { APIRequestContext, Page } from '@playwright/test';
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

/**
 * Registers on the site whose pages `url` addresses (the WinSlots server by default) and leaves the member
 * logged in on the home page.
 */
export async function registerWithSms(
  page: Page,
  request: APIRequestContext,
  options: { simulatorsUrl: string; prefix: string; url?: (path: string) => string },
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
  return { ...number, token };
}
