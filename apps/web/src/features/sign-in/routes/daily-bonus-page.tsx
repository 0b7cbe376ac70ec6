import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { DailyBonusPanel } from '../components/daily-bonus-panel.tsx';
import { SIGN_IN_TEXTS } from '../texts.ts';

/** `/activities/daily-bonus` (our path): the 7-day sign-in, where the home Daily Bonus menu leads. */
export function DailyBonusPage() {
  const { t, ready } = useFeatureTranslation(SIGN_IN_TEXTS);
  return (
    <div className="daily-bonus-page">
      <NavBar title={ready ? t('signIn.title') : ''} />
      <DailyBonusPanel />
    </div>
  );
}
