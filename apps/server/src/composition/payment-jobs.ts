import type { Job } from '../jobs/job-runner.ts';
import type { PaymentDeps } from '../modules/payments/channels/payment-deps.ts';
import { pushQueuedDeposits, reconcileDeposits } from '../modules/payments/deposit/deposit.service.ts';
import { reconcileWithdrawals } from '../modules/payments/withdraw/withdraw.service.ts';

/**
 * The payment reconciliation jobs: deposits whose callback is late or never came are asked about with
 * the STK query; payouts whose outcome is unknown with the Transaction Status query.
 */
export function paymentJobs(deps: PaymentDeps): Job[] {
  return [
    // Pushes queued at M-Pesa's rate ceiling or after it was busy, sent as the paybill's bucket allows.
    { name: 'push-queued-deposits', schedule: { everySeconds: 1 }, run: () => pushQueuedDeposits(deps) },
    // Due orders are asked about with the STK query; each order carries its own next check time.
    { name: 'reconcile-deposits', schedule: { everySeconds: 5 }, run: () => reconcileDeposits(deps) },
    // Payouts sent without a result for a while, or with an unknown outcome: Transaction Status.
    { name: 'reconcile-withdrawals', schedule: { everySeconds: 10 }, run: () => reconcileWithdrawals(deps) },
  ];
}
