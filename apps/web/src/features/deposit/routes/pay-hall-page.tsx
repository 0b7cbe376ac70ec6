import { SYSTEM_OPTION } from '@app/contracts/config';
import type { DepositResult } from '@app/contracts/deposit';
import { STK_PROMPT_SECONDS } from '@app/contracts/deposit-rules';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePaymentsPaused } from '../../../api/get-payments-status.ts';
import { useSystemOptions } from '../../../api/get-system-options.ts';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { toastError } from '../../../lib/toast.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { getPaymentResult } from '../api/get-payment-result.ts';
import { promptAgain } from '../api/prompt-again.ts';
import { PayingNumberForm } from '../components/paying-number-form.tsx';
import { useDepositPoll } from '../components/use-deposit-poll.ts';
import { hallPathFrom, refreshBalance, resultPath } from '../deposit-flow.ts';
import '../components/deposit.css';

type HallOrder = { transNo: string; sign: string };

function useHallParams(): HallOrder | undefined {
  const [params] = useSearchParams();
  const transNo = params.get('transNo');
  const sign = params.get('sign');
  return transNo && sign ? { transNo, sign } : undefined;
}

type HallPoll = {
  /** The server's latest word on the order (amount, number, when it was made, how to pay by hand). */
  latest: DepositResult | undefined;
  /** The order failed (prompt cancelled, expired, a wrong PIN…): the hall stays, with what to do next. */
  failed: DepositResult | undefined;
  /** Why this order cannot be followed (no such order, a wrong sign). */
  refusal: string | undefined;
};

/**
 * Polls the order (sign checked). Paid, or the tries over: the result page. Failed: the hall stays with
 * the reason, the prompt to send again and the way to pay by hand. A refusal is answered with its message.
 */
function useHallPoll(order: HallOrder | undefined, active: boolean): HallPoll {
  const [latest, setLatest] = useState<DepositResult | undefined>(undefined);
  const [failed, setFailed] = useState<DepositResult | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fetchState = useMemo(
    () =>
      order && active
        ? async () => {
            const answer = await getPaymentResult({ transNo: order.transNo, sign: order.sign });
            setLatest(answer);
            return answer;
          }
        : undefined,
    [order?.transNo, order?.sign, active], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const onDone = useCallback(
    (last: DepositResult | undefined, refused?: Error) => {
      if (!order) return;
      if (refused) {
        setRefusal(refused.message);
        return;
      }
      if (last?.state === DEPOSIT_STATE.failed) {
        setFailed(last);
        return;
      }
      const finish = () =>
        void navigate(resultPath(order.transNo, last, t('deposit.notConfirmedYet')), { replace: true });
      if (last?.state === DEPOSIT_STATE.paid) void refreshBalance().finally(finish);
      else finish();
    },
    [navigate, order, t],
  );
  useDepositPoll(fetchState, onDone);
  return { latest, failed, refusal };
}

/**
 * Seconds left of the prompt's life on the phone (M-Pesa's ~60 s), counted on this device from the first
 * answer: the order's time on the server, clamped, so a phone whose clock is off still counts down sanely.
 */
function usePromptSecondsLeft(createTime: string | undefined): number | undefined {
  const [deadline, setDeadline] = useState<number | undefined>(undefined);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (createTime === undefined || deadline !== undefined) return;
    const elapsed = Math.min(Math.max(Date.now() - Date.parse(createTime), 0), STK_PROMPT_SECONDS * 1000);
    setDeadline(Date.now() + STK_PROMPT_SECONDS * 1000 - (Number.isFinite(elapsed) ? elapsed : 0));
  }, [createTime, deadline]);
  useEffect(() => {
    if (deadline === undefined) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === undefined ? undefined : Math.max(0, Math.ceil((deadline - now) / 1000));
}

function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Lipa na M-PESA by hand: the paybill, this order's account and amount, and the operator's USSD code. */
function ManualPay({ result, open }: { result: DepositResult; open: boolean }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const ussd = useSystemOptions().get(SYSTEM_OPTION.USSD);
  if (!result.manualPay) return null;
  return (
    <details className="deposit-hall__manual" open={open} data-testid="deposit-manual-pay">
      <summary>{t('deposit.noPrompt')}</summary>
      <h3 className="deposit-hall__manual-title">{t('deposit.manualTitle')}</h3>
      <p>{t('deposit.manualSteps')}</p>
      <dl className="deposit-tax">
        <div className="deposit-tax__line">
          <dt>{t('deposit.manualPaybill')}</dt>
          <dd data-testid="deposit-manual-paybill">{result.manualPay.paybill}</dd>
        </div>
        <div className="deposit-tax__line">
          <dt>{t('deposit.manualAccount')}</dt>
          <dd data-testid="deposit-manual-account">{result.manualPay.account}</dd>
        </div>
        <div className="deposit-tax__line">
          <dt>{t('deposit.manualAmount')}</dt>
          <dd>{`${money.currency} ${money.format(result.payMoney)}`}</dd>
        </div>
      </dl>
      {ussd ? (
        <p data-testid="deposit-manual-ussd">
          {t('deposit.manualUssd', { code: ussd })} <a href={`tel:${encodeURIComponent(ussd)}`}>{ussd}</a>
        </p>
      ) : null}
      <p className="deposit-hall__note">{t('deposit.manualAfter')}</p>
      <Link to={PAGE_PATHS.depositRecords}>{t('deposit.records')}</Link>
    </details>
  );
}

/**
 * The order while its prompt waits, or after it failed: amount, order number and the prompt's timer; Cancel
 * (stops waiting here: a PIN still entered pays); once the prompt expired or failed, the way to pay by
 * hand and, on the member's own phone's hall, "send the prompt again" (a new order for the same deposit).
 */
function HallOrderPanel({
  order,
  poll,
  canPromptAgain,
}: {
  order: HallOrder;
  poll: HallPoll;
  canPromptAgain: boolean;
}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const navigate = useNavigate();
  const result = poll.failed ?? poll.latest;
  const paused = usePaymentsPaused();
  // Queued (M-Pesa at its rate, or paused for maintenance): no prompt on the phone yet, so no timer running.
  const queued = !poll.failed && result?.state === DEPOSIT_STATE.queued;
  const secondsLeft = usePromptSecondsLeft(queued ? undefined : result?.createTime);
  const [sending, setSending] = useState(false);
  const expired = poll.failed !== undefined || secondsLeft === 0;

  const sendAgain = async () => {
    setSending(true);
    try {
      const answer = await promptAgain(order);
      const next = hallPathFrom(answer.redirectUrl);
      if (next) void navigate(next, { replace: true });
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="deposit-hall__order" data-testid="deposit-hall-order">
      <dl className="deposit-tax">
        <div className="deposit-tax__line deposit-tax__line--total">
          <dt>{t('deposit.hallAmount')}</dt>
          <dd data-testid="deposit-hall-amount">
            {result ? `${money.currency} ${money.format(result.payMoney)}` : '…'}
          </dd>
        </div>
        <div className="deposit-tax__line">
          <dt>{t('deposit.hallOrder')}</dt>
          <dd data-testid="deposit-hall-number">{order.transNo}</dd>
        </div>
        {!poll.failed && secondsLeft !== undefined ? (
          <div className="deposit-tax__line">
            <dt>{t('deposit.hallTimeLeft')}</dt>
            <dd data-testid="deposit-hall-timer" role="timer">
              {clock(secondsLeft)}
            </dd>
          </div>
        ) : null}
      </dl>
      {queued ? (
        <p className="page-status" role="status" data-testid="deposit-hall-queued">
          {paused ? t('deposit.pausedQueued') : t('deposit.queued')}
        </p>
      ) : null}
      {poll.failed ? (
        <p className="page-status" role="alert" data-testid="deposit-hall-failed">
          {poll.failed.message || t('deposit.hallExpired')}
        </p>
      ) : expired ? (
        <p className="page-status" role="status">
          {t('deposit.hallExpired')}
        </p>
      ) : queued ? null : (
        <Waiting text={t('deposit.checkPhone')} />
      )}
      {poll.failed && canPromptAgain ? (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={sending}
          onClick={() => void sendAgain()}
        >
          {t('deposit.promptAgain')}
        </button>
      ) : null}
      {result ? <ManualPay result={result} open={expired} /> : null}
      {poll.failed ? (
        <Link className="button button--ghost button--block" to={PAGE_PATHS.deposit} replace>
          {t('deposit.backToDeposit')}
        </Link>
      ) : (
        <>
          <Link className="button button--ghost button--block" to={PAGE_PATHS.deposit} replace>
            {t('deposit.hallCancel')}
          </Link>
          <p className="deposit-hall__note">{t('deposit.hallCancelNote')}</p>
        </>
      )}
    </div>
  );
}

function Waiting({ text }: { text: string }) {
  return (
    <div className="deposit-waiting" role="status" data-testid="deposit-waiting">
      <span className="spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

/** Why this order cannot be followed, and the way back to a new deposit. */
function OrderRefused({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <div className="deposit-hall__refused">
      <p className="page-status" role="alert" data-testid="deposit-hall-refused">
        {message}
      </p>
      <Link className="button button--primary button--block" to={PAGE_PATHS.deposit} replace>
        {t('deposit.backToDeposit')}
      </Link>
    </div>
  );
}

function HallStatus({
  order,
  poll,
  waiting,
  canPromptAgain,
}: {
  order: HallOrder | undefined;
  poll: HallPoll;
  waiting: boolean;
  canPromptAgain: boolean;
}) {
  const { t } = useTranslation();
  if (!order) return <OrderRefused message={t('errors.PAY_SIGN_INVALID')} />;
  if (poll.refusal) return <OrderRefused message={poll.refusal} />;
  return waiting ? <HallOrderPanel order={order} poll={poll} canPromptAgain={canPromptAgain} /> : null;
}

/** `/pay/hall/mpesa?transNo&sign`: the prompt is on the member's phone; wait for the PIN, then the result. */
export function MpesaHallPage() {
  const order = useHallParams();
  // "Send the prompt again" opens the new order's hall on the same route: a fresh hall, nothing of the
  // old order's answers (its failure, its account to pay by hand) carried over.
  return <MpesaHall key={order?.transNo ?? ''} order={order} />;
}

function MpesaHall({ order }: { order: HallOrder | undefined }) {
  const { t } = useTranslation();
  const poll = useHallPoll(order, true);
  return (
    <div className="deposit-hall">
      <NavBar title={t('deposit.hallTitle')} />
      <HallStatus order={order} poll={poll} waiting canPromptAgain />
    </div>
  );
}

/**
 * `/pay/hall/panpay?transNo&sign`: the pay service's form (the paying number, prefilled with the member's),
 * then the prompt to that number, the wait and the result.
 */
export function PanpayHallPage() {
  const { t } = useTranslation();
  const order = useHallParams();
  const [sent, setSent] = useState(false);
  const onSent = useCallback(() => setSent(true), []);
  const poll = useHallPoll(order, sent);

  return (
    <div className="deposit-hall">
      <NavBar title={t('deposit.hallTitle')} />
      {order && !sent ? (
        <PayingNumberForm order={order} onSent={onSent} />
      ) : (
        <HallStatus order={order} poll={poll} waiting={sent} canPromptAgain={false} />
      )}
    </div>
  );
}
