import { POSITION } from '@app/contracts/config';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMenus } from '../../../api/get-menus.ts';
import { LanguageSwitcher } from '../../../components/ui/language-switcher.tsx';
import { LoginRequired } from '../../../components/ui/login-required.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { InviteCard } from '../components/invite-card.tsx';
import { LogoutButton } from '../components/logout-button.tsx';
import { ProfileCard } from '../components/profile-card.tsx';
import { ProfileMenu } from '../components/profile-menu.tsx';
import { linksNotInMenu } from '../me-links.ts';
import '../components/me.css';

/** Help for everyone; a member finds those the operator's menu lists there, not twice. */
const HELP_LINKS = [
  { to: PAGE_PATHS.faq, key: 'me.faq' },
  { to: PAGE_PATHS.supports, key: 'me.supports' },
  { to: PAGE_PATHS.contentBranch('about-us'), key: 'footer.aboutUs' },
  { to: PAGE_PATHS.contentBranch('responsible-gaming'), key: 'footer.responsibleLink' },
] as const;

/**
 * `/me` (spec §2): the member's profile, menu and logout; visitors get the login view. Help and language for
 * both. `vipSection`: the member's VIP level and benefits carousel, composed in by the app (another feature).
 */
export function MePage({ vipSection }: { vipSection?: ReactNode }) {
  const { t } = useTranslation();
  const { isLoggedIn, profile, lastKnown } = useSession();
  const { menus } = useMenus(POSITION.PROFILE_MENU);
  const memberMenus = isLoggedIn ? menus : [];
  const helpLinks = linksNotInMenu(
    HELP_LINKS,
    memberMenus.map((menu) => menu.url),
  );
  return (
    <div className="me">
      <h1 className="page-title">{t('tabs.me')}</h1>
      {isLoggedIn ? (
        <>
          <ProfileCard profile={profile} lastKnown={lastKnown?.profile} />
          {vipSection}
          <InviteCard code={profile?.inviteCode ?? lastKnown?.profile.inviteCode} />
          <ProfileMenu menus={memberMenus} />
        </>
      ) : (
        <LoginRequired />
      )}
      <nav className="me__links" aria-label={t('me.help')}>
        <ul>
          {helpLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="me__link">
                {t(link.key)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <LanguageSwitcher />
      {isLoggedIn ? <LogoutButton /> : null}
    </div>
  );
}
