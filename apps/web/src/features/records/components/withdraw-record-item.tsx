import type { WithdrawRecord } from '@app/contracts/payment-records';
import { useTranslation } from '../../../lib/i18n.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useTimeFormat } from '../../../lib/use-date-format.ts';

/** What the payout line says: sent only once the payout is confirmed, never while it is processing. */
const PAYOUT_LABEL = {
  pending: 'records.payoutPending',
  success: 'records.payout',
  failed: 'records.payoutFailed',
} as const;

/** One withdrawal: what left the balance, what reached the phone, fee, tax, state, time, channel, receipt. */
export function WithdrawRecordItem({ record }: { record: WithdrawRecord }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const formatTime = useTimeFormat();
  const amount = (minorUnits: number) => `${money.currency} ${money.format(minorUnits)}`;
  return (
    <li className="record" data-testid="withdraw-record">
      <div className="record__head">
        <strong className="record__amount">{amount(record.money)}</strong>
        <span className={`record__state record__state--${record.status}`}>
          {t(`records.withdrawState.${record.status}`)}
        </span>
      </div>
      <dl className="record__details">
        <div>
          <dt>{t(PAYOUT_LABEL[record.status])}</dt>
          <dd>{amount(record.payout)}</dd>
        </div>
        <div>
          <dt>{t('records.fee')}</dt>
          <dd>{amount(record.fee)}</dd>
        </div>
        <div>
          <dt>{t('records.tax')}</dt>
          <dd>{amount(record.tax)}</dd>
        </div>
        <div>
          <dt>{t('records.time')}</dt>
          <dd>{formatTime(record.createTime)}</dd>
        </div>
        <div>
          <dt>{t('records.channel')}</dt>
          <dd>
            {record.channelName || record.channelCode}
            {record.account ? ` · ${record.account}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('records.orderNo')}</dt>
          <dd>{record.withdrawNo}</dd>
        </div>
        {record.receipt ? (
          <div>
            <dt>{t('records.receipt')}</dt>
            <dd>{record.receipt}</dd>
          </div>
        ) : null}
      </dl>
      {/* Why it failed, or why it waits (queued while M-Pesa payments are paused). */}
      {record.status !== 'success' && record.message ? (
        <p className="record__message" data-testid="withdraw-record-message">
          {record.message}
        </p>
      ) : null}
    </li>
  );
}
