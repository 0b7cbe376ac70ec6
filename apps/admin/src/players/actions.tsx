import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useLocaleState, useRefresh } from 'ra-core';
import { ADMIN_PLAYER_PATHS, type PlayerAccount } from '@app/contracts/back-office-players';
import { LIMIT_NAMES, type LimitName, type PlayerLimits } from '@app/contracts/limits';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { callAdminApi } from '../api.ts';
import { formatDate } from '../format.ts';
import type { TextKey } from '../texts.ts';
import { useText } from '../use-text.ts';
import { ErrorLine } from './notes.tsx';
import { playerPath } from './panels.tsx';

/**
 * One action with its reason: a small form, its own permission (the server checks it again), and on
 * success the account's state and the rest of the view read again. Each is an audit entry with before and
 * after, made by the server in the same transaction as the change.
 */
function ActionForm({
  title,
  submit,
  pending,
  error,
  danger,
  children,
  onSubmit,
}: {
  title: string;
  submit: string;
  pending: boolean;
  error: unknown;
  danger?: boolean;
  children?: ReactNode;
  onSubmit: (reason: string) => void;
}) {
  const t = useText();
  const [reason, setReason] = useState('');
  const send = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(reason.trim());
  };
  return (
    <form className="card panel stack" onSubmit={send} aria-label={title}>
      <h2>{title}</h2>
      {children}
      <label>
        {t('actions.reason')}
        <input
          value={reason}
          minLength={3}
          maxLength={500}
          required
          onInput={(event) => setReason(event.currentTarget.value)}
        />
      </label>
      <button
        type="submit"
        className={danger ? 'danger' : undefined}
        disabled={pending || reason.trim().length < 3}
      >
        {submit}
      </button>
      <ErrorLine error={error} />
    </form>
  );
}

function limitLabel(name: LimitName, t: ReturnType<typeof useText>): string {
  const [kind, period] = name.split(':') as [string, string | undefined];
  return period ? `${t(`limit.${kind}` as TextKey)} ${t(`period.${period}` as TextKey)}` : name;
}

export function ActionsPanel({ memberId }: { memberId: number }) {
  const t = useText();
  const [language] = useLocaleState();
  const refresh = useRefresh();
  const client = useQueryClient();
  const { canAccess: canWrite } = useCanAccess({ resource: 'players', action: 'write' });
  const { canAccess: canDisable } = useCanAccess({ resource: 'players', action: 'disable' });
  const { canAccess: canProtect } = useCanAccess({ resource: 'players', action: 'protect' });
  const key = ['player-account', memberId];
  const account = useQuery({
    queryKey: key,
    queryFn: () => callAdminApi<PlayerAccount>(playerPath(ADMIN_PLAYER_PATHS.account, memberId)),
  });
  const [done, setDone] = useState(false);
  const [hours, setHours] = useState('24');
  const [limit, setLimit] = useState<LimitName>(LIMIT_NAMES[0]!);
  const [amount, setAmount] = useState('');

  const after = () => {
    setDone(true);
    void client.invalidateQueries({ queryKey: ['player-panel', memberId] });
    refresh();
  };
  const act = useMutation({
    mutationFn: ({ path, body }: { path: string; body: Record<string, unknown> }) =>
      callAdminApi<PlayerAccount>(playerPath(path, memberId), { method: 'POST', body }),
    onMutate: () => setDone(false),
    onSuccess: (data) => {
      client.setQueryData(key, data);
      after();
    },
  });
  const lower = useMutation({
    mutationFn: (body: { name: LimitName; amount: number; reason: string }) =>
      callAdminApi<PlayerLimits>(playerPath(ADMIN_PATHS.memberLimits, memberId), { method: 'POST', body }),
    onMutate: () => setDone(false),
    onSuccess: after,
  });

  if (account.error) return <ErrorLine error={account.error} />;
  if (!account.data) return <p className="muted">{t('app.loading')}</p>;
  const state = account.data;
  const run =
    (path: string, body: Record<string, unknown> = {}) =>
    (reason: string) =>
      act.mutate({ path, body: { ...body, reason } });
  return (
    <div>
      <section className="card panel">
        <h2>{t('actions.account')}</h2>
        <p>
          {state.disabled ? (
            <span className="badge status-excluded">
              {t('actions.disabled', {
                at: formatDate(state.disabledAt, language),
                reason: state.disabledReason ?? '—',
              })}
            </span>
          ) : (
            <span className="badge status-active">{t('actions.enabledState')}</span>
          )}
          {state.breakEndsAt && (
            <span className="badge status-break">
              {t('actions.breakUntil', { at: formatDate(state.breakEndsAt, language) })}
            </span>
          )}
        </p>
        <p className="muted">{t('actions.liveSessions', { count: state.liveSessions })}</p>
        <p className="muted">{t('actions.secretNote')}</p>
        {done && (
          <p className="notice" role="status">
            {t('actions.done')}
          </p>
        )}
      </section>
      <div className="grid">
        {canDisable &&
          (state.disabled ? (
            <ActionForm
              title={t('actions.enable')}
              submit={t('actions.enable')}
              pending={act.isPending}
              error={act.error}
              onSubmit={run(ADMIN_PLAYER_PATHS.enable)}
            />
          ) : (
            <ActionForm
              title={t('actions.disable')}
              submit={t('actions.disable')}
              pending={act.isPending}
              error={act.error}
              danger
              onSubmit={run(ADMIN_PLAYER_PATHS.disable)}
            />
          ))}
        {canWrite && (
          <ActionForm
            title={t('actions.endSessions')}
            submit={t('actions.endSessions')}
            pending={act.isPending}
            error={act.error}
            onSubmit={run(ADMIN_PLAYER_PATHS.endSessions)}
          />
        )}
        {canProtect && (
          <ActionForm
            title={t('actions.timeOut')}
            submit={t('actions.timeOut')}
            pending={act.isPending}
            error={act.error}
            onSubmit={(reason) => run(ADMIN_PLAYER_PATHS.timeOut, { hours: Number(hours) })(reason)}
          >
            <label>
              {t('actions.hours')}
              <input
                type="number"
                min={1}
                step={1}
                value={hours}
                onInput={(event) => setHours(event.currentTarget.value)}
              />
            </label>
          </ActionForm>
        )}
        {canProtect && (
          <ActionForm
            title={t('actions.lowerLimit')}
            submit={t('actions.lowerLimit')}
            pending={lower.isPending}
            error={lower.error}
            onSubmit={(reason) => lower.mutate({ name: limit, amount: Number(amount), reason })}
          >
            <label>
              {t('actions.limit')}
              <select value={limit} onChange={(event) => setLimit(event.currentTarget.value as LimitName)}>
                {LIMIT_NAMES.map((name) => (
                  <option key={name} value={name}>
                    {limitLabel(name, t)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('actions.newAmount')}
              <input
                type="number"
                min={1}
                step={1}
                required
                value={amount}
                onInput={(event) => setAmount(event.currentTarget.value)}
              />
            </label>
          </ActionForm>
        )}
      </div>
    </div>
  );
}
