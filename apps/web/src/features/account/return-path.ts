import { PAGE_PATHS } from '@app/contracts/page-paths';
import { safeRedirectPath } from '../../lib/redirect.ts';

// Login and register (spec §4), and the reset page that leads to login: never a place to return to.
const ACCOUNT_ENTRY = new Set<string>([PAGE_PATHS.login, PAGE_PATHS.register, PAGE_PATHS.resetPassword]);

function isAccountEntry(path: string): boolean {
  return ACCOUNT_ENTRY.has(new URL(path, 'https://app.invalid').pathname);
}

/**
 * Where a player goes after login or register (spec §4): the `r` parameter when it is a path on this
 * site, else the page before, unless that was login or register (or the password reset), else home.
 */
export function returnPathAfterLogin(r: string | null | undefined, previous: string | undefined): string {
  const target = safeRedirectPath(r);
  if (target && !isAccountEntry(target)) return target;
  const back = safeRedirectPath(previous);
  if (back && !isAccountEntry(back)) return back;
  return PAGE_PATHS.home;
}
