import type { InboxMessage } from '@app/contracts/message';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';

type MessageItemProps = {
  message: InboxMessage;
  open: boolean;
  formatTime: (iso: string) => string;
  onToggle: (message: InboxMessage) => void;
  /** Absent for system messages, which the member cannot delete. */
  onDelete?: (message: InboxMessage) => void;
};

/** One message: title, time and a preview; tapping opens the whole text (and marks it read). */
export function MessageItem({ message, open, formatTime, onToggle, onDelete }: MessageItemProps) {
  const { t } = useTranslation();
  const bodyId = `message-${message.id}`;
  return (
    <li className={`message${message.isRead ? '' : ' is-unread'}`} data-testid="message-item">
      <button
        type="button"
        className="message__head"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => onToggle(message)}
      >
        {message.isRead ? null : (
          <span className="message__dot" data-testid="unread-dot">
            <span className="visually-hidden">{t('messages.unread')}</span>
          </span>
        )}
        <span className="message__title">{message.title}</span>
        <time className="message__time" dateTime={message.createTime}>
          {formatTime(message.createTime)}
        </time>
        {open ? null : <span className="message__preview">{message.content}</span>}
      </button>
      {open ? (
        <div id={bodyId} className="message__body">
          <p className="message__content">{message.content}</p>
          {message.link ? (
            <Link className="button button--small button--primary message__link" to={message.link}>
              {t('messages.open')}
            </Link>
          ) : null}
          {onDelete ? (
            <button
              type="button"
              className="button button--small button--ghost message__delete"
              onClick={() => onDelete(message)}
            >
              {t('messages.delete')}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
