import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { trackFirstDeposit } from '../../../lib/analytics.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { fetchQuery } from '../../../lib/query.ts';
import { getProfile, getToken } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toast.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { getPersona, personaQueryOptions } from '../api/deposit-api.ts';
import { claimFirstSuccess, refreshBalance } from '../deposit-flow.ts';
import '../components/deposit.css';

/** The first-deposit bonus granted for this deposit (issue 14 §2): its own chunk, members only. */
const FirstDepositBonusGift = lazy(() =>
  import('../../bonus/components/bonus-offers.tsx').then((module) => ({
    default: module.FirstDepositBonusGift,
  })),
);

/**
 * `/pay/result?status&no&bonus&isBonus&msg` (spec §4): status 1 is success. On the first success of an
 * order number on this device (its hash is stored): the balance and deposit count are refreshed, the
 * first-deposit conversion fires if it is the member's first, and a coin gift dialog shows when the
 * deposit brought coins. Without `no`: a toast 'cannot resolve the parameter of no'.
 *
 * `afterFirstSuccess` is what other features do for that first success of a member's order (the
 * composition in src/app passes collect-cards' touch of the order's chance, spec §4): rendered once, under
 * the result, only then.
 */
export function DepositResultPage({
  afterFirstSuccess,
}: { afterFirstSuccess?: (orderNo: string) => ReactNode } = {}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const [params] = useSearchParams();
  const success = params.get('status') === '1';
  const orderNo = params.get('no') ?? '';
  const bonus = Number(params.get('bonus') ?? 0);
  const isBonus = params.get('isBonus') === '1';
  const message = params.get('msg') ?? '';
  const [gift, setGift] = useState(false);
  const [firstPaid, setFirstPaid] = useState(false);
  const [firstSuccess, setFirstSuccess] = useState(false);
  const handled = useRef(false);
  const giftOpen = usePopup('deposit-coin-gift', gift);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    if (!orderNo) {
      showToast(t('deposit.noOrderNumber'), { kind: 'error' });
      return;
    }
    if (!success || !claimFirstSuccess(orderNo)) return;
    if (isBonus && bonus > 0) setGift(true);
    if (!getToken()) return;
    setFirstSuccess(true);
    void refreshBalance();
    // Through the cache when the member is known, so the deposit form sees the new count at once.
    const memberId = getProfile()?.id;
    (memberId === undefined ? getPersona() : fetchQuery(personaQueryOptions(memberId)))
      .then((persona) => {
        if (persona.totalDepositCount !== 1) return;
        trackFirstDeposit(orderNo, undefined);
        setFirstPaid(true);
      })
      .catch((error: unknown) => console.warn('[deposit] deposit count not refreshed', error));
  }, [bonus, isBonus, orderNo, success, t]);

  return (
    <div className="deposit-result-page">
      <NavBar title={t('deposit.resultTitle')} />
      <section
        className={`deposit-result${success ? ' is-success' : ' is-failure'}`}
        data-testid="deposit-result"
      >
        <span className="deposit-result__icon" aria-hidden="true">
          {success ? '✓' : '!'}
        </span>
        <h2 className="deposit-result__title">{success ? t('deposit.success') : t('deposit.failure')}</h2>
        {!success && message ? <p className="deposit-result__message">{message}</p> : null}
        {orderNo ? <p className="deposit-result__order">{t('deposit.orderNo', { no: orderNo })}</p> : null}
        {firstSuccess && afterFirstSuccess ? afterFirstSuccess(orderNo) : null}
        <div className="deposit-result__actions">
          <Link className="button button--primary button--block" to="/home">
            {t('deposit.playNow')}
          </Link>
          <Link className="button button--ghost button--block" to="/deposit">
            {t('deposit.again')}
          </Link>
          <Link className="button button--ghost button--block" to="/account/records/deposit">
            {t('deposit.records')}
          </Link>
        </div>
      </section>
      {giftOpen ? (
        <Dialog
          label={t('deposit.giftTitle')}
          onClose={() => setGift(false)}
          className="confirm"
          testId="coin-gift"
        >
          <svg className="deposit-gift__coin" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
            <circle cx="24" cy="24" r="20" fill="#f2a900" stroke="#b87400" strokeWidth="3" />
            <circle cx="24" cy="24" r="13" fill="none" stroke="#ffe98a" strokeWidth="2" />
            <text x="24" y="30" textAnchor="middle" fontSize="16" fontWeight="800" fill="#7a4a00">
              C
            </text>
          </svg>
          <p className="confirm__message">{t('deposit.giftText', { coins: money.format(bonus) })}</p>
          <div className="confirm__actions">
            <button type="button" className="button button--primary" onClick={() => setGift(false)}>
              {t('common.ok')}
            </button>
          </div>
        </Dialog>
      ) : null}
      {firstPaid ? (
        <Suspense fallback={null}>
          <FirstDepositBonusGift />
        </Suspense>
      ) : null}
    </div>
  );
}
