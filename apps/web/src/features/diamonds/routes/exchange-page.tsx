import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { useGoBack } from '../../../lib/use-go-back.ts';
import { ExchangeDialog } from '../../me/components/exchange-dialog.tsx';
import { DiamondNav } from '../components/diamond-nav.tsx';
import { DIAMOND_TEXTS } from '../texts.ts';
import '../components/diamonds.css';
import '../../me/components/me.css';

/** `/diamond/exchange` (spec §2): the Me page's exchange (`account/cfg/exchange`, `account/exchange {id}`) as a page. */
export function DiamondExchangePage() {
  const { t, ready } = useFeatureTranslation(DIAMOND_TEXTS);
  const { profile } = useSession();
  const goBack = useGoBack();
  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  return (
    <div className="diamonds" data-testid="diamond-exchange-page">
      <NavBar title={t('diamonds.exchangeTitle')} />
      <div className="diamonds__body">
        <DiamondNav t={t} />
        {profile ? (
          <ExchangeDialog profile={profile} onClose={goBack} />
        ) : (
          <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />
        )}
      </div>
    </div>
  );
}
