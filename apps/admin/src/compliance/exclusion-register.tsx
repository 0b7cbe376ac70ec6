import { useState, type FormEvent } from 'react';
import { useCanAccess, useGetList, useLocaleState } from 'ra-core';
import type { RegisterEntry } from '@app/contracts/back-office-compliance';
import { formatDate } from '../format.ts';
import { Denied, Pending } from '../players.tsx';
import { useText } from '../use-text.ts';
import './compliance.css';

type Filter = { kind: string; state: string; memberId: string; identity: string };
const NO_FILTER: Filter = { kind: '', state: 'in-force', memberId: '', identity: '' };

/**
 * The register of self-exclusions and time-outs (issue 26 §4): who, since when, until when, and which
 * identities a self-exclusion matches (its number, ID, devices, social logins, M-Pesa numbers). Read only;
 * the server records each read with its filter.
 */
export function ExclusionRegister() {
  const t = useText();
  const [language] = useLocaleState();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'exclusions', action: 'list' });
  const [draft, setDraft] = useState<Filter>(NO_FILTER);
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  const register = useGetList<RegisterEntry & { id: string }>(
    'exclusions',
    { filter },
    { enabled: canAccess === true },
  );
  if (checking) return <Pending />;
  if (!canAccess) return <Denied />;
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...draft });
  };
  const field = (name: keyof Filter) => ({
    value: draft[name],
    onInput: (event: { currentTarget: { value: string } }) =>
      setDraft((current) => ({ ...current, [name]: event.currentTarget.value })),
  });
  return (
    <section>
      <h1>{t('menu.register')}</h1>
      <p className="muted">{t('register.hint')}</p>
      <form className="filters" role="search" onSubmit={apply}>
        <label>
          {t('register.kind')}
          <select value={draft.kind} onChange={field('kind').onInput}>
            <option value="">{t('register.allKinds')}</option>
            <option value="self-exclusion">{t('register.self-exclusion')}</option>
            <option value="time-out">{t('register.time-out')}</option>
          </select>
        </label>
        <label>
          {t('register.state')}
          <select value={draft.state} onChange={field('state').onInput}>
            <option value="in-force">{t('register.inForce')}</option>
            <option value="all">{t('register.all')}</option>
          </select>
        </label>
        <label>
          {t('register.member')}
          <input inputMode="numeric" size={10} {...field('memberId')} />
        </label>
        <label>
          {t('register.identity')}
          <input size={28} {...field('identity')} />
        </label>
        <button type="submit">{t('register.apply')}</button>
      </form>
      {register.isPending && <Pending />}
      {register.error && <Pending error={register.error} />}
      {register.data?.length === 0 && <p className="notice">{t('register.empty')}</p>}
      {register.data && register.data.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>{t('register.kind')}</th>
              <th>{t('kycQueue.member')}</th>
              <th>{t('players.mobile')}</th>
              <th>{t('register.since')}</th>
              <th>{t('register.until')}</th>
              <th>{t('register.matches')}</th>
            </tr>
          </thead>
          <tbody>
            {register.data.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <span
                    className={`badge ${entry.kind === 'self-exclusion' ? 'status-excluded' : 'status-break'}`}
                  >
                    {t(`register.${entry.kind}`)}
                  </span>
                  {!entry.inForce && <span className="badge">{t('register.ended')}</span>}
                </td>
                <td className="number">{entry.memberId}</td>
                <td>{entry.mobile ?? '—'}</td>
                <td>{formatDate(entry.since, language)}</td>
                <td>
                  {entry.until === null ? t('register.forGood') : formatDate(entry.until, language)}
                  {entry.months !== null && (
                    <div className="muted">{t('register.months', { months: entry.months })}</div>
                  )}
                </td>
                <td>
                  {entry.identities.length === 0 ? (
                    t('register.accountOnly')
                  ) : (
                    <ul className="identities">
                      {entry.identities.map((identity) => (
                        <li key={`${identity.kind}:${identity.value}`}>
                          {t(`identityKind.${identity.kind}`)}: {identity.value}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
