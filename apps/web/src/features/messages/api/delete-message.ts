import { MESSAGE_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Deletes one message of the member's inbox (a GET with `id`, as spec §7 has it). */
export function deleteMessage(id: number): Promise<null> {
  return request<null>(MESSAGE_PATHS.remove, { params: { id } });
}
