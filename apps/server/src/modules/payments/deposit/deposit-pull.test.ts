import { beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import {
  depositByMpesa,
  depositOrder,
  newMember,
  QUIET_LOG,
  transactionsOf,
} from '../../../../test/factory.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { testPaymentDeps, useTestApp } from '../../../../test/test-app.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import { reconcilePulledPayments } from './deposit.service.ts';

/**
 * Issue 24 §3: a paid deposit whose callback never came is found in M-Pesa's Pull Transactions (the
 * paybill's C2B payments of the last 48 h) and credited through the same confirm-then-credit path, once.
 */
const ctx = useTestApp({}, { listen: true });
let deps: PaymentDeps;

beforeAll(async () => {
  deps = testPaymentDeps(ctx);
});

describe('Pull Transactions reconciliation', () => {
  it('credits a paid deposit whose callback never came, once, with its receipt', async () => {
    await ctx.mpesa.control({ dropCallbacks: true });
    const member = await newMember(ctx);
    const transNo = await depositByMpesa(ctx, member, 250_00, { until: 'answered' });
    const waiting = await depositOrder(ctx, transNo);
    expect(waiting.state).toBe(DEPOSIT_STATE.waiting);
    const prompt = (await ctx.mpesa.state()).prompts.find(
      (candidate) => candidate.checkoutRequestId === waiting.checkout_request_id,
    ) as { mpesaReceiptNumber?: string } | undefined;
    expect(prompt?.mpesaReceiptNumber).toBeDefined();

    const first = await reconcilePulledPayments(deps, {}, QUIET_LOG);
    expect(first).toEqual({ pulled: 1, settled: 1 });
    const paid = await depositOrder(ctx, transNo);
    expect(paid.state).toBe(DEPOSIT_STATE.paid);
    expect(paid.receipt).toBe(prompt?.mpesaReceiptNumber);
    expect((await transactionsOf(ctx, member.id, 'deposit')).length).toBe(1);

    // The next pulls list it again: nothing more is credited.
    const again = await reconcilePulledPayments(deps, {}, QUIET_LOG);
    expect(again.settled).toBe(0);
    expect((await transactionsOf(ctx, member.id, 'deposit')).length).toBe(1);
    await expectLedgerInvariants(ctx.db);
    await ctx.mpesa.control({ dropCallbacks: false });
  });
});
