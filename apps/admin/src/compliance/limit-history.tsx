import { useState, type FormEvent } from 'react';
import { useCanAccess, useGetList, useLocaleState } from 'ra-core';
import type { LimitChange } from '@app/contracts/back-office-compliance';
import { SESSION_LIMIT, type LimitName } from '@app/contracts/limits';
import { ApiError } from '../api.ts';
import { formatDate, formatMoney } from '../format.ts';
import { Denied, Pending } from '../players.tsx';
import type { TextKey } from '../texts.ts';
import { useText } from '../use-text.ts';
import './compliance.css';

/** The catalogue's NOT_FOUND: no player has that id. */
const NOT_FOUND = 1004;

/**
 * A player's limit changes (issue 26 §4): every change the player asked or an operator made, with the
 * limit before and after and when it takes effect (a raise only after the market's cooling-off). The
 * server records each read.
 */
export function LimitHistory() {
  const t = useText();
  const [language] = useLocaleState();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'limit-changes', action: 'list' });
  const [draft, setDraft] = useState('');
  const [memberId, setMemberId] = useState('');
  const history = useGetList<LimitChange>(
    'limit-changes',
    { filter: { memberId } },
    { enabled: canAccess === true && memberId !== '' },
  );
  if (checking) return <Pending />;
  if (!canAccess) return <Denied />;
  const show = (event: FormEvent) => {
    event.preventDefault();
    setMemberId(draft.trim());
  };
  const amount = (name: LimitName, value: number | null) => {
    if (value === null) return t('limit.noLimit');
    return name === SESSION_LIMIT
      ? t('limitHistory.minutes', { minutes: value })
      : formatMoney(value, language);
  };
  const label = (name: LimitName) => {
    if (name === SESSION_LIMIT) return t('limitHistory.session');
    const [kind, period] = name.split(':') as [string, string];
    return `${t(`limit.${kind}` as TextKey)} ${t(`period.${period}` as TextKey)}`;
  };
  const unknown = history.error instanceof ApiError && history.error.code === NOT_FOUND;
  const now = Date.now();
  return (
    <section>
      <h1>{t('menu.limitChanges')}</h1>
      <p className="muted">{t('limitHistory.hint')}</p>
      <form className="filters" role="search" onSubmit={show}>
        <label>
          {t('register.member')}
          <input
            inputMode="numeric"
            size={12}
            value={draft}
            onInput={(event) => setDraft(event.currentTarget.value)}
            required
            pattern="[0-9]+"
          />
        </label>
        <button type="submit">{t('limitHistory.show')}</button>
      </form>
      {memberId !== '' && history.isPending && !history.error && <Pending />}
      {unknown && <p className="notice">{t('limitHistory.unknown')}</p>}
      {history.error && !unknown && <Pending error={history.error} />}
      {memberId !== '' && history.data?.length === 0 && <p className="notice">{t('limitHistory.empty')}</p>}
      {history.data && history.data.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>{t('limitHistory.asked')}</th>
              <th>{t('limit.name')}</th>
              <th>{t('limitHistory.before')}</th>
              <th>{t('limitHistory.after')}</th>
              <th>{t('limitHistory.applies')}</th>
              <th>{t('limitHistory.by')}</th>
              <th>{t('limitHistory.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {history.data.map((change) => (
              <tr key={change.id}>
                <td>{formatDate(change.requestedAt, language)}</td>
                <td>{label(change.name)}</td>
                <td className="number">{amount(change.name, change.from)}</td>
                <td className="number">{amount(change.name, change.to)}</td>
                <td>
                  {formatDate(change.appliesAt, language)}
                  {Date.parse(change.appliesAt) > now && (
                    <span className="badge status-break">{t('limitHistory.waiting')}</span>
                  )}
                </td>
                <td>
                  {change.by === 'player'
                    ? t('limitHistory.player')
                    : t('limitHistory.operator', { login: change.staffLogin ?? `#${change.staffId ?? '?'}` })}
                </td>
                <td>{change.reason || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
