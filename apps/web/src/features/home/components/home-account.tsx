import { PAGE_PATHS } from '@app/contracts/page-paths';
import { Link } from 'react-router';
import { OfflineMark } from '../../../components/ui/offline-mark.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';

/** Register and login for visitors; balance and deposit for members (spec §2 Home). */
export function HomeAccount() {
  const { t } = useTranslation();
  const { isLoggedIn, profile, lastKnown } = useSession();
  const money = useMoneyFormat();
  if (!isLoggedIn) {
    return (
      <div className="home-account">
        <Link className="button button--small button--ghost" to={PAGE_PATHS.register}>
          {t('session.register')}
        </Link>
        <Link className="button button--small button--primary" to={PAGE_PATHS.login}>
          {t('session.login')}
        </Link>
      </div>
    );
  }
  // The profile arrives with the start-up token login, after the first paint: until then the balance
  // is pending, never a false zero. Offline, the last known balance shows, marked as such.
  const shown = profile ?? lastKnown?.profile;
  return (
    <div className="home-account">
      <span className="home-account__balance" aria-label={t('home.balance')} data-testid="home-balance">
        <span className="home-account__currency">{money.currency}</span>{' '}
        {shown ? money.format(shown.money) : '--'}
        {!profile && lastKnown ? <OfflineMark /> : null}
      </span>
      <Link className="button button--small button--primary" to={PAGE_PATHS.deposit}>
        {t('home.deposit')}
      </Link>
    </div>
  );
}
