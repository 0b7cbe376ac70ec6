import type { Job } from '../jobs/job-runner.ts';
import type { PaymentDeps } from '../modules/payments/channels/payment-deps.ts';
import {
  DAILY_CLOSE_LOOKBACK_MS,
  pushQueuedDeposits,
  reconcileDeposits,
  reconcilePulledPayments,
} from '../modules/payments/deposit/deposit.service.ts';
import { probeMaintenance } from '../modules/payments/channels/channels.service.ts';
import {
  reconcileWithdrawals,
  requestFloatCheck,
  sendQueuedPayouts,
} from '../modules/payments/withdraw/withdraw.service.ts';

/**
 * The payment reconciliation jobs: deposits whose callback is late or never came are asked about with
 * the STK query; payouts whose outcome is unknown with the Transaction Status query.
 */
export function paymentJobs(deps: PaymentDeps): Job[] {
  return [
    // Pushes queued at M-Pesa's rate ceiling or after it was busy, sent as the paybill's bucket allows.
    { name: 'push-queued-deposits', schedule: { everySeconds: 2 }, run: () => pushQueuedDeposits(deps) },
    // Withdrawals queued while M-Pesa payments were paused, sent once the pause ends (a payout may wait a
    // few seconds more than a prompt: nobody stands at the phone for it).
    { name: 'send-queued-payouts', schedule: { everySeconds: 5 }, run: () => sendQueuedPayouts(deps) },
    // A pause Daraja's maintenance answer started: one instance asks it when its probe is due.
    { name: 'probe-mpesa-maintenance', schedule: { everySeconds: 10 }, run: () => probeMaintenance(deps) },
    // Due orders are asked about with the STK query; each order carries its own next check time.
    { name: 'reconcile-deposits', schedule: { everySeconds: 5 }, run: () => reconcileDeposits(deps) },
    // C2B payments M-Pesa lists whose callback never came (Pull Transactions), every 5 minutes...
    {
      name: 'pull-c2b-payments',
      schedule: { cron: '*/5 * * * *' },
      run: () => reconcilePulledPayments(deps),
    },
    // ...and the daily close over the whole day, in the small hours of the market's time zone.
    {
      name: 'close-c2b-payments',
      schedule: { cron: '30 0 * * *' },
      run: () => reconcilePulledPayments(deps, { lookbackMs: DAILY_CLOSE_LOOKBACK_MS }),
    },
    // The B2C float (Account Balance): its Result alerts operators when it runs low.
    { name: 'check-b2c-float', schedule: { cron: '*/10 * * * *' }, run: () => requestFloatCheck(deps) },
    // Payouts sent without a result for a while, or with an unknown outcome: Transaction Status.
    { name: 'reconcile-withdrawals', schedule: { everySeconds: 10 }, run: () => reconcileWithdrawals(deps) },
  ];
}
