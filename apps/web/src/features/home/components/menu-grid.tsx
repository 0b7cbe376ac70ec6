import type { MenuItem } from '@app/contracts/config';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { formatBadge } from '../../../lib/badge.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { AdvertLink } from '../../../components/ui/advert-link.tsx';
import { MoreIcon } from '../../../components/ui/icons.tsx';

export const MENU_COLUMNS = 5;

/** Spec §9: five columns; with more than five entries, four of them and a More that opens the drawer. */
export function visibleMenus<T>(menus: readonly T[]): { shown: T[]; hasMore: boolean } {
  if (menus.length <= MENU_COLUMNS) return { shown: [...menus], hasMore: false };
  return { shown: menus.slice(0, MENU_COLUMNS - 1), hasMore: true };
}

/** Entries that lead to the inbox carry the unread count. */
export function isMessagesMenu(menu: MenuItem): boolean {
  return menu.url.startsWith(PAGE_PATHS.memberMessages) || menu.url.startsWith(PAGE_PATHS.systemMessages);
}

type MenuGridProps = {
  menus: MenuItem[];
  unreadMessages: number;
  onMore: () => void;
  layout: 'round' | 'tile';
};

export function MenuGrid({ menus, unreadMessages, onMore, layout }: MenuGridProps) {
  const { t } = useTranslation();
  const { shown, hasMore } = visibleMenus(menus);
  // An inbox entry behind More (the demo's sits there) lends More its unread count: the grid is where a
  // player looks, the drawer only once opened.
  const moreBadge =
    hasMore && menus.slice(shown.length).some(isMessagesMenu) ? formatBadge(unreadMessages) : undefined;
  return (
    <nav className={`menu-grid menu-grid--${layout}`} aria-label={t('home.menu')}>
      <ul className="menu-grid__list">
        {shown.map((menu) => {
          const badge = isMessagesMenu(menu) ? formatBadge(unreadMessages) : undefined;
          return (
            <li key={menu.id} className="menu-grid__item">
              <AdvertLink url={menu.url} className="menu-grid__link">
                <span className="menu-grid__icon">
                  <img
                    src={menu.img || menu.image}
                    alt=""
                    width="40"
                    height="40"
                    loading="lazy"
                    decoding="async"
                  />
                  {badge ? <span className="badge">{badge}</span> : null}
                </span>
                <span className="menu-grid__label">{menu.title}</span>
              </AdvertLink>
            </li>
          );
        })}
        {hasMore ? (
          <li className="menu-grid__item">
            <button type="button" className="menu-grid__link" onClick={onMore} aria-haspopup="dialog">
              <span className="menu-grid__icon menu-grid__icon--more">
                <MoreIcon />
                {moreBadge ? (
                  <span className="badge" data-testid="menu-more-badge">
                    {moreBadge}
                  </span>
                ) : null}
              </span>
              <span className="menu-grid__label">{t('home.more')}</span>
            </button>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
