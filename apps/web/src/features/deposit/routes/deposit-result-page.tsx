import { ComingSoon } from '../../../components/ui/coming-soon.tsx';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** Being built (issue 4). */
export function DepositResultPage() {
  const { t } = useTranslation();
  return (
    <div>
      <NavBar title={t('tabs.deposit')} />
      <ComingSoon title={t('tabs.deposit')} />
    </div>
  );
}
