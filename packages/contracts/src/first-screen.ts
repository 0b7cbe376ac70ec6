import type { AppSettings, Language } from './config.ts';

/**
 * The first screen's data, written by the server into index.html so a phone on a slow network paints the
 * home page without waiting for its API calls (docs/decisions.md, "The first screen comes with its data").
 *
 * `responses` maps the API path and query of a GET call, as the web app's request wrapper builds it
 * (`/config-service/cfMenu/queryByPosition?position=100102`), to the `data` the call would answer. The app
 * takes each answer once, and only while it is fresh and in the language it asks for.
 */
export type FirstScreen = {
  generatedAt: number;
  language: string;
  responses: Record<string, unknown>;
};

/** How long a written answer may stand in for a call (a page restored from cache gets fresh data). */
export const FIRST_SCREEN_MAX_AGE_MS = 60_000;

/**
 * Whether an address is `/` without `r` (the query, with or without its `?`): the home page. The server renders
 * it as `PAGE_PATHS.home`, and the app moves the address there.
 */
export function isIndexOfHome(pathname: string, query: string): boolean {
  const hasReturn = query
    .replace(/^\?/, '')
    .split('&')
    .some((pair) => pair.split('=')[0] === 'r');
  return pathname === '/' && !hasReturn;
}

/** Cookie with the player's language choice, so the server answers the first screen in it. */
export const LANGUAGE_COOKIE = 'lang';
/** Session cookie set once the home popup advert was shown, so the server stops preloading its image. */
export const POPUP_SEEN_COOKIE = 'popup_seen';

/** What the server hands the web app's server renderer (apps/web/src/entry-server.tsx) for one page. */
export type ServerRenderInput = {
  url: string;
  language: Language;
  settings: AppSettings;
  firstScreen: FirstScreen | undefined;
  cookieHeader: string;
  userAgent: string;
};
export type ServerRender = (input: ServerRenderInput) => Promise<string>;
