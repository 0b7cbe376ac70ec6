import { useLocaleState } from 'ra-core';
import type { Fleet, FleetInstance } from '@app/contracts/fleet';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { formatDate } from '../format.ts';
import { useText } from '../use-text.ts';
import { useOperationsRead } from './operations-read.tsx';
import './operations.css';

const STATE_BADGES: Record<FleetInstance['state'], string> = {
  live: 'status-active',
  stopped: '',
  gone: 'status-excluded',
};

/**
 * Fleet (issue 26 §7): the instances serving the casino on this database, from the heartbeats they write
 * (live, stopped cleanly, or gone after missing them), and which one drives the crash game, since when.
 * Needs jobs.read, as the route does; refreshed every few seconds.
 */
export function FleetPage() {
  const t = useText();
  const [language] = useLocaleState();
  const fleet = useOperationsRead<Fleet>('fleet', ADMIN_PATHS.fleet);
  if (!fleet.data) return fleet.placeholder;
  const { instances, crashDriver } = fleet.data;
  const when = (iso: string | null) => formatDate(iso, language);
  const live = instances.filter((instance) => instance.state === 'live').length;
  return (
    <section className="operations">
      <h1>{t('menu.fleet')}</h1>
      <p className="muted">
        {t('fleet.hint', { every: fleet.data.heartbeatSeconds, gone: fleet.data.goneAfterSeconds })}
      </p>
      <section className="card panel" aria-labelledby="crash-driver-title">
        <h2 id="crash-driver-title">{t('fleet.crashDriver')}</h2>
        {crashDriver ? (
          <p>
            {t('fleet.drivenBy', {
              name: crashDriver.name ?? crashDriver.instanceId,
              since: when(crashDriver.since),
            })}
            <span className="muted"> · {t('fleet.term', { term: crashDriver.term })}</span>
          </p>
        ) : (
          <p className="notice alarm">{t('fleet.noDriver')}</p>
        )}
      </section>
      <p role="status">{t('fleet.liveCount', { count: live })}</p>
      <div className="scroll">
        <table className="table compact">
          <thead>
            <tr>
              <th>{t('fleet.instance')}</th>
              <th>{t('fleet.hostPid')}</th>
              <th>{t('fleet.version')}</th>
              <th>{t('fleet.roles')}</th>
              <th>{t('fleet.state')}</th>
              <th>{t('fleet.startedAt')}</th>
              <th>{t('fleet.lastSeen')}</th>
            </tr>
          </thead>
          <tbody>
            {instances.map((instance) => (
              <tr key={instance.id} className={instance.state === 'gone' ? 'failing' : undefined}>
                <td>
                  <strong>{instance.name}</strong>
                  {instance.drivesCrash && <span className="badge driver">{t('fleet.drives')}</span>}
                  <div className="muted small">{instance.id}</div>
                </td>
                <td>
                  {instance.host} · {instance.pid}
                </td>
                <td>
                  {instance.version}
                  {instance.commit && <div className="muted small">{instance.commit.slice(0, 12)}</div>}
                </td>
                <td>
                  {[
                    instance.servesHttp ? t('fleet.roleWeb') : null,
                    instance.runsJobs ? t('fleet.roleJobs') : null,
                  ]
                    .filter(Boolean)
                    .join(', ')}
                </td>
                <td>
                  <span className={`badge ${STATE_BADGES[instance.state]}`}>
                    {t(`fleet.state.${instance.state}`)}
                  </span>
                </td>
                <td>{when(instance.startedAt)}</td>
                <td>{when(instance.stoppedAt ?? instance.lastSeenAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
