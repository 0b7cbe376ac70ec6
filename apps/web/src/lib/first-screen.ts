import { FIRST_SCREEN_MAX_AGE_MS, type FirstScreen } from '@app/contracts/first-screen';
import { getServerPage, isServerRender } from './server-page.ts';

type FirstScreenWindow = Window & { __FIRST_SCREEN__?: FirstScreen };

/**
 * An answer the server wrote into the page for one of the first screen's GET calls (the home page's menus,
 * adverts and options), so a slow network paints without waiting for them: the query layer starts with it
 * as fresh data. Only in the language it was written in, and only while fresh: a page restored from a
 * cache fetches as usual, and so does a phone whose clock is far off.
 */
export function readFirstScreenAnswer<T>(
  pathAndQuery: string,
  language: string,
): { data: T; updatedAt: number } | undefined {
  const screen = isServerRender()
    ? getServerPage()?.firstScreen
    : (window as FirstScreenWindow).__FIRST_SCREEN__;
  if (!screen || screen.language !== language) return undefined;
  if (Math.abs(Date.now() - screen.generatedAt) > FIRST_SCREEN_MAX_AGE_MS) return undefined;
  if (!Object.hasOwn(screen.responses, pathAndQuery)) return undefined;
  return { data: screen.responses[pathAndQuery] as T, updatedAt: screen.generatedAt };
}
