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

/** 128 random bits as hex (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
