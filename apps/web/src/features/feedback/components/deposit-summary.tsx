import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import { useTranslation } from '../../../lib/i18n.ts';
import { useTimeFormat } from '../../../lib/use-date-format.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';

function stateKey(state: number): string {
  if (state === DEPOSIT_STATE.paid) return 'paid';
  if (state === DEPOSIT_STATE.failed) return 'failed';
  return 'waiting';
}

/** The deposit an appeal is about: number, amount, and (when known) its state and time. */
export function DepositSummary({
  transNo,
  payMoney,
  state,
  createTime,
}: {
  transNo: string;
  payMoney: number;
  state?: number;
  createTime?: string;
}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const formatTime = useTimeFormat();
  return (
    <dl className="appeal-summary" data-testid="deposit-summary">
      <div>
        <dt>{t('feedback.orderNo')}</dt>
        <dd>{transNo}</dd>
      </div>
      <div>
        <dt>{t('feedback.amount')}</dt>
        <dd>
          {money.currency} {money.format(payMoney)}
        </dd>
      </div>
      {state !== undefined ? (
        <div>
          <dt>{t('feedback.depositState')}</dt>
          <dd>{t(`records.depositState.${stateKey(state)}`)}</dd>
        </div>
      ) : null}
      {createTime ? (
        <div>
          <dt>{t('feedback.time')}</dt>
          <dd>{formatTime(createTime)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
