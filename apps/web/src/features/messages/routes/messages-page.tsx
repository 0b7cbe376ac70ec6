import type { InboxMessage } from '@app/contracts/message';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useCallback, useState } from 'react';
import { Navigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useTimeFormat } from '../../../lib/use-date-format.ts';
import { useUnreadCount } from '../../../lib/member-activity.ts';
import { useSettings } from '../../../lib/settings.ts';
import { showToast } from '../../../lib/toast.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import type { MessageKind } from '../api/get-messages.ts';
import { MessageItem } from '../components/message-item.tsx';
import { MessageTabs } from '../components/message-tabs.tsx';
import { useMessageList } from '../components/use-message-list.ts';
import '../components/messages.css';

function MessagesScreen({ kind }: { kind: MessageKind }) {
  const { t } = useTranslation();
  const { theme } = useSettings();
  const formatTime = useTimeFormat();
  const unread = useUnreadCount();
  const list = useMessageList(kind);
  const { markRead, remove } = list;
  const [openId, setOpenId] = useState<number>();
  const [deleting, setDeleting] = useState<InboxMessage>();
  const asking = usePopup('message-delete', deleting !== undefined);

  const toggle = useCallback(
    (message: InboxMessage) => {
      setOpenId((current) => (current === message.id ? undefined : message.id));
      markRead(message);
    },
    [markRead],
  );
  const confirmDelete = useCallback(() => {
    if (!deleting) return;
    setDeleting(undefined);
    void remove(deleting).then((removed) => {
      if (removed) showToast(t('messages.deleted'), { kind: 'success' });
    });
  }, [deleting, remove, t]);

  const isInbox = kind === 'member';
  const hasUnread = isInbox && (unread > 0 || list.messages.some((message) => !message.isRead));
  return (
    <div className="messages">
      <NavBar title={t('messages.title')} />
      {theme === 'luckywin' ? <MessageTabs /> : null}
      {hasUnread ? (
        <div className="messages__toolbar">
          <button type="button" className="button button--small button--ghost" onClick={list.markAllRead}>
            {t('messages.readAll')}
          </button>
        </div>
      ) : null}
      {list.status !== 'success' ? (
        <QueryStatus status={list.status} error={list.error} onRetry={list.reload} />
      ) : list.messages.length === 0 ? (
        <p className="page-status" data-testid="messages-empty">
          {t('messages.empty')}
        </p>
      ) : (
        <ul className="messages__list">
          {list.messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              open={openId === message.id}
              formatTime={formatTime}
              onToggle={toggle}
              onDelete={isInbox ? setDeleting : undefined}
            />
          ))}
        </ul>
      )}
      {list.hasMore ? (
        <button
          type="button"
          className="button button--ghost button--block messages__more"
          onClick={list.loadMore}
          disabled={list.loadingMore}
        >
          {t('messages.loadMore')}
        </button>
      ) : null}
      {asking ? (
        <ConfirmDialog
          message={t('messages.deleteConfirm')}
          confirmLabel={t('messages.delete')}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(undefined)}
        />
      ) : null}
    </div>
  );
}

/** `/member/messages` (spec §2, login required): the member's inbox, newest first. */
export function MemberMessagesPage() {
  return <MessagesScreen kind="member" />;
}

/** `/system/messages`: LuckyWin only; WinSlots players land in their inbox. */
export function SystemMessagesPage() {
  const { theme } = useSettings();
  if (theme !== 'luckywin') return <Navigate to={PAGE_PATHS.memberMessages} replace />;
  return <MessagesScreen kind="system" />;
}
