import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';

/** Register and login for visitors; balance and deposit for members (spec §2 Home). */
export function HomeAccount() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const money = useMoneyFormat();
  if (!isLoggedIn) {
    return (
      <div className="home-account">
        <Link className="button button--small button--ghost" to="/register">
          {t('session.register')}
        </Link>
        <Link className="button button--small button--primary" to="/login">
          {t('session.login')}
        </Link>
      </div>
    );
  }
  // The wallet arrives with the member feature; until then a member's balance reads as zero.
  const balance = 0;
  return (
    <div className="home-account">
      <span className="home-account__balance" aria-label={t('home.balance')}>
        <span className="home-account__currency">{money.currency}</span> {money.format(balance)}
      </span>
      <Link className="button button--small button--primary" to="/deposit">
        {t('home.deposit')}
      </Link>
    </div>
  );
}
