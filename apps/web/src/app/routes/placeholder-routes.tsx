import { ComingSoon } from '../../components/ui/coming-soon.tsx';
import { NavBar } from '../../components/ui/nav-bar.tsx';
import { useTranslation } from '../../lib/i18n.ts';

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
