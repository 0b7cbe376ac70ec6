import { Link } from 'react-router';
import { LanguageSwitcher } from '../../../components/ui/language-switcher.tsx';
import { LoginRequired } from '../../../components/ui/login-required.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';

const LINKS = [
  { to: '/me/faq', key: 'me.faq' },
  { to: '/supports', key: 'me.supports' },
  { to: '/pages/branch/about-us', key: 'footer.aboutUs' },
  { to: '/pages/branch/responsible-gaming', key: 'footer.responsibleLink' },
] as const;

/** `/me`: the profile arrives with the member feature; visitors get the login view, help and language. */
export function MePage() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  return (
    <div className="me">
      <h1 className="page-title">{t('tabs.me')}</h1>
      {isLoggedIn ? <p className="placeholder__text">{t('common.comingSoon')}</p> : <LoginRequired />}
      <nav className="me__links" aria-label={t('me.help')}>
        <ul>
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="me__link">
                {t(link.key)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <LanguageSwitcher />
    </div>
  );
}
