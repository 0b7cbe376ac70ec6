import { FIRST_SCREEN_MAX_AGE_MS, type FirstScreen } from '@app/contracts/first-screen';

type FirstScreenWindow = Window & { __FIRST_SCREEN__?: FirstScreen };

/**
 * Answers the server wrote into the page for the first screen's GET calls (the home page's menus, adverts
 * and options), so a slow network paints without waiting for them. Each answer is used once, only in the
 * language it was written in, and only while fresh: a page restored from a cache fetches as usual. A
 * phone whose clock is far off simply fetches too.
 */
export function takeFirstScreenAnswer(
  pathAndQuery: string,
  language: string,
): { found: true; data: unknown } | { found: false } {
  const screen = (window as FirstScreenWindow).__FIRST_SCREEN__;
  if (!screen || screen.language !== language) return { found: false };
  if (Math.abs(Date.now() - screen.generatedAt) > FIRST_SCREEN_MAX_AGE_MS) return { found: false };
  if (!Object.hasOwn(screen.responses, pathAndQuery)) return { found: false };
  const data = screen.responses[pathAndQuery];
  delete screen.responses[pathAndQuery];
  return { found: true, data };
}
