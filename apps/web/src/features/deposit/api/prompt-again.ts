import type { TopUpResult } from '@app/contracts/deposit';
import { PAY_SERVICE_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/**
 * Pay service (ours): a new prompt for an order whose prompt expired or was cancelled, as a new order for
 * the same deposit; the answer names its hall.
 */
export function promptAgain(input: { transNo: string; sign: string }): Promise<TopUpResult> {
  return request<TopUpResult>(PAY_SERVICE_PATHS.promptAgain, { method: 'POST', data: input });
}
