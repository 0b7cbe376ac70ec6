import type { DepositResult } from '@app/contracts/deposit';
import { PAYMENT_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** The deposit state poll by transaction number (state below 3: still waiting). */
export function getDepositResult(transNo: string): Promise<DepositResult> {
  return request<DepositResult>(PAYMENT_PATHS.depositResult, { params: { transNo } });
}
