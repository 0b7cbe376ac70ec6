import type { InboxMessage } from '@app/contracts/message';
import { MESSAGE_PATHS } from '@app/contracts/paths';
import { MESSAGE_PAGE_SIZE } from '@app/contracts/message-rules';
import { request } from '../../../lib/request.ts';

/** `member`: the member's own inbox; `system`: messages for every member (LuckyWin). */
export type MessageKind = 'member' | 'system';

export type MessagePage = { list: InboxMessage[]; total: number; page: number; size: number };

/** One page of messages, newest first (spec §7, §9: 20 per page). */
export function getMessages(kind: MessageKind, page: number): Promise<MessagePage> {
  return request<MessagePage>(kind === 'member' ? MESSAGE_PATHS.inbox : MESSAGE_PATHS.systemMessages, {
    params: { page, size: MESSAGE_PAGE_SIZE },
  });
}
