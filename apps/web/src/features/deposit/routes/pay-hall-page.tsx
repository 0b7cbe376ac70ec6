import type { DepositResult } from '@app/contracts/deposit';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { getPaymentResult } from '../api/deposit-api.ts';
import { PayingNumberForm } from '../components/paying-number-form.tsx';
import { useDepositPoll } from '../components/use-deposit-poll.ts';
import { refreshBalance, resultPath } from '../deposit-flow.ts';
import '../components/deposit.css';

function useHallParams(): { transNo: string; sign: string } | undefined {
  const [params] = useSearchParams();
  const transNo = params.get('transNo');
  const sign = params.get('sign');
  return transNo && sign ? { transNo, sign } : undefined;
}

/**
 * Polls the order (sign checked) and, when it is final or the tries are over, opens the result page. A
 * refusal (no such order, a wrong sign) is answered: its message, for the page to show instead of waiting.
 */
function useHallPoll(
  order: { transNo: string; sign: string } | undefined,
  active: boolean,
): string | undefined {
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fetchState = useMemo(
    () =>
      order && active ? () => getPaymentResult({ transNo: order.transNo, sign: order.sign }) : undefined,
    [order?.transNo, order?.sign, active], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const onDone = useCallback(
    (last: DepositResult | undefined, refused?: Error) => {
      if (!order) return;
      if (refused) {
        setRefusal(refused.message);
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
  return refusal;
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
      <Link className="button button--primary button--block" to="/deposit" replace>
        {t('deposit.backToDeposit')}
      </Link>
    </div>
  );
}

function HallStatus({
  order,
  refusal,
  waiting,
}: {
  order: unknown;
  refusal: string | undefined;
  waiting: boolean;
}) {
  const { t } = useTranslation();
  if (!order) return <OrderRefused message={t('errors.PAY_SIGN_INVALID')} />;
  if (refusal) return <OrderRefused message={refusal} />;
  return waiting ? <Waiting text={t('deposit.checkPhone')} /> : null;
}

/** `/pay/hall/mpesa?transNo&sign`: the prompt is on the member's phone; wait for the PIN, then the result. */
export function MpesaHallPage() {
  const { t } = useTranslation();
  const order = useHallParams();
  const refusal = useHallPoll(order, true);
  return (
    <div className="deposit-hall">
      <NavBar title={t('deposit.hallTitle')} />
      <HallStatus order={order} refusal={refusal} waiting />
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
  const refusal = useHallPoll(order, sent);

  return (
    <div className="deposit-hall">
      <NavBar title={t('deposit.hallTitle')} />
      {order && !sent ? (
        <PayingNumberForm order={order} onSent={onSent} />
      ) : (
        <HallStatus order={order} refusal={refusal} waiting={sent} />
      )}
    </div>
  );
}
