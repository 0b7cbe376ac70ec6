import type { DepositResult } from '@app/contracts/deposit';
import { PAY_SERVICE_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Pay service: the state of an order, the sign checked. */
export function getPaymentResult(input: { transNo: string; sign: string }): Promise<DepositResult> {
  return request<DepositResult>(PAY_SERVICE_PATHS.paymentResult, { method: 'POST', data: input });
}
