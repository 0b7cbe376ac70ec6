import type { MyBonus } from '@app/contracts/bonus';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { getProfile, setProfile } from '../../../lib/session.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { forfeitBonus } from '../api/forfeit-bonus.ts';
import { myBonusesQuery } from '../api/get-my-bonuses.ts';
import { BonusCard } from '../components/bonus-card.tsx';
import { OfferCard } from '../components/offer-card.tsx';
import { BONUS_TEXTS } from '../texts.ts';
import '../components/bonus.css';

/**
 * `/bonus` (members; docs/promotions.md "Welcome and first-deposit bonus"): the bonuses offered (accept or
 * decline), the active bonus with its wagering progress and rules, the pending ones, the history; the
 * forfeit asks first.
 */
export function BonusPage() {
  const { t, ready } = useFeatureTranslation(BONUS_TEXTS);
  const query = useQuery(myBonusesQuery());
  const money = useMoneyFormat();
  const [forfeiting, setForfeiting] = useState<MyBonus | undefined>();
  const [busy, setBusy] = useState(false);

  const forfeit = async (bonus: MyBonus) => {
    if (busy) return;
    setBusy(true);
    setForfeiting(undefined);
    try {
      const result = await forfeitBonus(bonus.id);
      const profile = getProfile();
      if (profile) setProfile({ ...profile, money: result.money, withdrawMoney: result.withdrawMoney });
      showToast(t('bonus.forfeited'), { kind: 'success' });
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
      await query.refetch();
    }
  };

  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  const data = query.data;
  const empty =
    data &&
    !data.active &&
    data.offers.length === 0 &&
    data.pending.length === 0 &&
    data.history.length === 0;
  return (
    <div className="bonus-page" data-testid="bonus-page">
      <NavBar title={t('bonus.title')} />
      <div className="bonus-page__body">
        {!data ? (
          <QueryStatus status={query.status} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            {data.firstDepositOffer ? (
              <p className="bonus-page__offer" data-testid="bonus-first-deposit-offer">
                {t('bonus.firstDepositOffer')}{' '}
                <Link to={PAGE_PATHS.deposit} className="button button--primary button--small">
                  {t('bonus.deposit')}
                </Link>
              </p>
            ) : null}
            {empty ? <p className="page-status">{t('bonus.none')}</p> : null}
            {data.offers.length > 0 ? (
              <section aria-label={t('bonus.offers')}>
                <h2 className="bonus-page__heading">{t('bonus.offers')}</h2>
                <ul className="bonus-list">
                  {data.offers.map((offer) => (
                    <OfferCard key={offer.id} offer={offer} t={t} onDecided={() => void query.refetch()} />
                  ))}
                </ul>
              </section>
            ) : null}
            {data.active ? (
              <section aria-label={t('bonus.active')}>
                <h2 className="bonus-page__heading">{t('bonus.active')}</h2>
                <ul className="bonus-list">
                  <BonusCard bonus={data.active} t={t} onForfeit={busy ? undefined : setForfeiting} />
                </ul>
              </section>
            ) : null}
            {data.pending.length > 0 ? (
              <section aria-label={t('bonus.pending')}>
                <h2 className="bonus-page__heading">{t('bonus.pending')}</h2>
                <ul className="bonus-list">
                  {data.pending.map((bonus) => (
                    <BonusCard key={bonus.id} bonus={bonus} t={t} />
                  ))}
                </ul>
              </section>
            ) : null}
            {data.history.length > 0 ? (
              <section aria-label={t('bonus.history')}>
                <h2 className="bonus-page__heading">{t('bonus.history')}</h2>
                <ul className="bonus-list">
                  {data.history.map((bonus) => (
                    <BonusCard key={bonus.id} bonus={bonus} t={t} />
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </div>
      {forfeiting ? (
        <ConfirmDialog
          message={t('bonus.forfeitConfirm', {
            amount: `${money.currency} ${money.format(forfeiting.amount)}`,
          })}
          confirmLabel={t('bonus.forfeit')}
          onConfirm={() => void forfeit(forfeiting)}
          onCancel={() => setForfeiting(undefined)}
        />
      ) : null}
    </div>
  );
}
