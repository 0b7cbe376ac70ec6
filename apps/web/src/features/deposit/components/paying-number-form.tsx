import './deposit.css';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import { useEffect, useId, useState } from 'react';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { toastError } from '../../../lib/toast.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { payFormQuery } from '../api/get-pay-form.ts';
import { initPayment } from '../api/init-payment.ts';

/** An order of the pay service, as its hall link names it. */
export type SignedOrder = { transNo: string; sign: string };

type PayingNumberFormProps = {
  order: SignedOrder;
  /** The prompt went to the number, or the order was already past this step: wait for the result. */
  onSent: () => void;
};

/**
 * The pay service's form (spec §7 `forms` → `init-payment`): the order's amount and channel, the number
 * that pays (prefilled with the member's own), and a button that sends the prompt to it. Used by the
 * panpay hall and by the nested deposit on a channel whose top-up names that hall. A refused number is a
 * toast with the server's message, and the form stays so another number can be tried.
 */
export function PayingNumberForm({ order, onSent }: PayingNumberFormProps) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const phoneId = useId();
  const [phone, setPhone] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const form = useQuery(payFormQuery(order));
  const alreadySent = form.data !== undefined && form.data.state !== DEPOSIT_STATE.created;

  useEffect(() => {
    if (alreadySent) onSent();
  }, [alreadySent, onSent]);

  if (form.data === undefined) {
    return (
      <QueryStatus
        status={form.status === 'error' ? 'error' : 'pending'}
        error={form.error}
        onRetry={() => void form.refetch().catch(() => undefined)}
      />
    );
  }
  if (alreadySent) return null;

  const payForm = form.data;
  const value = phone ?? payForm.phone;
  const send = async () => {
    if (sending || value.trim() === '') return;
    setSending(true);
    try {
      await initPayment({
        payToken: order.transNo,
        sign: order.sign,
        payChannelId: payForm.channelId,
        phone: value,
      });
      onSent();
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  return (
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
        {payForm.channelName}: {money.currency} {money.format(payForm.payMoney)}
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
  );
}
