import { PAYMENT_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** The tax (minor units) the server would withhold from `money` (minor units) now. */
export function getMemberTax(money: number, signal?: AbortSignal): Promise<number> {
  return request<number>(PAYMENT_PATHS.memberTax, { params: { money }, signal });
}
