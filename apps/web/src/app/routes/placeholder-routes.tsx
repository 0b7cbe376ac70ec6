import { ComingSoon } from '../../components/ui/coming-soon.tsx';
import { LoginRequired } from '../../components/ui/login-required.tsx';
import { NavBar } from '../../components/ui/nav-bar.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';

/** A tab whose screen is not built yet: its title and an honest "coming soon". */
export function TabPlaceholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="tab-page">
      <h1 className="page-title">{t(titleKey)}</h1>
      <ComingSoon title={t(titleKey)} />
    </div>
  );
}

/** An inner page not built yet, under the nav bar. */
export function InnerPlaceholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <NavBar title={t(titleKey)} />
      <ComingSoon title={t(titleKey)} />
    </div>
  );
}

/** The withdraw tab needs no route guard (spec §4); the page itself asks a visitor to log in. */
export function WithdrawPlaceholder() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  return (
    <div className="tab-page">
      <h1 className="page-title">{t('tabs.withdraw')}</h1>
      {isLoggedIn ? <ComingSoon title={t('tabs.withdraw')} /> : <LoginRequired />}
    </div>
  );
}
