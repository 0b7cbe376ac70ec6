import { useState, type FormEvent } from 'react';
import { useCanAccess, useLocaleState } from 'ra-core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminNotice } from '@app/contracts/back-office-content';
import { ERRORS } from '@app/contracts/errors';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { ApiError, callAdminApi } from '../api.ts';
import { formatDate, formatMoney } from '../format.ts';
import { Denied, Pending } from '../players.tsx';
import type { TextKey } from '../texts.ts';
import { useText } from '../use-text.ts';
import { TickerPreview } from './previews.tsx';
import '../programmes/content.css';
import './content.css';

const QUERY_KEY = ['notices'];
/** The longest message the server takes (PublishNoticeRequestSchema). */
const MESSAGE_MAX = 300;

/**
 * The home ticker's notices (issue 26 §5): publish a system notice beside the ticker's preview on a 360 px
 * phone, and the newest notices with the live ones' **End now**. Publishing and ending need
 * `messages.send` (the permission that always published them); both are audited by the server.
 */
export function NoticesPage() {
  const t = useText();
  const [language] = useLocaleState();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'notices', action: 'list' });
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => callAdminApi<AdminNotice[]>(ADMIN_PATHS.publishNotice),
    enabled: Boolean(canAccess),
  });
  const [message, setMessage] = useState('');
  const [hours, setHours] = useState('24');
  const [outcome, setOutcome] = useState<{ text: TextKey } | { error: unknown }>();
  if (checking) return <Pending />;
  if (!canAccess) return <Denied />;
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUERY_KEY });
  const publish = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(undefined);
    try {
      await callAdminApi(ADMIN_PATHS.publishNotice, { method: 'POST', body: { type: 1, message, hours } });
      setMessage('');
      setOutcome({ text: 'notices.published' });
    } catch (error) {
      setOutcome({ error });
    }
    await refresh();
  };
  const end = async (notice: AdminNotice) => {
    setOutcome(undefined);
    try {
      await callAdminApi(ADMIN_PATHS.noticeEnd.replace(':id', String(notice.id)), { method: 'POST' });
      setOutcome({ text: 'notices.ended' });
    } catch (error) {
      setOutcome(
        error instanceof ApiError && error.code === ERRORS.NOTICE_ENDED.code
          ? { text: 'notices.alreadyEnded' }
          : { error },
      );
    }
    await refresh();
  };
  const failure = outcome && 'error' in outcome ? outcome.error : undefined;
  const fields = failure instanceof ApiError ? failure.fields : [];
  return (
    <section>
      <h1>{t('menu.notices')}</h1>
      <p className="muted">{t('notices.hint')}</p>
      <div className="compose">
        <form className="card compose-form" onSubmit={(event) => void publish(event)} noValidate>
          <label className="field">
            {t('notices.message')}
            <textarea
              rows={3}
              value={message}
              maxLength={MESSAGE_MAX}
              onInput={(event) => setMessage(event.currentTarget.value)}
            />
          </label>
          <label className="field">
            {t('notices.hours')}
            <input
              type="number"
              min={1}
              max={24 * 90}
              value={hours}
              onInput={(event) => setHours(event.currentTarget.value)}
            />
          </label>
          {failure !== undefined && (
            <div className="error" role="alert">
              {fields.length > 0 ? (
                <ul>
                  {fields.map((field) => (
                    <li key={field.field}>
                      {field.field}: {field.message}
                    </li>
                  ))}
                </ul>
              ) : (
                <p>{t('app.error')}</p>
              )}
            </div>
          )}
          {outcome && 'text' in outcome && (
            <p className="notice" role="status">
              {t(outcome.text)}
            </p>
          )}
          <p>
            <button type="submit">{t('notices.publish')}</button>
          </p>
          <p className="muted small-text">{t('content.audited')}</p>
        </form>
        <TickerPreview message={message} />
      </div>
      {!query.data ? (
        <Pending error={query.error} />
      ) : query.data.length === 0 ? (
        <p className="muted">{t('notices.none')}</p>
      ) : (
        <table className="table content-table">
          <thead>
            <tr>
              <th>{t('notices.kind')}</th>
              <th>{t('notices.message')}</th>
              <th>{t('content.from')}</th>
              <th>{t('notices.until')}</th>
              <th>{t('content.state')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {query.data.map((notice) => (
              <tr key={notice.id}>
                <td>{t(`notices.kind.${notice.type}`)}</td>
                <td>
                  {notice.message}
                  {notice.mobile && (
                    <span className="muted">
                      {' '}
                      · {notice.mobile}
                      {notice.amount !== null && ` · ${formatMoney(notice.amount, language)}`}
                    </span>
                  )}
                </td>
                <td>{formatDate(notice.startsAt, language)}</td>
                <td>{formatDate(notice.endsAt, language)}</td>
                <td>
                  <span className={notice.live ? 'badge status-active' : 'badge'}>
                    {t(notice.live ? 'content.live' : 'content.notLive')}
                  </span>
                </td>
                <td>
                  {notice.live && (
                    <button
                      type="button"
                      className="secondary"
                      aria-label={`${t('notices.end')}: ${notice.message}`}
                      onClick={() => void end(notice)}
                    >
                      {t('notices.end')}
                    </button>
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
