import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { DailyBonusPanel } from '../components/daily-bonus-panel.tsx';
import { signInCatalogues } from '../locales.ts';

/** `/activities/daily-bonus` (our path): the 7-day sign-in, where the home Daily Bonus menu leads. */
export function DailyBonusPage() {
  const { t, ready } = useFeatureTranslation(signInCatalogues);
  return (
    <div className="daily-bonus-page">
      <NavBar title={ready ? t('signIn.title') : ''} />
      <DailyBonusPanel />
    </div>
  );
}
