/**
 * Lets code outside React (the request wrapper) move the router. The shell registers the router's
 * navigate function; before that, a full page load does the job.
 */
export type AppNavigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: AppNavigate | undefined;

export function setAppNavigate(navigate: AppNavigate | undefined): void {
  navigateImpl = navigate;
}

export function appNavigate(to: string, options?: { replace?: boolean }): void {
  if (navigateImpl) navigateImpl(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

let currentAppPath: string | undefined;
let previousAppPath: string | undefined;

/** The shell records every route change, so login can go back to the page the player came from. */
export function recordAppPath(path: string): void {
  if (path === currentAppPath) return;
  previousAppPath = currentAppPath;
  currentAppPath = path;
}

/** The in-app path (with query) shown before the current one; undefined on the first page. */
export function getPreviousAppPath(): string | undefined {
  return previousAppPath;
}
