import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The phone the issue was tried on: a 360 × 740 screen. */
export const SMALL_PHONE = { width: 360, height: 740 } as const;

/**
 * The element is wholly inside the viewport and nothing covers it: the topmost element at its centre and
 * just inside each edge is the element itself or inside it (a fixed banner or advert over it would be found
 * there instead). Geometry, not pixels.
 */
export async function expectInViewUncovered(
  locator: Locator,
  what: string,
  options: { atPageEnd?: boolean } = {},
): Promise<void> {
  await expect(locator, what).toBeVisible();
  await expect
    .poll(
      async () =>
        locator.evaluate((element, atPageEnd) => {
          // Scrolled again at every look: parts of the page that hydrate later may change its height.
          if (atPageEnd) window.scrollTo(0, document.documentElement.scrollHeight);
          const box = element.getBoundingClientRect();
          const inside =
            box.left >= 0 &&
            box.top >= 0 &&
            box.right <= window.innerWidth &&
            box.bottom <= window.innerHeight &&
            box.width > 0 &&
            box.height > 0;
          if (!inside)
            return `outside the viewport: ${JSON.stringify(box)} in ${window.innerWidth}x${window.innerHeight}`;
          // The centre and the middle of each edge, just inside it (a rounded corner is not the element's).
          const inset = Math.min(4, box.width / 4, box.height / 4);
          const middleX = box.left + box.width / 2;
          const middleY = box.top + box.height / 2;
          const points = [
            [middleX, middleY],
            [box.left + inset, middleY],
            [box.right - inset, middleY],
            [middleX, box.top + inset],
            [middleX, box.bottom - inset],
          ];
          for (const [x, y] of points) {
            const top = document.elementFromPoint(x!, y!);
            if (!top || !(top === element || element.contains(top))) {
              const name = top ? `${top.tagName.toLowerCase()}.${top.className}` : 'nothing';
              return `covered at ${Math.round(x!)},${Math.round(y!)} by ${name}`;
            }
          }
          return 'ok';
        }, options.atPageEnd ?? false),
      { message: what },
    )
    .toBe('ok');
}

export type Language = 'en' | 'fr' | 'pt';

/** Opens every page of this phone in a language, as the player's stored choice would (storage and cookie). */
export async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((lang) => {
    localStorage.setItem('lang', lang);
    document.cookie = `lang=${lang}; path=/`;
  }, language);
}
