import { DEPOSIT_STATE, type DepositRecord } from '@app/contracts/payment-records';
import { AppError } from '../../../http/app-error.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import * as repository from './deposit.repository.ts';
import { getMemberDepositOrder } from './deposit-records.ts';
import { queryAndSettle } from './deposit-settlement.ts';
import { consoleLog, type Log } from './deposit-shared.ts';

/** The reconciliation job's part of deposits: open orders asked about again with a growing pause. */

/** Then the STK query is asked again with a growing pause, never more than 10 minutes apart. */
const BACKOFF_MS = [15_000, 30_000, 60_000, 120_000, 300_000, 600_000];

const RECONCILE_BATCH = 20;

function backoff(attempts: number): number {
  return BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0]!;
}

/**
 * Reconciliation (a background job): orders waiting for the customer whose check is due are claimed
 * (SKIP LOCKED, the next check moved forward as a lease), asked about with the STK query (the source of
 * truth when a callback is late or never comes) and settled like a callback would, or left for the next
 * check with a longer pause. Nothing is guessed: an order without a final answer stays waiting.
 */
export async function reconcileDeposits(
  deps: PaymentDeps,
  now: Date = new Date(),
  log: Log = consoleLog,
): Promise<{ checked: number }> {
  const due = await repository.claimDueOrders(deps.db, now, RECONCILE_BATCH, (attempts) => {
    return new Date(now.getTime() + backoff(attempts));
  });
  for (const order of due) {
    try {
      await queryAndSettle(deps, order, log);
    } catch (error) {
      log.warn({ orderId: order.id, err: error }, 'deposit: STK query failed; asked again later');
    }
  }
  return { checked: due.length };
}

/**
 * Asks M-Pesa about one of the member's orders now (a member appealing a deposit): a waiting order, or a
 * failed one that was prompted (the member says they paid: the query is the source of truth), is settled
 * if the query has a final answer. Answers the order as it then is.
 */
export async function recheckDepositOrder(
  deps: PaymentDeps,
  memberId: number,
  orderId: number,
  log: Log = consoleLog,
): Promise<DepositRecord> {
  const order = await repository.findOrderById(deps.db, orderId);
  if (!order || order.member_id !== memberId) throw new AppError('NOT_FOUND');
  const prompted = order.checkout_request_id !== null;
  if (order.state === DEPOSIT_STATE.waiting || (order.state === DEPOSIT_STATE.failed && prompted)) {
    try {
      await queryAndSettle(deps, order, log);
    } catch (error) {
      log.warn({ orderId, err: error }, 'deposit: STK query on recheck failed');
    }
  }
  return getMemberDepositOrder(deps.db, memberId, orderId);
}
