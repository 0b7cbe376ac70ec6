import { useLocaleState } from 'ra-core';
import { ADMIN_PATHS, API_BASE } from '@app/contracts/paths';
import type { RegulatorExports } from '@app/contracts/regulator';
import { formatCount, formatDate } from '../format.ts';
import { useText } from '../use-text.ts';
import { useOperationsRead } from './operations-read.tsx';
import { feedDays, type FeedDayState } from './regulator-days.ts';
import './operations.css';

const BADGES: Record<FeedDayState, string> = {
  sent: 'status-active',
  sentLate: 'status-break',
  running: '',
  failed: 'status-excluded',
  pending: '',
  overdue: 'status-excluded',
};

/**
 * The regulator's feed (issue 26 §7): the daily files' state per day and file, and the live feed's
 * progress where the market has one. Read from the regulator's routes (reports.read).
 */
export function RegulatorFeedPage() {
  const t = useText();
  const [language] = useLocaleState();
  const feed = useOperationsRead<RegulatorExports>('regulator-feed', ADMIN_PATHS.regulatorExports);
  if (!feed.data) return feed.placeholder;
  const { live } = feed.data;
  const when = (iso: string | null) => formatDate(iso, language);
  const days = feedDays(feed.data, new Date());
  const fileHref = (day: string, name: string) =>
    `${API_BASE}${ADMIN_PATHS.regulatorExportFile.replace(':day', day).replace(':file', encodeURIComponent(name))}`;
  return (
    <section className="operations">
      <h1>{t('menu.regulator')}</h1>
      <p className="muted">
        {t('regulator.hint', {
          format: feed.data.format,
          deadline: feed.data.dailyDeadline,
          timeZone: feed.data.timeZone,
        })}
      </p>
      <p className="muted">{t('regulator.noAcknowledgement')}</p>
      {live && (
        <section className="card panel" aria-labelledby="live-feed-title">
          <h2 id="live-feed-title">{t('regulator.live')}</h2>
          <dl className="facts">
            <div>
              <dt>{t('regulator.batches')}</dt>
              <dd>{formatCount(live.batches, language)}</dd>
            </div>
            <div>
              <dt>{t('regulator.waiting')}</dt>
              <dd>{formatCount(live.waiting, language)}</dd>
            </div>
            <div>
              <dt>{t('regulator.lastStored')}</dt>
              <dd>{when(live.lastStoredAt)}</dd>
            </div>
            <div>
              <dt>{t('regulator.lastTransaction')}</dt>
              <dd>{live.lastTransactionId ?? '—'}</dd>
            </div>
          </dl>
        </section>
      )}
      <div className="scroll">
        <table className="table compact">
          <thead>
            <tr>
              <th>{t('regulator.day')}</th>
              <th>{t('regulator.state')}</th>
              <th>{t('regulator.producedAt')}</th>
              <th>{t('regulator.rows')}</th>
              <th>{t('regulator.files')}</th>
              <th>{t('regulator.checksum')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map(({ day, state, run, tries, dueAt }) => (
              <tr key={day} className={state === 'failed' || state === 'overdue' ? 'failing' : undefined}>
                <td>{day}</td>
                <td>
                  <span className={`badge ${BADGES[state]}`}>{t(`regulator.state.${state}`)}</span>
                  {tries > 1 && <div className="muted small">{t('regulator.tries', { count: tries })}</div>}
                  {state === 'failed' && run?.error && <div className="job-error">{run.error}</div>}
                  {(state === 'pending' || state === 'overdue') && (
                    <div className="muted small">
                      {t('regulator.dueAt', { at: when(dueAt.toISOString()) })}
                    </div>
                  )}
                </td>
                <td>{when(run?.producedAt ?? null)}</td>
                <td className="number">{run ? formatCount(run.rows, language) : '—'}</td>
                <td>
                  {run?.status === 'done'
                    ? run.files.map((file) => (
                        <div key={file.name}>
                          <a href={fileHref(day, file.name)} download>
                            {file.name}
                          </a>{' '}
                          <span className="muted small">
                            {t('regulator.fileRows', { rows: formatCount(file.rows, language) })}
                          </span>
                        </div>
                      ))
                    : '—'}
                </td>
                <td>
                  {run?.checksum ? <code title={run.checksum}>{run.checksum.slice(0, 12)}…</code> : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
