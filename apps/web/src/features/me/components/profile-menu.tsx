import { POSITION } from '@app/contracts/config';
import { useMenus } from '../../../api/get-menus.ts';
import { AdvertLink } from '../../../components/ui/advert-link.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** The operator's profile menu (position 130100, spec §7) and the member's own account links. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const { menus } = useMenus(POSITION.PROFILE_MENU);
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
        <li>
          <AdvertLink url="/password/modify" className="me__link">
            {t('me.changePassword')}
          </AdvertLink>
        </li>
        <li>
          <AdvertLink url="/me/settings" className="me__link">
            {t('settings.title')}
          </AdvertLink>
        </li>
      </ul>
    </nav>
  );
}
