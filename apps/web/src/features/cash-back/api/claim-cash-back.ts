import type { CashBackClaimResult } from '@app/contracts/cash-back';
import { CASH_BACK_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Claims the cash back of `week` (the Monday the page showed); the amount and the balances after. */
export function claimCashBack(week: string): Promise<CashBackClaimResult> {
  return request<CashBackClaimResult>(CASH_BACK_PATHS.claim, { method: 'POST', data: { week } });
}
