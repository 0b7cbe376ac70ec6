import type { TopUpResult } from '@app/contracts/deposit';
import { PAYMENT_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

export type TopUpInput = { itemId?: number | undefined; payMoney: number; payChannel: number };

/** The top-up call (spec §4 pay flow): the answer's redirectUrl names the payment hall, transNo and sign. */
export function topUp(input: TopUpInput): Promise<TopUpResult> {
  return request<TopUpResult>(PAYMENT_PATHS.topUp, { method: 'POST', data: input });
}
