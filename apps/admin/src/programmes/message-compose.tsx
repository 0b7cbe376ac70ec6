import { useState, type FormEvent } from 'react';
import { useCanAccess, useLocaleState } from 'ra-core';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { ApiError, callAdminApi } from '../api.ts';
import { formatCount } from '../format.ts';
import { Denied, Pending } from '../players.tsx';
import { useText } from '../use-text.ts';
import './content.css';

type Audience = 'member' | 'all' | 'system';

/** The longest title and text the server takes (SendMessageRequestSchema). */
const TITLE_MAX = 120;
const CONTENT_MAX = 4000;

/**
 * An inbox message (issue 26 §5 "content"): to one player by mobile, a copy to every active player, or a
 * system message, with a preview of how a player sees it on a 360 px phone (the inbox's closed line, then
 * the opened text). The server checks the fields and writes the audit entry (`message.send`: who, to whom,
 * what); a message to every player asks for a second confirmation.
 */
export function MessageCompose() {
  const t = useText();
  const [language] = useLocaleState();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'messages', action: 'list' });
  const [audience, setAudience] = useState<Audience>('member');
  const [mobile, setMobile] = useState('');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [everyoneConfirmed, setEveryoneConfirmed] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ sent: number } | { error: unknown }>();
  if (checking) return <Pending />;
  if (!canAccess) return <Denied />;
  const fieldErrors =
    outcome && 'error' in outcome && outcome.error instanceof ApiError ? outcome.error.fields : [];
  const errorOf = (field: string) => fieldErrors.find((each) => each.field === field)?.message;
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setOutcome(undefined);
    try {
      const to = audience === 'member' ? mobile.trim() : audience;
      const { sent } = await callAdminApi<{ sent: number }>(ADMIN_PATHS.sendMessage, {
        method: 'POST',
        body: { to, title, content },
      });
      setOutcome({ sent });
      setTitle('');
      setContent('');
      setEveryoneConfirmed(false);
    } catch (error) {
      setOutcome({ error });
    } finally {
      setSending(false);
    }
  };
  const failure = outcome && 'error' in outcome ? outcome.error : undefined;
  return (
    <section>
      <h1>{t('menu.messages')}</h1>
      <p className="muted">{t('messages.hint')}</p>
      <div className="compose">
        <form className="card compose-form" onSubmit={send} noValidate>
          <fieldset className="audience">
            <legend>{t('messages.to')}</legend>
            {(['member', 'all', 'system'] as const).map((each) => (
              <label key={each} className="checkbox">
                <input
                  type="radio"
                  name="audience"
                  value={each}
                  checked={audience === each}
                  onChange={() => {
                    setAudience(each);
                    setEveryoneConfirmed(false);
                  }}
                />
                {t(`messages.to.${each}`)}
              </label>
            ))}
          </fieldset>
          {audience === 'member' && (
            <label className="field">
              {t('messages.mobile')}
              <input
                type="tel"
                value={mobile}
                maxLength={20}
                aria-invalid={errorOf('to') ? true : undefined}
                onInput={(event) => setMobile(event.currentTarget.value)}
              />
              {errorOf('to') && <span className="field-error">{errorOf('to')}</span>}
            </label>
          )}
          <CountedText
            label={t('messages.title')}
            value={title}
            max={TITLE_MAX}
            error={errorOf('title')}
            onInput={setTitle}
          />
          <CountedText
            label={t('messages.content')}
            value={content}
            max={CONTENT_MAX}
            error={errorOf('content')}
            onInput={setContent}
            rows={8}
          />
          {audience === 'all' && (
            <label className="checkbox notice">
              <input
                type="checkbox"
                checked={everyoneConfirmed}
                onChange={(event) => setEveryoneConfirmed(event.currentTarget.checked)}
              />
              {t('messages.confirmAll')}
            </label>
          )}
          {failure !== undefined && (
            <p className="error" role="alert">
              {failure instanceof ApiError && failure.status === 404
                ? t('messages.noMember')
                : t('messages.failed')}
            </p>
          )}
          {outcome && 'sent' in outcome && (
            <p className="notice" role="status">
              {t('messages.sent', { count: formatCount(outcome.sent, language) })}
            </p>
          )}
          <p>
            <button type="submit" disabled={sending || (audience === 'all' && !everyoneConfirmed)}>
              {t('messages.send')}
            </button>
          </p>
          <p className="muted small-text">{t('messages.audited')}</p>
        </form>
        <MessagePreview title={title} content={content} />
      </div>
    </section>
  );
}

/** A text the server takes up to `max` characters (a textarea when given `rows`), with what is left. */
function CountedText(props: {
  label: string;
  value: string;
  max: number;
  error: string | undefined;
  onInput: (value: string) => void;
  rows?: number;
}) {
  const t = useText();
  const [language] = useLocaleState();
  const input = {
    value: props.value,
    maxLength: props.max,
    'aria-invalid': props.error ? true : undefined,
    onInput: (event: { currentTarget: { value: string } }) => props.onInput(event.currentTarget.value),
  };
  return (
    <label className="field">
      {props.label}
      {props.rows ? <textarea rows={props.rows} {...input} /> : <input type="text" {...input} />}
      <span className="muted small-text">
        {t('messages.left', { count: formatCount(props.max - props.value.length, language) })}
      </span>
      {props.error && <span className="field-error">{props.error}</span>}
    </label>
  );
}

/**
 * The message as a player's inbox shows it on a 360 px phone: the closed line (unread dot, title, time, the
 * text's first line), then the same message opened. A picture of the app's screen, not the app itself.
 */
function MessagePreview({ title, content }: { title: string; content: string }) {
  const t = useText();
  const shownTitle = title.trim() || t('messages.previewTitle');
  const shownContent = content.trim() || t('messages.previewContent');
  return (
    <figure className="phone-preview" aria-label={t('messages.preview')}>
      <figcaption className="muted small-text">{t('messages.preview')}</figcaption>
      <div className="phone" data-testid="message-preview">
        <div className="phone-bar">{t('menu.messages')}</div>
        <ul className="phone-list">
          <li className="phone-message">
            <span className="phone-dot" />
            <span className="phone-title">{shownTitle}</span>
            <span className="phone-time">{t('messages.now')}</span>
            <span className="phone-line">{shownContent}</span>
          </li>
          <li className="phone-message open">
            <span className="phone-title">{shownTitle}</span>
            <span className="phone-time">{t('messages.now')}</span>
            <p className="phone-text">{shownContent}</p>
          </li>
        </ul>
      </div>
    </figure>
  );
}
