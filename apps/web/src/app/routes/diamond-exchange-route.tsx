import { QueryStatus } from '../../components/ui/query-status.tsx';
import { DiamondExchangePage } from '../../features/diamonds/routes/exchange-page.tsx';
import { ExchangeDialog } from '../../features/me/components/exchange-dialog.tsx';
import { useSession } from '../../lib/session.ts';
import { useGoBack } from '../../lib/use-go-back.ts';
import '../../features/me/components/me.css';

/** The diamonds' exchange page with the Me page's exchange composed in (spec §2 `/diamond/exchange`). */
export function DiamondExchangeRoute() {
  const { profile } = useSession();
  const goBack = useGoBack();
  return (
    <DiamondExchangePage
      exchange={
        profile ? (
          <ExchangeDialog profile={profile} onClose={goBack} />
        ) : (
          <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />
        )
      }
    />
  );
}
