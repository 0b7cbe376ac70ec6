import { PAYMENT_PATHS } from '@app/contracts/paths';
import type { MpesaPaymentsStatus } from '@app/contracts/payments-status';
import { useQuery, type QueryOptions } from '../lib/query.ts';
import { request } from '../lib/request.ts';

/** Whether M-Pesa payments are paused (a maintenance window): deposits and withdrawals queue meanwhile. */
export function paymentsStatusQuery(): QueryOptions<MpesaPaymentsStatus> {
  return {
    queryKey: ['payments-status'],
    queryFn: () => request<MpesaPaymentsStatus>(PAYMENT_PATHS.paymentsStatus),
    // A pause starts and ends at any moment: read again on each page that shows it, not more often.
    staleTime: 0,
  };
}

/** Paused now; false until the status is known (or when it cannot be read): nothing to warn of then. */
export function usePaymentsPaused(): boolean {
  return useQuery(paymentsStatusQuery()).data?.paused ?? false;
}
