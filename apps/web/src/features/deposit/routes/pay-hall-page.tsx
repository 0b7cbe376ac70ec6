import type { DepositResult } from '@app/contracts/deposit';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import { useCallback, useId, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { toastError } from '../../../lib/toast.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { getPayForm, getPaymentResult, initPayment } from '../api/deposit-api.ts';
import { useDepositPoll } from '../components/use-deposit-poll.ts';
import { refreshBalance, resultPath } from '../deposit-flow.ts';
import '../components/deposit.css';

function useHallParams(): { transNo: string; sign: string } | undefined {
  const [params] = useSearchParams();
  const transNo = params.get('transNo');
  const sign = params.get('sign');
  return transNo && sign ? { transNo, sign } : undefined;
}

/** Polls the order (sign checked) and, when it is final or the tries are over, opens the result page. */
function useHallPoll(order: { transNo: string; sign: string } | undefined, active: boolean): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fetchState = useMemo(
    () =>
      order && active ? () => getPaymentResult({ transNo: order.transNo, sign: order.sign }) : undefined,
    [order?.transNo, order?.sign, active], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const onDone = useCallback(
    (last: DepositResult | undefined) => {
      if (!order) return;
      const finish = () =>
        void navigate(resultPath(order.transNo, last, t('deposit.notConfirmedYet')), { replace: true });
      if (last?.state === DEPOSIT_STATE.paid) void refreshBalance().finally(finish);
      else finish();
    },
    [navigate, order, t],
  );
  useDepositPoll(fetchState, onDone);
}

function Waiting({ text }: { text: string }) {
  return (
    <div className="deposit-waiting" role="status" data-testid="deposit-waiting">
      <span className="spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

function MissingOrder() {
  const { t } = useTranslation();
  return (
    <p className="page-status" role="alert">
      {t('errors.PAY_SIGN_INVALID')}
    </p>
  );
}

/** `/pay/hall/mpesa?transNo&sign`: the prompt is on the member's phone; wait for the PIN, then the result. */
export function MpesaHallPage() {
  const { t } = useTranslation();
  const order = useHallParams();
  useHallPoll(order, true);
  return (
    <div className="deposit-hall">
      <NavBar title={t('deposit.hallTitle')} />
      {order ? <Waiting text={t('deposit.checkPhone')} /> : <MissingOrder />}
    </div>
  );
}

/**
 * `/pay/hall/panpay?transNo&sign`: the pay service's form (the paying number, prefilled with the member's),
 * then the prompt to that number, the wait and the result.
 */
export function PanpayHallPage() {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const order = useHallParams();
  const phoneId = useId();
  const [phone, setPhone] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const form = useQuery({
    queryKey: ['pay-form', order?.transNo, order?.sign],
    queryFn: () => {
      if (!order) return Promise.reject(new Error('no order'));
      return getPayForm({ payToken: order.transNo, sign: order.sign });
    },
    staleTime: 0,
  });
  useHallPoll(order, sent || (form.data !== undefined && form.data.state !== DEPOSIT_STATE.created));

  if (!order) {
    return (
      <div className="deposit-hall">
        <NavBar title={t('deposit.hallTitle')} />
        <MissingOrder />
      </div>
    );
  }
  const value = phone ?? form.data?.phone ?? '';
  const send = async () => {
    if (!form.data || sending || value.trim() === '') return;
    setSending(true);
    try {
      await initPayment({
        payToken: order.transNo,
        sign: order.sign,
        payChannelId: form.data.channelId,
        phone: value,
      });
      setSent(true);
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="deposit-hall">
      <NavBar title={t('deposit.hallTitle')} />
      {form.data === undefined ? (
        <QueryStatus
          status={form.status === 'error' ? 'error' : 'pending'}
          error={form.error}
          onRetry={() => void form.refetch().catch(() => undefined)}
        />
      ) : sent || form.data.state !== DEPOSIT_STATE.created ? (
        <Waiting text={t('deposit.checkPhone')} />
      ) : (
        <form
          className="deposit-hall__form"
          aria-label={t('deposit.hallTitle')}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <p className="deposit-hall__amount">
            {form.data.channelName}: {money.currency} {money.format(form.data.payMoney)}
          </p>
          <label className="deposit-form__legend" htmlFor={phoneId}>
            {t('deposit.payingNumber')}
          </label>
          <input
            id={phoneId}
            className="deposit-amount__input deposit-hall__phone"
            inputMode="tel"
            autoComplete="tel"
            maxLength={15}
            value={value}
            onChange={(event) => setPhone(event.currentTarget.value)}
          />
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={sending || value.trim() === ''}
          >
            {t('deposit.sendPrompt')}
          </button>
        </form>
      )}
    </div>
  );
}
