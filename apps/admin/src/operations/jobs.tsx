import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocaleState } from 'ra-core';
import type { JobFailure, JobQueue, JobsOverview } from '@app/contracts/jobs';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { callAdminApi } from '../api.ts';
import { formatCount, formatDate } from '../format.ts';
import { Pending } from '../players.tsx';
import type { Translate } from '../i18n.ts';
import type { TextKey } from '../texts.ts';
import { useText } from '../use-text.ts';
import { useOperationsRead } from './operations-read.tsx';
import './operations.css';

/** pg-boss's states of a run, as the overview reports them. */
const RUN_STATES = ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'] as const;

/** How many of a job's failures its panel shows (the server keeps 3 days of runs). */
const FAILURES_SHOWN = 20;

/**
 * Jobs (issue 26 §7): every background job with its schedule, next and last run, last success and last
 * failure with its error; the jobs failing now first and marked; a job's recent failures on demand. Read
 * from the job runner's routes (jobs.read), refreshed every few seconds.
 */
export function JobsPage() {
  const t = useText();
  const overview = useOperationsRead<JobsOverview>('jobs', ADMIN_PATHS.jobs);
  const [opened, setOpened] = useState<string | null>(null);
  if (!overview.data) return overview.placeholder;
  const { queues, timeZone } = overview.data;
  // The jobs failing now first, then by name: what needs a look is at the top.
  const sorted = [...queues].sort(
    (a, b) => Number(b.failing) - Number(a.failing) || a.name.localeCompare(b.name),
  );
  const failing = queues.filter((queue) => queue.failing).length;
  return (
    <section className="operations">
      <h1>{t('menu.jobs')}</h1>
      <p className="muted">{t('jobs.hint', { timeZone })}</p>
      <p className={failing > 0 ? 'notice alarm' : 'notice'} role="status">
        {failing > 0 ? t('jobs.failingCount', { count: failing }) : t('jobs.allWell')}
      </p>
      <div className="scroll">
        <table className="table compact">
          <thead>
            <tr>
              <th>{t('jobs.name')}</th>
              <th>{t('jobs.schedule')}</th>
              <th>{t('jobs.nextRun')}</th>
              <th>{t('jobs.lastRun')}</th>
              <th>{t('jobs.lastSuccess')}</th>
              <th>{t('jobs.lastFailure')}</th>
              <th>{t('jobs.runs')}</th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((queue) => (
              <JobRow
                key={queue.name}
                queue={queue}
                opened={opened === queue.name}
                toggle={() => setOpened(opened === queue.name ? null : queue.name)}
              />
            ))}
          </tbody>
        </table>
      </div>
      {opened && <JobFailures queue={opened} />}
    </section>
  );
}

function JobRow({ queue, opened, toggle }: { queue: JobQueue; opened: boolean; toggle: () => void }) {
  const t = useText();
  const [language] = useLocaleState();
  const when = (iso: string | null) => formatDate(iso, language);
  const { counts } = queue;
  return (
    <tr className={queue.failing ? 'failing' : undefined}>
      <td>
        <code>{queue.name}</code>
        {queue.failing && <span className="badge status-excluded">{t('jobs.failing')}</span>}
      </td>
      <td>
        {queue.schedule === null ? (
          t('jobs.noSchedule')
        ) : 'cron' in queue.schedule ? (
          <code>{queue.schedule.cron}</code>
        ) : (
          t('jobs.every', { seconds: queue.schedule.everySeconds })
        )}
      </td>
      <td>{when(queue.nextRunAt)}</td>
      <td>
        {queue.lastRun ? (
          <>
            {when(queue.lastRun.startedAt)}
            <span className={`badge run-${queue.lastRun.state}`}>{runStateText(t, queue.lastRun.state)}</span>
          </>
        ) : (
          '—'
        )}
      </td>
      <td>{when(queue.lastSuccessAt)}</td>
      <td>
        {queue.lastFailure ? (
          <>
            {when(queue.lastFailure.at)}
            <div className="job-error">{queue.lastFailure.error || t('jobs.noMessage')}</div>
          </>
        ) : (
          '—'
        )}
      </td>
      <td className="number">
        {t('jobs.counts', {
          completed: formatCount(counts.completed, language),
          failed: formatCount(counts.failed, language),
          queued: formatCount(counts.queued, language),
        })}
        {counts.failed > 0 && (
          <div>
            <button type="button" className="secondary small" aria-expanded={opened} onClick={toggle}>
              {t(opened ? 'jobs.hideFailures' : 'jobs.showFailures')}
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}

function runStateText(t: Translate, state: string): string {
  return (RUN_STATES as readonly string[]).includes(state) ? t(`runState.${state}` as TextKey) : state;
}

/** A job's latest failed runs, newest first, each with its error. */
function JobFailures({ queue }: { queue: string }) {
  const t = useText();
  const [language] = useLocaleState();
  const failures = useQuery({
    queryKey: ['job-failures', queue],
    queryFn: () =>
      callAdminApi<{ failures: JobFailure[] }>(ADMIN_PATHS.jobFailures, {
        query: { queue, limit: String(FAILURES_SHOWN) },
      }),
  });
  return (
    <section className="card panel" aria-labelledby="job-failures-title">
      <h2 id="job-failures-title">{t('jobs.failuresOf', { name: queue })}</h2>
      {!failures.data ? (
        <Pending error={failures.error} />
      ) : failures.data.failures.length === 0 ? (
        <p className="muted">{t('jobs.noFailures')}</p>
      ) : (
        <table className="table compact">
          <thead>
            <tr>
              <th>{t('jobs.failedAt')}</th>
              <th>{t('jobs.startedAt')}</th>
              <th>{t('jobs.attempts')}</th>
              <th>{t('jobs.error')}</th>
            </tr>
          </thead>
          <tbody>
            {failures.data.failures.map((failure) => (
              <tr key={failure.id}>
                <td>{formatDate(failure.failedAt, language)}</td>
                <td>{formatDate(failure.startedAt, language)}</td>
                <td className="number">{failure.attempts}</td>
                <td className="job-error">{failure.error || t('jobs.noMessage')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
