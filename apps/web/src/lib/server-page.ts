import type { FirstScreen } from '@app/contracts/first-screen';

/**
 * While the server renders the home page (entry-server.tsx), what the browser would know comes from the
 * request instead: its cookies, its user agent, and the first screen's data. Rendering is synchronous, so
 * one request's values are set, used and cleared before another render starts.
 */
export type ServerPage = { cookieHeader: string; userAgent: string; firstScreen: FirstScreen | undefined };

let current: ServerPage | undefined;

export function isServerRender(): boolean {
  return typeof document === 'undefined';
}

export function setServerPage(page: ServerPage | undefined): void {
  current = page;
}

export function getServerPage(): ServerPage | undefined {
  return current;
}
