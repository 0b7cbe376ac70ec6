import type { Page } from '@playwright/test';
import type { Language } from '@app/contracts/config';
import { LANGUAGE_COOKIE } from '@app/contracts/first-screen';

/**
 * The player's language choice as the app's switcher leaves it, from the next page load: kept in the
 * browser, and mirrored in the cookie the server reads for the first screen and the game pages, on both
 * test sites. (A later choice wins: its script runs after the earlier ones.)
 */
export async function chooseLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((chosen) => localStorage.setItem('lang', chosen), language);
  const sites = [process.env.BASE_URL, process.env.BASE_URL_LUCKYWIN].filter((url): url is string => !!url);
  await page.context().addCookies(sites.map((url) => ({ name: LANGUAGE_COOKIE, value: language, url })));
}
