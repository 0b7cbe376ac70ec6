import { getServerPage, isServerRender } from './server-page.ts';

/** Small cookie helpers: the session token and the banner switches live in cookies (spec §4, §9). */

/**
 * `document.cookie` as read in the current task. Each read asks the browser's cookie store, and one render
 * reads the session token in every component that asks whether the player is logged in (a tenth of the
 * home page's hydration on a cheap phone, docs/benchmarks.md 2026-12-04). The value is kept until the
 * task's microtasks have run; this module's own writes forget it at once.
 */
let cookiesThisTask: string | undefined;

function documentCookies(): string {
  if (cookiesThisTask === undefined) {
    cookiesThisTask = document.cookie;
    queueMicrotask(() => {
      cookiesThisTask = undefined;
    });
  }
  return cookiesThisTask;
}

export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  const cookies = isServerRender() ? (getServerPage()?.cookieHeader ?? '') : documentCookies();
  for (const part of cookies.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      try {
        return decodeURIComponent(item.slice(prefix.length));
      } catch {
        return item.slice(prefix.length);
      }
    }
  }
  return undefined;
}

export function hasCookie(name: string): boolean {
  return getCookie(name) !== undefined;
}

/** Sets a cookie for the whole site; without `maxAgeSeconds` it lasts until the browser session ends. */
export function setCookie(name: string, value: string, maxAgeSeconds?: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const lifetime = maxAgeSeconds === undefined ? '' : `; Max-Age=${Math.floor(maxAgeSeconds)}`;
  document.cookie =
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}${lifetime}` + `; Path=/; SameSite=Lax${secure}`;
  cookiesThisTask = undefined;
}

export function deleteCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; Max-Age=0; Path=/; SameSite=Lax`;
  cookiesThisTask = undefined;
}
