import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { useTimeFormat } from '../../../lib/use-date-format.ts';
import { benefitLogsQuery } from '../api/get-benefit-logs.ts';
import { useAmountLabel } from '../components/amount-label.ts';
import { VIP_TEXTS } from '../texts.ts';
import '../components/vip.css';

/** `/subscriber/memberCenter/records` (spec §2, login): the member's benefit claims, newest first. */
export function MemberCenterRecordsPage() {
  const { t, ready, language } = useFeatureTranslation(VIP_TEXTS);
  const logs = useQuery(benefitLogsQuery(language));
  const amountOf = useAmountLabel(t);
  const formatTime = useTimeFormat();
  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  return (
    <div className="vip" data-testid="vip-records-page">
      <NavBar title={t('vip.recordsTitle')} />
      <div className="vip__body">
        {logs.data ? (
          logs.data.list.length === 0 ? (
            <p className="page-status">{t('vip.noRecords')}</p>
          ) : (
            <ul className="vip-records">
              {logs.data.list.map((log) => (
                <li key={`${log.benefitId}:${log.period}`} className="vip-record" data-testid="vip-record">
                  <span className="vip-record__name">{log.name}</span>
                  <span className="vip-record__amount">{amountOf(log.asset, log.amount)}</span>
                  <span className="vip-record__meta">
                    {t('vip.level', { level: log.levelId })} · {formatTime(log.createTime)}
                  </span>
                </li>
              ))}
            </ul>
          )
        ) : (
          <QueryStatus status={logs.status} error={logs.error} onRetry={() => void logs.refetch()} />
        )}
      </div>
    </div>
  );
}
