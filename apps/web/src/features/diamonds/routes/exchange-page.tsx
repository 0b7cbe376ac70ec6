import type { ReactNode } from 'react';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { DiamondNav } from '../components/diamond-nav.tsx';
import { DIAMOND_TEXTS } from '../texts.ts';
import '../components/diamonds.css';

/**
 * `/diamond/exchange` (spec §2): the Me page's exchange (`account/cfg/exchange`, `account/exchange {id}`) as a
 * page under the diamonds' tabs. The exchange itself is the me feature's, composed in by src/app.
 */
export function DiamondExchangePage({ exchange }: { exchange: ReactNode }) {
  const { t, ready } = useFeatureTranslation(DIAMOND_TEXTS);
  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  return (
    <div className="diamonds" data-testid="diamond-exchange-page">
      <NavBar title={t('diamonds.exchangeTitle')} />
      <div className="diamonds__body">
        <DiamondNav t={t} />
        {exchange}
      </div>
    </div>
  );
}
