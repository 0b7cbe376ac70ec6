import type { DepositResult } from '@app/contracts/deposit';
import { isDepositWaiting } from '@app/contracts/deposit-rules';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePaymentsPaused } from '../../../api/get-payments-status.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { trackFirstDeposit } from '../../../lib/analytics.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { fetchQuery } from '../../../lib/query.ts';
import { loginPath } from '../../../lib/redirect.ts';
import { isApiError } from '../../../lib/request.ts';
import { getProfile, useSession } from '../../../lib/session.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { getDepositResult } from '../api/get-deposit-result.ts';
import { getPersona, personaQuery } from '../api/get-persona.ts';
import { claimFirstSuccess, refreshBalance } from '../deposit-flow.ts';
import '../components/deposit.css';

type Outcome =
  | { kind: 'loading' }
  /** The server's word on the member's own order. */
  | { kind: 'order'; result: DepositResult }
  /** No order number, or none of this member's (another's answers like a missing one): nothing to show. */
  | { kind: 'unknown' }
  | { kind: 'login' }
  | { kind: 'error' };

/**
 * `/pay/result?no=…` (spec §4, read against issue 22 §2): the page shows what the SERVER says of the
 * member's own order `no`, never what the link says. The spec's `status=1` is the success a link could
 * forge (anyone can send a player `/pay/result?status=1`), so `status`, `bonus`, `isBonus` and `msg` are
 * ignored: success only for an order the server confirms paid, with what the ledger credited and the
 * excise it withheld; a waiting order is pending with "check again"; a failed one shows M-Pesa's reason; a
 * missing, another member's or an absent order number shows a neutral page that leads to the records.
 *
 * On the first confirmed success of an order on this device (its hash is stored): the balance and deposit
 * count are refreshed, the first-deposit conversion fires if it is the member's first, and a coin gift
 * dialog shows when the deposit brought coins. `afterFirstSuccess` is what other features do for that
 * first success (the composition in src/app passes collect-cards' note), rendered once, under the result;
 * `afterFirstDeposit` what they do when it was the member's first paid deposit (the bonus feature's gift).
 */
export function DepositResultPage({
  afterFirstSuccess,
  afterFirstDeposit,
}: { afterFirstSuccess?: (orderNo: string) => ReactNode; afterFirstDeposit?: () => ReactNode } = {}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const { token } = useSession();
  const [params] = useSearchParams();
  const orderNo = params.get('no') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [gift, setGift] = useState<number | undefined>(undefined);
  const [firstPaid, setFirstPaid] = useState(false);
  const [firstSuccess, setFirstSuccess] = useState(false);
  const giftOpen = usePopup('deposit-coin-gift', gift !== undefined);

  useEffect(() => {
    if (!orderNo) {
      setOutcome({ kind: 'unknown' });
      return undefined;
    }
    if (!token) {
      setOutcome({ kind: 'login' });
      return undefined;
    }
    let current = true;
    setOutcome({ kind: 'loading' });
    getDepositResult(orderNo).then(
      (result) => {
        if (current) setOutcome({ kind: 'order', result });
      },
      (error: unknown) => {
        if (!current) return;
        // Not found (or another member's) and a malformed number: no order of theirs.
        const refused = isApiError(error) && (error.status === 404 || error.status === 400);
        if (!refused) console.warn('[deposit] result not loaded', error);
        setOutcome({ kind: refused ? 'unknown' : 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [orderNo, token, attempt]);

  const paid =
    outcome.kind === 'order' && outcome.result.state === DEPOSIT_STATE.paid ? outcome.result : undefined;
  useEffect(() => {
    if (!paid || !claimFirstSuccess(paid.transNo)) return;
    if (paid.isBonus === 1 && paid.bonus > 0) setGift(paid.bonus);
    setFirstSuccess(true);
    void refreshBalance();
    // Through the cache when the member is known, so the deposit form sees the new count at once.
    const memberId = getProfile()?.id;
    (memberId === undefined ? getPersona() : fetchQuery(personaQuery(memberId)))
      .then((persona) => {
        if (persona.totalDepositCount !== 1) return;
        trackFirstDeposit(paid.transNo, undefined);
        setFirstPaid(true);
      })
      .catch((error: unknown) => console.warn('[deposit] deposit count not refreshed', error));
  }, [paid]);

  const format = (minor: number) => `${money.currency} ${money.format(minor)}`;
  const paused = usePaymentsPaused();
  const view = resultView(outcome, t, paused);

  return (
    <div className="deposit-result-page">
      <NavBar title={t('deposit.resultTitle')} />
      <section
        className={`deposit-result is-${view.tone}`}
        data-testid="deposit-result"
        aria-busy={outcome.kind === 'loading' ? true : undefined}
      >
        {view.icon ? (
          <span className="deposit-result__icon" aria-hidden="true">
            {view.icon}
          </span>
        ) : null}
        <h2 className="deposit-result__title">{view.title}</h2>
        {view.text ? <p className="deposit-result__message">{view.text}</p> : null}
        {paid && paid.credited !== null ? (
          <dl className="deposit-tax deposit-result__lines">
            {paid.excise > 0 ? (
              <>
                <div className="deposit-tax__line">
                  <dt>{t('deposit.paidLine')}</dt>
                  <dd data-testid="deposit-result-paid">{format(paid.credited + paid.excise)}</dd>
                </div>
                <div className="deposit-tax__line">
                  <dt>{t('deposit.exciseLine')}</dt>
                  <dd data-testid="deposit-result-excise">−{format(paid.excise)}</dd>
                </div>
              </>
            ) : null}
            <div className="deposit-tax__line deposit-tax__line--total">
              <dt>{t('deposit.creditedLine')}</dt>
              <dd data-testid="deposit-result-credited">{format(paid.credited)}</dd>
            </div>
          </dl>
        ) : null}
        {outcome.kind === 'order' ? (
          <p className="deposit-result__order">{t('deposit.orderNo', { no: outcome.result.transNo })}</p>
        ) : null}
        {firstSuccess && paid && afterFirstSuccess ? afterFirstSuccess(paid.transNo) : null}
        <div className="deposit-result__actions">
          {outcome.kind === 'login' ? (
            <Link
              className="button button--primary button--block"
              to={loginPath(`${PAGE_PATHS.payResult}?no=${orderNo}`)}
            >
              {t('session.login')}
            </Link>
          ) : null}
          {(outcome.kind === 'order' && isDepositWaiting(outcome.result.state)) ||
          outcome.kind === 'error' ? (
            <button
              type="button"
              className="button button--primary button--block"
              onClick={() => setAttempt((count) => count + 1)}
            >
              {t('deposit.checkAgain')}
            </button>
          ) : null}
          <Link className={`button button--${paid ? 'primary' : 'ghost'} button--block`} to={PAGE_PATHS.home}>
            {t('deposit.playNow')}
          </Link>
          <Link className="button button--ghost button--block" to={PAGE_PATHS.deposit}>
            {t('deposit.again')}
          </Link>
          <Link className="button button--ghost button--block" to={PAGE_PATHS.depositRecords}>
            {t('deposit.records')}
          </Link>
        </div>
      </section>
      {giftOpen ? (
        <Dialog
          label={t('deposit.giftTitle')}
          onClose={() => setGift(undefined)}
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
          <p className="confirm__message">{t('deposit.giftText', { coins: money.format(gift ?? 0) })}</p>
          <div className="confirm__actions">
            <button type="button" className="button button--primary" onClick={() => setGift(undefined)}>
              {t('common.ok')}
            </button>
          </div>
        </Dialog>
      ) : null}
      {firstPaid && afterFirstDeposit ? afterFirstDeposit() : null}
    </div>
  );
}

type View = {
  tone: 'success' | 'failure' | 'pending' | 'neutral';
  icon: string;
  title: string;
  text: string;
};

/** What the page says for an outcome: success only for an order the server confirmed paid. */
/** `paused`: M-Pesa payments are paused (a maintenance window), so a queued deposit waits for its end. */
function resultView(outcome: Outcome, t: (key: string) => string, paused: boolean): View {
  switch (outcome.kind) {
    case 'loading':
      return { tone: 'neutral', icon: '', title: t('common.loading'), text: '' };
    case 'unknown':
      return {
        tone: 'neutral',
        icon: '?',
        title: t('deposit.resultUnknown'),
        text: t('deposit.resultUnknownText'),
      };
    case 'login':
      return { tone: 'neutral', icon: '?', title: t('deposit.resultTitle'), text: t('deposit.resultLogin') };
    case 'error':
      return {
        tone: 'neutral',
        icon: '!',
        title: t('deposit.resultTitle'),
        text: t('deposit.resultLoadFailed'),
      };
    case 'order': {
      const { result } = outcome;
      if (result.state === DEPOSIT_STATE.paid)
        return { tone: 'success', icon: '✓', title: t('deposit.success'), text: '' };
      if (result.state === DEPOSIT_STATE.failed) {
        return { tone: 'failure', icon: '!', title: t('deposit.failure'), text: result.message };
      }
      return {
        tone: 'pending',
        icon: '…',
        title: t('deposit.resultPending'),
        text:
          result.state !== DEPOSIT_STATE.queued
            ? t('deposit.resultPendingText')
            : paused
              ? t('deposit.pausedQueued')
              : t('deposit.queued'),
      };
    }
  }
}
