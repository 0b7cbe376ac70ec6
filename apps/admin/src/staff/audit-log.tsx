import { useState, type FormEvent } from 'react';
import { useCanAccess, useLocaleState } from 'ra-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS } from '@app/contracts/paths';
import {
  AuditQuerySchema,
  type AuditEntry,
  type AuditPage,
  type AuditVerification,
} from '@app/contracts/staff';
import { callAdminApi } from '../api.ts';
import { formatCount, formatDate } from '../format.ts';
import { Denied, Pending } from '../players.tsx';
import { useText } from '../use-text.ts';
import './staff.css';

const PAGE_SIZE = 25;

/** The filters as the route takes them (strings), without the empty ones. */
type Filters = Partial<Record<'staffLogin' | 'action' | 'target' | 'from' | 'to', string>>;

/** A day typed in the date picker as the instant it starts, in the staff member's own time zone. */
function startOfDay(day: string): string {
  return new Date(`${day}T00:00:00`).toISOString();
}

/** The day after a date picker's day: a period's `to` is exclusive, so the last day is whole. */
function startOfNextDay(day: string): string {
  const next = new Date(`${day}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
}

/** A value of before or after as a person reads it: text as is, lists joined, anything else as JSON. */
function readable(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return '∅';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    return value.length === 0 ? '[]' : value.map((item) => String(item)).join(', ');
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An entry's before and after, field by field: what changed first (marked), what stayed the same folded
 * away. A value that is not an object (or only one side) is one row.
 */
function Changes({ entry }: { entry: AuditEntry }) {
  const t = useText();
  const { before, after } = entry;
  if ((before === null || before === undefined) && (after === null || after === undefined)) {
    return <span className="muted">—</span>;
  }
  if (!isRecord(before ?? {}) || !isRecord(after ?? {})) {
    return (
      <table className="changes">
        <tbody>
          <tr className="changed">
            <td />
            <td>{readable(before)}</td>
            <td>{readable(after)}</td>
          </tr>
        </tbody>
      </table>
    );
  }
  const was = (before ?? {}) as Record<string, unknown>;
  const now = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  const same = (key: string) => JSON.stringify(was[key]) === JSON.stringify(now[key]);
  const changed = keys.filter((key) => !same(key) || before === null || before === undefined);
  const unchanged = keys.filter((key) => !changed.includes(key));
  const row = (key: string, mark: boolean) => (
    <tr key={key} className={mark ? 'changed' : undefined}>
      <th scope="row">{key}</th>
      <td>{key in was ? readable(was[key]) : '—'}</td>
      <td>{key in now ? readable(now[key]) : '—'}</td>
    </tr>
  );
  return (
    <>
      <table className="changes">
        <thead>
          <tr>
            <th />
            <th>{t('auditLog.before')}</th>
            <th>{t('auditLog.after')}</th>
          </tr>
        </thead>
        <tbody>{changed.map((key) => row(key, true))}</tbody>
      </table>
      {unchanged.length > 0 && (
        <details>
          <summary className="muted">{t('auditLog.unchanged', { count: unchanged.length })}</summary>
          <table className="changes">
            <tbody>{unchanged.map((key) => row(key, false))}</tbody>
          </table>
        </details>
      )}
    </>
  );
}

/** The chain's verification: how many entries were checked, and intact or where it breaks. */
function VerifyChain() {
  const t = useText();
  const [language] = useLocaleState();
  const [result, setResult] = useState<AuditVerification | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const verify = async () => {
    setBusy(true);
    setFailed(false);
    setResult(null);
    try {
      setResult(await callAdminApi<AuditVerification>(ADMIN_PATHS.auditVerify));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const entries = result ? formatCount(result.entries, language) : '';
  return (
    <div className="card panel verify">
      <div className="actions">
        <button type="button" onClick={() => void verify()} disabled={busy}>
          {busy ? t('auditLog.verifying') : t('auditLog.verify')}
        </button>
        <span className="muted">{t('auditLog.verifyHint')}</span>
      </div>
      <div role="status">
        {result?.ok && <p className="verified intact">{t('auditLog.intact', { entries })}</p>}
        {result && !result.ok && (
          <p className="verified broken">
            {t('auditLog.broken', { entries, id: result.brokenAt ?? '—', reason: result.reason ?? '' })}
          </p>
        )}
        {failed && <p className="error">{t('app.error')}</p>}
      </div>
    </div>
  );
}

/**
 * The audit log (issue 26 §7): every operator write, newest first, by page, filtered by who, action,
 * target or player and period; each entry's before and after field by field; and the hash chain verified
 * on demand.
 */
export function AuditLog() {
  const t = useText();
  const [language] = useLocaleState();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'audit', action: 'list' });
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [invalid, setInvalid] = useState(false);
  const entries = useQuery({
    queryKey: ['audit', filters, page],
    queryFn: () =>
      callAdminApi<AuditPage>(ADMIN_PATHS.audit, {
        query: { ...(filters as Record<string, string>), page: String(page), size: String(PAGE_SIZE) },
      }),
    enabled: canAccess === true,
    placeholderData: keepPreviousData,
  });
  if (checking) return <Pending />;
  if (!canAccess) return <Denied />;

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const player = text('player');
    const from = text('from');
    const to = text('to');
    const chosen: Filters = {
      staffLogin: text('staffLogin'),
      action: text('action'),
      // A player id is the target `member:{id}`: the player's own entries (views, actions, notes).
      target: player ? `member:${player}` : text('target'),
      from: from ? startOfDay(from) : '',
      to: to ? startOfNextDay(to) : '',
    };
    const kept = Object.fromEntries(Object.entries(chosen).filter(([, value]) => value)) as Filters;
    if (!AuditQuerySchema.safeParse(kept).success) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setPage(1);
    setFilters(kept);
  };

  const data = entries.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.size)) : 1;
  return (
    <section>
      <h1>{t('auditLog.title')}</h1>
      <p className="muted">{t('auditLog.intro')}</p>
      <VerifyChain />
      <form className="card panel audit-filters" aria-label={t('auditLog.filters')} onSubmit={apply}>
        <div className="fields">
          <label>
            {t('auditLog.actor')}
            <input name="staffLogin" maxLength={40} autoComplete="off" />
          </label>
          <label>
            {t('auditLog.action')}
            <input name="action" maxLength={60} placeholder="staff.roles" autoComplete="off" />
          </label>
          <label>
            {t('auditLog.target')}
            <input name="target" maxLength={90} placeholder="staff:3" autoComplete="off" />
          </label>
          <label>
            {t('auditLog.player')}
            <input name="player" inputMode="numeric" pattern="\d{1,12}" autoComplete="off" />
          </label>
          <label>
            {t('auditLog.from')}
            <input name="from" type="date" />
          </label>
          <label>
            {t('auditLog.to')}
            <input name="to" type="date" />
          </label>
          <button type="submit">{t('auditLog.show')}</button>
        </div>
        {invalid && (
          <p className="error" role="alert">
            {t('auditLog.invalid')}
          </p>
        )}
      </form>
      {!data && <Pending error={entries.error} />}
      {data && data.list.length === 0 && <p className="notice">{t('auditLog.none')}</p>}
      {data && data.list.length > 0 && (
        <>
          <p className="muted">
            {t('auditLog.count', { total: formatCount(data.total, language), page: data.page, pages })}
          </p>
          <div className="scroll">
            <table className="table audit-table">
              <thead>
                <tr>
                  <th>#</th>
                  <th>{t('auditLog.when')}</th>
                  <th>{t('auditLog.actor')}</th>
                  <th>{t('auditLog.action')}</th>
                  <th>{t('auditLog.target')}</th>
                  <th>{t('auditLog.changes')}</th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((entry) => (
                  <tr key={entry.id}>
                    <td className="number">{entry.id}</td>
                    <td>{formatDate(entry.at, language)}</td>
                    <td>{entry.staffLogin}</td>
                    <td>
                      <code>{entry.action}</code>
                    </td>
                    <td>{entry.target ?? '—'}</td>
                    <td>
                      <Changes entry={entry} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="actions pager">
            <button
              type="button"
              className="secondary"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              {t('auditLog.newer')}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              {t('auditLog.older')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
