import { useState, type FormEvent } from 'react';
import { useLocaleState } from 'ra-core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { MpesaPauseView } from '@app/contracts/payments-status';
import { callAdminApi } from '../api.ts';
import { formatDate } from '../format.ts';
import { Pending } from '../players.tsx';
import { useText } from '../use-text.ts';
import { Outcome } from './decision.tsx';

const QUERY_KEY = ['payment-cases', 'mpesa-pause'];

/**
 * M-Pesa's "payments paused" mode on the payment cases screen (issue 24 §3, `mpesa-pause.ts`): whether
 * payments run, and if not since when, why and by whom (an operator, or Daraja's maintenance answer), with
 * the deposits and withdrawals that wait; and, for staff who decide payments, the switch: pause with the
 * reason (Safaricom's announced window) or resume, after which the queues send what waited. The server
 * audits each change.
 */
export function MpesaPausePanel({ canSwitch }: { canSwitch: boolean }) {
  const t = useText();
  const [language] = useLocaleState();
  const queryClient = useQueryClient();
  const view = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => callAdminApi<MpesaPauseView>(ADMIN_PATHS.mpesaPause),
  });
  const [outcome, setOutcome] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pause = view.data;
  // A failed read says so: the operator must not take a missing panel for payments running.
  if (!pause) return view.error ? <Pending error={view.error} /> : null;

  const switchTo = async (paused: boolean, reason: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      await callAdminApi(ADMIN_PATHS.mpesaPause, { method: 'POST', body: { paused, reason } });
      setOutcome(t(paused ? 'pause.paused' : 'pause.resumed'));
    } catch {
      setOutcome(t('app.error'));
    } finally {
      setBusy(false);
      // The cases below change too: a resumed queue sends what waited.
      await queryClient.invalidateQueries({ queryKey: ['payment-cases'] });
    }
  };
  const submitPause = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void switchTo(true, String(new FormData(event.currentTarget).get('reason') ?? ''));
  };

  return (
    <div className="card panel" role="region" aria-label={t('pause.title')}>
      <h2>{t('pause.title')}</h2>
      {pause.paused ? (
        <p className="notice" data-testid="mpesa-pause-state">
          {t(pause.source === 'daraja' ? 'pause.byDaraja' : 'pause.byOperator', {
            since: formatDate(pause.since, language),
            who: pause.pausedBy ?? '',
            reason: pause.reason || '—',
          })}
        </p>
      ) : (
        <p data-testid="mpesa-pause-state">{t('pause.running')}</p>
      )}
      <p className="muted">
        {t('pause.queued', { deposits: pause.queued.deposits, withdrawals: pause.queued.withdrawals })}
      </p>
      <Outcome>{outcome}</Outcome>
      {canSwitch &&
        (pause.paused ? (
          <button type="button" disabled={busy} onClick={() => void switchTo(false, '')}>
            {t('pause.resume')}
          </button>
        ) : (
          <form className="fields" aria-label={t('pause.formTitle')} onSubmit={submitPause}>
            <label>
              {t('pause.reason')}
              <input name="reason" required maxLength={200} />
            </label>
            <button type="submit" disabled={busy}>
              {t('pause.pause')}
            </button>
          </form>
        ))}
    </div>
  );
}
