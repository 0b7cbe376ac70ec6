import type { DepositResult } from '@app/contracts/deposit';
import { PAY_SERVICE_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Pay service: the STK Push to the number typed in the hall (extendInfo is JSON with the phone). */
export function initPayment(input: {
  payToken: string;
  sign: string;
  payChannelId: number;
  phone: string;
}): Promise<DepositResult> {
  return request<DepositResult>(PAY_SERVICE_PATHS.initPayment, {
    method: 'POST',
    data: {
      payToken: input.payToken,
      sign: input.sign,
      payChannelId: input.payChannelId,
      extendInfo: JSON.stringify({ phone: input.phone }),
    },
  });
}
