import type { ExchangeResult } from '@app/contracts/exchange';
import { PAYMENT_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/**
 * One exchange (spec §7 `account/exchange {id}`). `requestId` names the tap: sending it again (a double
 * tap, a retry after a lost answer) is the same exchange, done once by the server.
 */
export function exchangeToCash(id: number, requestId: string): Promise<ExchangeResult> {
  return request<ExchangeResult>(PAYMENT_PATHS.exchange, { method: 'POST', data: { id, requestId } });
}
