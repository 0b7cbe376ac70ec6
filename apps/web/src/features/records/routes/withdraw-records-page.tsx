import type { WithdrawRecord } from '@app/contracts/payment-records';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { getWithdrawRecords } from '../api/get-withdraw-records.ts';
import { ALL_MONTHS } from '../components/record-months.ts';
import { RecordsLayout } from '../components/records-layout.tsx';
import { useRecordPages } from '../components/use-record-pages.ts';
import { WithdrawRecordItem } from '../components/withdraw-record-item.tsx';

/** `/account/records/withdraw` (spec §2, §7): the member's withdrawals by month, endlessly scrolled. */
export function WithdrawRecordsPage() {
  const { t } = useTranslation();
  const [month, setMonth] = useState(ALL_MONTHS);
  const fetchPage = useCallback(
    (startId: number | undefined) => getWithdrawRecords({ monthOfYear: month || undefined, startId }),
    [month],
  );
  const list = useRecordPages<WithdrawRecord>(fetchPage, month);
  return (
    <RecordsLayout
      title={t('records.withdrawTitle')}
      month={month}
      onMonthChange={setMonth}
      list={list}
      emptyText={t('records.noWithdrawals')}
      renderRecord={(record) => <WithdrawRecordItem key={record.id} record={record} />}
    />
  );
}
