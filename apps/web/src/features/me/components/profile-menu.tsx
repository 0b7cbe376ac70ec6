import type { MenuItem } from '@app/contracts/config';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { AdvertLink } from '../../../components/ui/advert-link.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { linksNotInMenu } from '../me-links.ts';

/** What a member always finds, unless the operator's menu already lists it. */
const ACCOUNT_LINKS = [
  { to: PAGE_PATHS.bonus, key: 'me.bonuses' },
  { to: PAGE_PATHS.modifyPassword, key: 'me.changePassword' },
  { to: PAGE_PATHS.settings, key: 'settings.title' },
] as const;

/** The operator's profile menu (position 130100, spec §7) and the member's own account links. */
export function ProfileMenu({ menus }: { menus: readonly MenuItem[] }) {
  const { t } = useTranslation();
  const accountLinks = linksNotInMenu(
    ACCOUNT_LINKS,
    menus.map((menu) => menu.url),
  );
  return (
    <nav className="me__links" aria-label={t('me.menu')}>
      <ul>
        {menus.map((menu) => (
          <li key={menu.id}>
            <AdvertLink url={menu.url} className="me__link">
              {menu.img ? (
                <img className="me__link-icon" src={menu.img} alt="" width="24" height="24" />
              ) : null}
              {menu.title}
            </AdvertLink>
          </li>
        ))}
        {accountLinks.map((link) => (
          <li key={link.to}>
            <AdvertLink url={link.to} className="me__link">
              {t(link.key)}
            </AdvertLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
