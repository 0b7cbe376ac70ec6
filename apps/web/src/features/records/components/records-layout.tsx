import { PAGE_PATHS } from '@app/contracts/page-paths';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { isApiError } from '../../../lib/request.ts';
import { useDisplayLocale } from '../../../lib/use-date-format.ts';
import { ALL_MONTHS, monthLabel, recordMonths } from './record-months.ts';
import { LoadMoreSentinel } from './load-more-sentinel.tsx';
import type { RecordPagesState } from './use-record-pages.ts';
import './records.css';

type RecordsLayoutProps<T> = {
  title: string;
  month: string;
  onMonthChange: (month: string) => void;
  list: RecordPagesState<T> & { reload: () => void; loadMore: () => void };
  emptyText: string;
  renderRecord: (record: T) => ReactNode;
};

/** What both records pages share: the tabs, the month filter, and the endless list with its states. */
export function RecordsLayout<T extends { id: number }>({
  title,
  month,
  onMonthChange,
  list,
  emptyText,
  renderRecord,
}: RecordsLayoutProps<T>) {
  const { t } = useTranslation();
  const locale = useDisplayLocale();
  const months = recordMonths(new Date());
  return (
    <div className="records">
      <NavBar title={title} />
      <nav className="records__tabs" aria-label={t('records.kinds')}>
        <NavLink className="records__tab" to={PAGE_PATHS.depositRecords} replace>
          {t('records.deposits')}
        </NavLink>
        <NavLink className="records__tab" to={PAGE_PATHS.withdrawRecords} replace>
          {t('records.withdrawals')}
        </NavLink>
      </nav>
      <div className="records__filter">
        <label htmlFor="records-month">{t('records.month')}</label>
        <select
          id="records-month"
          value={month}
          onChange={(event) => onMonthChange(event.currentTarget.value)}
        >
          <option value={ALL_MONTHS}>{t('records.allMonths')}</option>
          {months.map((value) => (
            <option key={value} value={value}>
              {monthLabel(value, locale)}
            </option>
          ))}
        </select>
      </div>
      {list.status !== 'success' ? (
        <QueryStatus status={list.status} error={list.error} onRetry={list.reload} />
      ) : list.records.length === 0 ? (
        <p className="page-status" data-testid="records-empty">
          {emptyText}
        </p>
      ) : (
        <>
          <ul className="records__list">{list.records.map((record) => renderRecord(record))}</ul>
          {list.moreError !== undefined ? (
            <div className="records__more" role="alert">
              <p>{isApiError(list.moreError) ? list.moreError.message : t('errors.INTERNAL')}</p>
              <button type="button" className="button button--small button--primary" onClick={list.loadMore}>
                {t('common.retry')}
              </button>
            </div>
          ) : list.loadingMore ? (
            <div className="records__more" aria-busy="true">
              <span className="spinner" aria-hidden="true" />
              <span>{t('common.loading')}</span>
            </div>
          ) : list.done ? (
            <p className="records__end">{t('records.end')}</p>
          ) : (
            <LoadMoreSentinel onVisible={list.loadMore} />
          )}
        </>
      )}
    </div>
  );
}
