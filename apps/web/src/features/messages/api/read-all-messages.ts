import { MESSAGE_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Marks every message in the member's inbox read: batchRead without ids means all (docs/api.md). */
export function readAllMessages(): Promise<null> {
  return request<null>(MESSAGE_PATHS.batchRead, { method: 'POST' });
}
