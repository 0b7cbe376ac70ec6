import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import type { PulledTransaction } from '../../../adapters/mpesa/daraja-client.ts';
import { DarajaError } from '../../../adapters/mpesa/daraja-error.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import * as repository from './deposit.repository.ts';
import { settlePulledPayment } from './deposit-settlement.ts';
import { consoleLog, type Log } from './deposit-shared.ts';

/**
 * Pull Transactions reconciliation (issue 24 §3): every few minutes, and once a day over the whole day,
 * the paybill's C2B payments are pulled from M-Pesa (48 hours back at most) and each one naming an unpaid
 * order (its AccountReference or the account number typed by hand is the order's number) of the order's
 * own amount is settled as paid, through the one path that credits. A callback that never came costs the
 * member only until the next pull.
 */

/** The regular pull looks this far back: a few runs overlap, so a slow or missed run loses nothing. */
export const PULL_LOOKBACK_MS = 15 * 60_000;
/** The daily close looks back a whole day and some (Daraja keeps 48 hours). */
export const DAILY_CLOSE_LOOKBACK_MS = 26 * 60 * 60_000;
const PULL_PAGE_SIZE = 1000;

async function pullAll(deps: PaymentDeps, start: Date, end: Date): Promise<PulledTransaction[]> {
  const all: PulledTransaction[] = [];
  for (;;) {
    const page = await deps.mpesa.pullTransactions({ start, end, offset: all.length });
    all.push(...page);
    if (page.length < PULL_PAGE_SIZE) return all;
  }
}

/** Pulls, registering the paybill first when Daraja says it is not (a 400 naming the ShortCode). */
async function pullRegistering(deps: PaymentDeps, start: Date, end: Date): Promise<PulledTransaction[]> {
  try {
    return await pullAll(deps, start, end);
  } catch (error) {
    if (!(error instanceof DarajaError) || error.httpStatus !== 400 || !/ShortCode/.test(error.message)) {
      throw error;
    }
    await deps.mpesa.registerPull({ callbackUrl: deps.callbackUrls.stk, nominatedNumber: '' });
    return pullAll(deps, start, end);
  }
}

export async function reconcilePulledPayments(
  deps: PaymentDeps,
  options: { now?: Date; lookbackMs?: number } = {},
  log: Log = consoleLog,
): Promise<{ pulled: number; settled: number }> {
  const now = options.now ?? new Date();
  const start = new Date(now.getTime() - (options.lookbackMs ?? PULL_LOOKBACK_MS));
  // Daraja's times are to the second: the window ends a minute ahead so this second's payments are in it.
  const end = new Date(now.getTime() + 60_000);
  const payments = await pullRegistering(deps, start, end);
  let settled = 0;
  for (const payment of payments) {
    if (payment.billReference === '') continue;
    const order = await repository.findOrderByTransNo(deps.db, payment.billReference);
    // Not one of ours (another use of the paybill), or already paid: nothing to do.
    if (!order || order.state === DEPOSIT_STATE.paid) continue;
    const amount = Math.round(payment.amount * deps.country.scale);
    if (amount !== Number(order.pay_money)) {
      // Paid by hand with another amount: an operator decides (the order's appeal shows it).
      log.error(
        { orderId: order.id, receipt: payment.receipt, amount },
        'deposit: Pull Transactions lists a payment of another amount for this order',
      );
      continue;
    }
    try {
      await settlePulledPayment(deps, order.id, { receipt: payment.receipt, amount }, log);
      settled += 1;
    } catch (error) {
      log.warn({ orderId: order.id, err: error }, 'deposit: settling a pulled payment failed; next pull');
    }
  }
  return { pulled: payments.length, settled };
}
