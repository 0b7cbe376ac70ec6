import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { loginPath } from '../../lib/redirect.ts';
import { MeIcon } from './icons.tsx';

/** Spec §2: what a page needing login shows a visitor, with a way to log in and come back. */
export function LoginRequired({ title }: { title?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <section className="placeholder" aria-labelledby="login-required-title" data-testid="login-required">
      <MeIcon size={48} className="placeholder__icon" />
      {title ? <h2 className="placeholder__title">{title}</h2> : null}
      <p id="login-required-title" className="placeholder__text">
        {t('session.loginRequired')}
      </p>
      <Link className="button button--primary" to={loginPath(`${location.pathname}${location.search}`)}>
        {t('session.login')}
      </Link>
    </section>
  );
}
