import type { AdvertItem } from '@app/contracts/config';
import { PAGE_PATHS } from '@app/contracts/page-paths';

const VISITOR_ONLY_PATHS = new Set<string>([PAGE_PATHS.register, PAGE_PATHS.login]);

/**
 * An advert that leads to registration or login speaks to visitors only: a member (one who has just
 * registered included) was shown "Register now" on arriving home.
 */
export function advertsFor<T extends Pick<AdvertItem, 'url'>>(items: readonly T[], isLoggedIn: boolean): T[] {
  if (!isLoggedIn) return [...items];
  return items.filter(
    (item) => !VISITOR_ONLY_PATHS.has((item.url.split(/[?#]/)[0] ?? '').replace(/\/+$/, '')),
  );
}
