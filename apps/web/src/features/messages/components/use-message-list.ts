import type { InboxMessage } from '@app/contracts/message';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getUnreadCount, onNewMessage, setUnreadCount } from '../../../lib/member-activity.ts';
import { MESSAGE_PAGE_SIZE } from '@app/contracts/message-rules';
import { toastError } from '../../../lib/toast.ts';
import { deleteMessage } from '../api/delete-message.ts';
import { getMessages, type MessageKind } from '../api/get-messages.ts';
import { readAllMessages } from '../api/read-all-messages.ts';
import { readMessage } from '../api/read-message.ts';

export type MessageListState = {
  status: 'pending' | 'success' | 'error';
  error: unknown;
  messages: InboxMessage[];
  total: number;
  loadingMore: boolean;
};

const INITIAL: MessageListState = {
  status: 'pending',
  error: undefined,
  messages: [],
  total: 0,
  loadingMore: false,
};

/** New messages first; a page fetched after a change to the list may repeat some, which are dropped. */
function append(list: InboxMessage[], more: InboxMessage[]): InboxMessage[] {
  const known = new Set(list.map((message) => message.id));
  return [...list, ...more.filter((message) => !known.has(message.id))];
}

/**
 * The messages screen's list: pages of 20 with "load more", and the member's actions on it. The inbox's
 * actions move the unread badge at once; the next poll confirms it.
 */
export function useMessageList(kind: MessageKind) {
  const [state, setState] = useState<MessageListState>(INITIAL);
  // A reload makes answers to earlier requests stale.
  const run = useRef(0);

  const reload = useCallback(() => {
    const current = ++run.current;
    setState((previous) => ({ ...previous, error: undefined, loadingMore: false }));
    getMessages(kind, 1).then(
      (page) => {
        if (current !== run.current) return;
        setState({
          status: 'success',
          error: undefined,
          messages: page.list,
          total: page.total,
          loadingMore: false,
        });
      },
      (error: unknown) => {
        if (current !== run.current) return;
        // A failed refresh keeps the list already shown.
        setState((previous) =>
          previous.status === 'success' ? previous : { ...previous, status: 'error', error },
        );
      },
    );
  }, [kind]);

  useEffect(() => reload(), [reload]);

  // A message arriving while the inbox is open shows up in it.
  useEffect(() => (kind === 'member' ? onNewMessage(reload) : undefined), [kind, reload]);

  const loaded = state.messages.length;
  const loadMore = useCallback(() => {
    const current = run.current;
    // Deleted messages shift later ones forward: ask from the page holding the next unseen one.
    const page = Math.floor(loaded / MESSAGE_PAGE_SIZE) + 1;
    setState((previous) => ({ ...previous, loadingMore: true }));
    getMessages(kind, page).then(
      (answer) => {
        if (current !== run.current) return;
        setState((previous) => ({
          ...previous,
          messages: append(previous.messages, answer.list),
          total: answer.total,
          loadingMore: false,
        }));
      },
      (error: unknown) => {
        if (current !== run.current) return;
        setState((previous) => ({ ...previous, loadingMore: false }));
        toastError(error);
      },
    );
  }, [kind, loaded]);

  const setRead = useCallback((id: number, isRead: boolean) => {
    setState((previous) => ({
      ...previous,
      messages: previous.messages.map((message) => (message.id === id ? { ...message, isRead } : message)),
    }));
  }, []);

  /** Opening an unread message marks it read; if the server does not take it, it shows unread again. */
  const markRead = useCallback(
    (message: InboxMessage) => {
      if (message.isRead) return;
      setRead(message.id, true);
      if (kind === 'member') setUnreadCount(getUnreadCount() - 1);
      readMessage(kind, message.id).catch((error: unknown) => {
        console.warn('[messages] mark read failed', error);
        setRead(message.id, false);
        if (kind === 'member') setUnreadCount(getUnreadCount() + 1);
      });
    },
    [kind, setRead],
  );

  const markAllRead = useCallback(
    () =>
      readAllMessages().then(() => {
        setState((previous) => ({
          ...previous,
          messages: previous.messages.map((message) => ({ ...message, isRead: true })),
        }));
        setUnreadCount(0);
      }, toastError),
    [],
  );

  const remove = useCallback(
    (message: InboxMessage) =>
      deleteMessage(message.id).then(
        () => {
          setState((previous) => ({
            ...previous,
            messages: previous.messages.filter((item) => item.id !== message.id),
            total: Math.max(0, previous.total - 1),
          }));
          if (!message.isRead) setUnreadCount(getUnreadCount() - 1);
          return true;
        },
        (error: unknown) => {
          toastError(error);
          return false;
        },
      ),
    [],
  );

  return {
    ...state,
    hasMore: state.status === 'success' && loaded < state.total,
    reload,
    loadMore,
    markRead,
    markAllRead,
    remove,
  };
}
