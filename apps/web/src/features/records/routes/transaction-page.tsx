import { ERRORS } from '@app/contracts/errors';
import { useParams } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { isApiError } from '../../../lib/request.ts';
import { useSettings } from '../../../lib/settings.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { transactionQuery } from '../api/get-transaction.ts';
import { useTimeFormat } from '../../../lib/use-date-format.ts';
import '../components/records.css';

function NotFound() {
  const { t } = useTranslation();
  return (
    <p className="page-status" data-testid="transaction-not-found">
      {t('records.transactionNotFound')}
    </p>
  );
}

/** `/account/transaction/{id}` (spec §2): one of the member's ledger transactions. */
export function TransactionPage() {
  const { t } = useTranslation();
  const { id: param } = useParams();
  const id = Number(param);
  const valid = Number.isSafeInteger(id) && id > 0;
  const query = useQuery({ ...transactionQuery(valid ? id : 0), enabled: valid });
  const money = useMoneyFormat();
  const { country } = useSettings();
  const formatTime = useTimeFormat();
  const signed = (minorUnits: number) =>
    `${minorUnits > 0 ? '+' : minorUnits < 0 ? '−' : ''}${money.format(Math.abs(minorUnits))}`;

  const notFound = !valid || (isApiError(query.error) && query.error.code === ERRORS.NOT_FOUND.code);
  const transaction = query.data;
  return (
    <div className="records">
      <NavBar title={t('records.transactionTitle')} />
      {notFound ? (
        <NotFound />
      ) : !transaction ? (
        <QueryStatus
          status={query.status}
          error={query.error}
          onRetry={() => void query.refetch().catch(() => undefined)}
        />
      ) : (
        <section className="transaction" data-testid="transaction">
          <p className="transaction__type">{t(`records.types.${transaction.type}`)}</p>
          <p className="transaction__amount">
            {money.currency} {signed(transaction.amount)}
          </p>
          <dl className="record__details transaction__details">
            <div>
              <dt>{t('records.withdrawablePart')}</dt>
              <dd>{signed(transaction.withdrawAmount)}</dd>
            </div>
            {transaction.tax !== 0 ? (
              <div>
                <dt>{t('records.tax')}</dt>
                <dd data-testid="transaction-tax">{signed(transaction.tax)}</dd>
              </div>
            ) : null}
            {transaction.coins !== 0 ? (
              <div>
                <dt>{t('records.coins')}</dt>
                <dd>{signed(transaction.coins)}</dd>
              </div>
            ) : null}
            {transaction.diamonds !== 0 ? (
              <div>
                <dt>{t('records.diamonds')}</dt>
                <dd>
                  {transaction.diamonds > 0 ? '+' : '−'}
                  {Math.abs(transaction.diamonds).toLocaleString(country.locale)}
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t('records.time')}</dt>
              <dd>{formatTime(transaction.createTime)}</dd>
            </div>
            <div>
              <dt>{t('records.transactionNo')}</dt>
              <dd>{transaction.id}</dd>
            </div>
            {transaction.description ? (
              <div>
                <dt>{t('records.description')}</dt>
                <dd>{transaction.description}</dd>
              </div>
            ) : null}
          </dl>
        </section>
      )}
    </div>
  );
}
