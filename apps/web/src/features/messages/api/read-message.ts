import { MESSAGE_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';
import type { MessageKind } from './get-messages.ts';

/** Marks one message read when the member opens it. */
export function readMessage(kind: MessageKind, id: number): Promise<null> {
  return request<null>(kind === 'member' ? MESSAGE_PATHS.singleRead : MESSAGE_PATHS.systemSingleRead, {
    method: 'POST',
    data: { id },
  });
}
