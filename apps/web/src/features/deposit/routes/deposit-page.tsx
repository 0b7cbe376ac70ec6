import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { advertsQuery } from '../../../api/get-adverts.ts';
import { systemOptionsQuery } from '../../../api/get-system-options.ts';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { PaymentsPausedBanner } from '../../../components/ui/payments-paused-banner.tsx';
import { paymentsStatusQuery } from '../../../api/get-payments-status.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { fetchQuery } from '../../../lib/query.ts';
import { getToken } from '../../../lib/session.ts';
import { depositChannelsQuery } from '../api/get-deposit-channels.ts';
import { payItemsQuery } from '../api/get-pay-items.ts';
import { topUp, type TopUpInput } from '../api/top-up.ts';
import {
  DEPOSIT_POPUP_POSITION,
  DEPOSIT_SWIPE_POSITION,
  DepositPopupAdvert,
  DepositSwipeAdverts,
} from '../components/deposit-adverts.tsx';
import { DepositForm } from '../components/deposit-form.tsx';
import { DepositSupport } from '../components/deposit-support.tsx';
import { PullToRefresh } from '../components/pull-to-refresh.tsx';
import type { DepositChannel } from '@app/contracts/deposit';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { hallPathFrom, refreshBalance } from '../deposit-flow.ts';

/** The top-up and the payment hall its answer names (spec §4 pay flow). */
export function useTopUpToHall(): (input: TopUpInput) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (input: TopUpInput) => {
      const answer = await topUp(input);
      const path = hallPathFrom(answer.redirectUrl);
      if (!path) throw new Error(`unexpected payment hall ${answer.redirectUrl}`);
      void navigate(path);
    },
    [navigate],
  );
}

type DepositScreenProps = { title: string; channelFilter?: (channel: DepositChannel) => boolean };

/** The deposit screen (spec §4): adverts, the form, tips and contacts; a pull from the top reloads it. */
export function DepositScreen({ title, channelFilter }: DepositScreenProps) {
  const { t, language } = useTranslation();
  const onPay = useTopUpToHall();
  const refresh = useCallback(
    () =>
      Promise.allSettled([
        fetchQuery(payItemsQuery()),
        fetchQuery(depositChannelsQuery(language)),
        fetchQuery(systemOptionsQuery(language)),
        fetchQuery(advertsQuery(DEPOSIT_SWIPE_POSITION, language)),
        fetchQuery(advertsQuery(DEPOSIT_POPUP_POSITION, language)),
        fetchQuery(paymentsStatusQuery()),
        getToken() ? refreshBalance() : Promise.resolve(),
      ]),
    [language],
  );
  return (
    <div className="deposit-page">
      <NavBar
        title={title}
        end={
          <Link className="nav-bar__link" to={PAGE_PATHS.depositRecords}>
            {t('deposit.records')}
          </Link>
        }
      />
      <PullToRefresh onRefresh={refresh}>
        <PaymentsPausedBanner />
        <DepositSwipeAdverts />
        <DepositForm onPay={onPay} channelFilter={channelFilter} />
        <DepositSupport />
      </PullToRefresh>
      <DepositPopupAdvert />
    </div>
  );
}

/** `/deposit`, the deposit tab. Visitors may look; paying asks them to log in. */
export function DepositPage() {
  const { t } = useTranslation();
  return <DepositScreen title={t('tabs.deposit')} />;
}
