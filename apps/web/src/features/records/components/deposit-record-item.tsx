import { PAGE_PATHS } from '@app/contracts/page-paths';
import { DEPOSIT_STATE, type DepositRecord } from '@app/contracts/payment-records';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { canAppeal, depositStatus } from './deposit-states.ts';
import { useTimeFormat } from '../../../lib/use-date-format.ts';

/**
 * One deposit: amount, state, the excise withheld and what was credited (a market with a deposit tax),
 * time, channel and receipt; the ledger entry once paid, an appeal when stuck.
 */
export function DepositRecordItem({ record, now }: { record: DepositRecord; now: number }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const formatTime = useTimeFormat();
  const status = depositStatus(record.state);
  return (
    <li className="record" data-testid="deposit-record">
      <div className="record__head">
        <strong className="record__amount">
          {money.currency} {money.format(record.payMoney)}
        </strong>
        <span className={`record__state record__state--${status}`}>
          {t(`records.depositState.${status}`)}
        </span>
      </div>
      <dl className="record__details">
        {record.excise > 0 ? (
          <div>
            <dt>{t('records.excise')}</dt>
            <dd data-testid="deposit-record-excise">
              −{money.currency} {money.format(record.excise)}
            </dd>
          </div>
        ) : null}
        {record.excise > 0 && record.credited !== null ? (
          <div>
            <dt>{t('records.credited')}</dt>
            <dd data-testid="deposit-record-credited">
              {money.currency} {money.format(record.credited)}
            </dd>
          </div>
        ) : null}
        {record.coins > 0 && status !== 'failed' ? (
          <div>
            <dt>{t('records.coins')}</dt>
            <dd>+{money.format(record.coins)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('records.time')}</dt>
          <dd>{formatTime(record.createTime)}</dd>
        </div>
        <div>
          <dt>{t('records.channel')}</dt>
          <dd>{record.channelName || record.channelCode}</dd>
        </div>
        <div>
          <dt>{t('records.orderNo')}</dt>
          <dd>{record.transNo}</dd>
        </div>
        {record.receipt ? (
          <div>
            <dt>{t('records.receipt')}</dt>
            <dd>{record.receipt}</dd>
          </div>
        ) : null}
      </dl>
      {/* Why it failed, or why it waits (queued: M-Pesa busy, or paused for its maintenance). */}
      {(status === 'failed' || record.state === DEPOSIT_STATE.queued) && record.message ? (
        <p className="record__message" data-testid="deposit-record-message">
          {record.message}
        </p>
      ) : null}
      <div className="record__actions">
        {status === 'paid' && record.transactionId !== null ? (
          <Link
            className="button button--small button--ghost"
            to={PAGE_PATHS.transaction(record.transactionId)}
          >
            {t('records.details')}
          </Link>
        ) : null}
        {canAppeal(record, now) ? (
          <Link className="button button--small button--primary" to={PAGE_PATHS.appeal(record.id)}>
            {t('records.appeal')}
          </Link>
        ) : null}
      </div>
    </li>
  );
}
