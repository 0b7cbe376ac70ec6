import type { Job } from '../jobs/scheduler.ts';
import type { PaymentDeps } from './payment-deps.ts';

/**
 * The payment reconciliation jobs: deposits whose callback is late or never came are asked about with
 * the STK query; payouts whose outcome is unknown with the Transaction Status query.
 */
export function paymentJobs(_deps: PaymentDeps): Job[] {
  return [];
}
