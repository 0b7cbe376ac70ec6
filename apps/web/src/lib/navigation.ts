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
