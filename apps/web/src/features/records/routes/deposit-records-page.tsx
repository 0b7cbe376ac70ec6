import type { DepositRecord } from '@app/contracts/payment-records';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { getDepositRecords } from '../api/get-deposit-records.ts';
import { DepositRecordItem } from '../components/deposit-record-item.tsx';
import { ALL_MONTHS } from '../components/record-months.ts';
import { RecordsLayout } from '../components/records-layout.tsx';
import { useRecordPages } from '../components/use-record-pages.ts';

/** `/account/records/deposit` (spec §2, §7): the member's deposits by month, endlessly scrolled. */
export function DepositRecordsPage() {
  const { t } = useTranslation();
  const [month, setMonth] = useState(ALL_MONTHS);
  const fetchPage = useCallback(
    (startId: number | undefined) => getDepositRecords({ monthOfYear: month || undefined, startId }),
    [month],
  );
  const list = useRecordPages<DepositRecord>(fetchPage, month);
  // Read once a render: whether a waiting deposit is old enough to appeal.
  const now = Date.now();
  return (
    <RecordsLayout
      title={t('records.depositTitle')}
      month={month}
      onMonthChange={setMonth}
      list={list}
      emptyText={t('records.noDeposits')}
      renderRecord={(record) => <DepositRecordItem key={record.id} record={record} now={now} />}
    />
  );
}
