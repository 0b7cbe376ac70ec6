import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * Layout checks by geometry, not by screenshots: what a player needs is wholly on the screen, not cut,
 * and not covered by anything else (a tap at its centre or near its corners reaches it).
 */

/**
 * Waits for the page's finite animations to end (a page sliding in after a navigation is measured where
 * it comes to rest, not mid-slide); endless ones (a spinner, falling drops) are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** The element's box lies wholly inside the page's viewport (page coordinates, frames included). */
export async function expectOnScreen(page: Page, locator: Locator): Promise<void> {
  await settled(page);
  const box = await locator.boundingBox();
  const screen = page.viewportSize();
  if (!box || !screen) throw new Error(`no box for ${String(locator)}`);
  const where = `${String(locator)} at ${JSON.stringify(box)}`;
  expect(box.x, where).toBeGreaterThanOrEqual(-0.5);
  expect(box.y, where).toBeGreaterThanOrEqual(-0.5);
  expect(box.x + box.width, where).toBeLessThanOrEqual(screen.width + 0.5);
  expect(box.y + box.height, where).toBeLessThanOrEqual(screen.height + 0.5);
}

/** The element's content fits its box: no text cut or ellipsed, nothing spilling out. */
export async function expectNotClipped(locator: Locator): Promise<void> {
  const size = await locator.evaluate((element) => ({
    text: element.textContent,
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
    scrollHeight: element.scrollHeight,
    clientHeight: element.clientHeight,
  }));
  const where = `${String(locator)} (${JSON.stringify(size)})`;
  expect(size.scrollWidth, where).toBeLessThanOrEqual(size.clientWidth);
  expect(size.scrollHeight, where).toBeLessThanOrEqual(size.clientHeight);
}

/**
 * Points of the element a tap is tested at: its centre, and a fifth of the way in from each side along
 * the centre lines (inside a round or pill-shaped button too, whose corners are not its own).
 */
function probePoints(box: { x: number; y: number; width: number; height: number }): [number, number][] {
  const middleX = box.x + box.width / 2;
  const middleY = box.y + box.height / 2;
  return [
    [middleX, middleY],
    [box.x + box.width * 0.2, middleY],
    [box.x + box.width * 0.8, middleY],
    [middleX, box.y + box.height * 0.2],
    [middleX, box.y + box.height * 0.8],
  ];
}

/** Nothing in its own document lies over the element. */
export async function expectUncovered(locator: Locator): Promise<void> {
  const hits = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const points: [number, number][] = [
      [rect.x + rect.width / 2, rect.y + rect.height / 2],
      [rect.x + rect.width * 0.2, rect.y + rect.height / 2],
      [rect.x + rect.width * 0.8, rect.y + rect.height / 2],
      [rect.x + rect.width / 2, rect.y + rect.height * 0.2],
      [rect.x + rect.width / 2, rect.y + rect.height * 0.8],
    ];
    return points.map(([x, y]) => {
      const hit = element.ownerDocument.elementFromPoint(x, y);
      return hit === null
        ? 'nothing'
        : element === hit || element.contains(hit)
          ? 'it'
          : hit.outerHTML.slice(0, 80);
    });
  });
  expect(hits, `taps on ${String(locator)}`).toEqual(hits.map(() => 'it'));
}

/**
 * An element of the page inside the frame `frameElement` is reached by a tap: nothing of the embedding
 * page (its bar, buttons, notes) lies over it, and nothing of its own page either.
 */
export async function expectUncoveredInFrame(
  page: Page,
  frameElement: Locator,
  locator: Locator,
): Promise<void> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box for ${String(locator)}`);
  const frameHandle = await frameElement.elementHandle();
  const hits = await page.evaluate(
    ({ points, frame }) =>
      points.map(([x, y]) => {
        const hit = document.elementFromPoint(x, y);
        return hit === frame ? 'the game' : (hit?.outerHTML.slice(0, 80) ?? 'nothing');
      }),
    { points: probePoints(box), frame: frameHandle },
  );
  expect(hits, `taps on ${String(locator)} from the app`).toEqual(hits.map(() => 'the game'));
  await expectUncovered(locator);
}

/** The bottom of `above` is at or over the top of `below`: the two do not overlap. */
export async function expectAbove(above: Locator, below: Locator): Promise<void> {
  const [top, bottom] = await Promise.all([above.boundingBox(), below.boundingBox()]);
  if (!top || !bottom) throw new Error('no box');
  expect(top.y + top.height, `${String(above)} over ${String(below)}`).toBeLessThanOrEqual(bottom.y + 0.5);
}

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
  options: { atPageEnd?: boolean; scrolledTo?: boolean } = {},
): Promise<void> {
  await expect(locator, what).toBeVisible();
  await expect
    .poll(
      async () =>
        locator.evaluate(
          (element, { atPageEnd, scrolledTo }) => {
            // Scrolled again at every look: parts of the page that hydrate later may change its height.
            if (atPageEnd) window.scrollTo(0, document.documentElement.scrollHeight);
            // As a player scrolls to it: just into view (the page's scroll padding keeps it clear of what is
            // fixed at the bottom, the tab bar and the floating dock).
            if (scrolledTo) element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
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
          },
          { atPageEnd: options.atPageEnd ?? false, scrolledTo: options.scrolledTo ?? false },
        ),
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
