import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYMENT_PATHS } from '@app/contracts/paths';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import { callApi } from '../../../../test/api-client.ts';
import {
  depositOrder,
  newMember,
  QUIET_LOG,
  type TestMember,
  transactionsOf,
} from '../../../../test/factory.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { TEST_MPESA_PIN, testPaymentDeps, useTestApp } from '../../../../test/test-app.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import { QUEUED_MESSAGE, SENDING_MESSAGE } from './deposit-messages.ts';
import * as repository from './deposit.repository.ts';
import { getDepositResult, pushQueuedDeposits, reconcileDeposits } from './deposit.service.ts';

/**
 * Issue 24 §3: at peak M-Pesa is the bottleneck. Daraja refuses beyond an unpublished per-shortcode TPS
 * ceiling (500.003.02/03), fails prompts with 26 when busy and 1001 while the customer is in another
 * session. Pushes go through a token bucket shared by the instances, wait in the deposit queue ("we will
 * prompt your phone shortly") and go again with a growing pause; none is lost or paid twice.
 */
const RATE = 10;
const BURST_OF_DEPOSITS = 30;

const ctx = useTestApp(
  { MPESA_PUSHES_PER_SECOND: String(RATE), MPESA_PUSH_BURST: String(RATE) },
  { listen: true },
);
let deps: PaymentDeps;
let mpesaChannel = 0;

beforeAll(async () => {
  deps = testPaymentDeps(ctx);
  const channels = await callApi(ctx, PAYMENT_PATHS.depositChannels, { method: 'GET' });
  mpesaChannel = channels.data.find((c: { channelCode: string }) => c.channelCode === 'MPESA').id;
});
afterEach(async () => {
  await ctx.mpesa.control({ tpsLimit: null, stkImmediateResultCode: null, stkImmediateResultMsisdns: null });
});

function topUp(member: TestMember, payMoney: number) {
  return callApi(ctx, PAYMENT_PATHS.topUp, {
    token: member.token,
    form: { payMoney: String(payMoney), payChannel: String(mpesaChannel) },
  });
}

/** The order once M-Pesa's failure of its push (the callback, confirmed by the query) has queued it again. */
function waitUntilQueued(transNo: string) {
  return vi.waitFor(
    async () => {
      const order = await depositOrder(ctx, transNo);
      expect(order.state).toBe(DEPOSIT_STATE.queued);
      return order;
    },
    { timeout: 10_000, interval: 50 },
  );
}

describe('M-Pesa admission control', () => {
  it('a burst over a 10/s ceiling: every deposit told where it stands, none lost, none paid twice', async () => {
    await ctx.mpesa.control({ tpsLimit: RATE });
    const members = await Promise.all(Array.from({ length: BURST_OF_DEPOSITS }, () => newMember(ctx)));

    const started = await Promise.all(members.map((member) => topUp(member, 100_00)));
    expect(started.map((answer) => `${answer.code} ${answer.msg}`)).toEqual(started.map(() => '0 success'));
    const transNos: string[] = started.map((answer) => answer.data.transNo);

    // Every deposit has a state the member is told: prompted, or queued "we will prompt your phone shortly".
    const first = await Promise.all(transNos.map((transNo) => depositOrder(ctx, transNo)));
    const states = first.map((order) => order.state);
    expect(states.every((state) => state === DEPOSIT_STATE.waiting || state === DEPOSIT_STATE.queued)).toBe(
      true,
    );
    const queued = first.find((order) => order.state === DEPOSIT_STATE.queued);
    expect(queued, 'a burst of 30 over a bucket of 10 queues some').toBeDefined();
    const told = await getDepositResult(deps, queued!.member_id, queued!.trans_no);
    expect(told).toMatchObject({ state: DEPOSIT_STATE.queued, message: QUEUED_MESSAGE });
    const toldInFrench = await getDepositResult(deps, queued!.member_id, queued!.trans_no, 'fr');
    expect(toldInFrench.message).toMatch(/M-PESA est très sollicité/);
    // Taken from the queue for its push (state 0 until M-Pesa answers), it says the prompt is on its way,
    // never a blank; put back, as a pass without a free slot does.
    const claimed = await repository.claimNextQueued(ctx.db, new Date(Date.now() + 60 * 60_000));
    expect(await getDepositResult(deps, claimed!.member_id, claimed!.trans_no)).toMatchObject({
      state: DEPOSIT_STATE.created,
      message: SENDING_MESSAGE,
    });
    expect((await getDepositResult(deps, claimed!.member_id, claimed!.trans_no, 'sw')).message).toMatch(
      /Tunatuma ombi la M-PESA/,
    );
    await repository.markQueued(ctx.db, claimed!.id, {
      from: 0,
      msisdn: claimed!.msisdn ?? '',
      nextPushAt: new Date(),
    });

    // The members answer their prompts as they come; the queue and the reconciliation run as the jobs do.
    const answered = new Set<string>();
    // Each pass an hour later than the last: every queued push and every check is due (no waiting for pauses).
    let hoursLater = 0;
    const later = () => new Date(Date.now() + ++hoursLater * 60 * 60_000);
    await vi.waitFor(
      async () => {
        await pushQueuedDeposits(deps, later(), QUIET_LOG);
        const orders = await Promise.all(transNos.map((transNo) => depositOrder(ctx, transNo)));
        for (const order of orders) {
          const checkout = order.checkout_request_id;
          if (order.state === DEPOSIT_STATE.waiting && checkout !== null && !answered.has(checkout)) {
            answered.add(checkout);
            await ctx.mpesa.answer(checkout, { pin: TEST_MPESA_PIN });
          }
        }
        await reconcileDeposits(deps, later(), QUIET_LOG);
        const now = await Promise.all(transNos.map((transNo) => depositOrder(ctx, transNo)));
        expect(now.map((order) => order.state)).toEqual(now.map(() => DEPOSIT_STATE.paid));
      },
      { timeout: 90_000, interval: 200 },
    );

    for (const member of members) expect((await transactionsOf(ctx, member.id, 'deposit')).length).toBe(1);
    const { prompts } = await ctx.mpesa.state();
    const paidPrompts = prompts.filter(
      (prompt) => prompt.status === 'completed' && answered.has(prompt.checkoutRequestId),
    );
    expect(paidPrompts).toHaveLength(BURST_OF_DEPOSITS);
    // The ceiling was met: some pushes were refused with 500.003.02 or waited for a slot, and went again.
    const pushes = await ctx.db
      .selectFrom('deposit_order')
      .select('push_attempts')
      .where('trans_no', 'in', transNos)
      .execute();
    expect(pushes.every((order) => order.push_attempts >= 1)).toBe(true);
    await expectLedgerInvariants(ctx.db);
  }, 120_000);

  it('after 26 (system busy) pushes again after a pause of about 30 s, and is paid once', async () => {
    const member = await newMember(ctx);
    const msisdn = member.e164.slice(1);
    await ctx.mpesa.control({ stkImmediateResultCode: 26, stkImmediateResultMsisdns: [msisdn] });
    const started = await topUp(member, 100_00);
    expect(started.code).toBe(0);
    const transNo: string = started.data.transNo;
    const queued = await waitUntilQueued(transNo);
    const pause = queued.next_push_at!.getTime() - Date.now();
    expect(pause).toBeGreaterThan(25_000);
    expect(pause).toBeLessThanOrEqual(40_000);
    const firstCheckout = queued.checkout_request_id;

    // Not yet due: nothing is sent.
    expect((await pushQueuedDeposits(deps, new Date(), QUIET_LOG)).pushed).toBe(0);

    await ctx.mpesa.control({ stkImmediateResultCode: null });
    expect((await pushQueuedDeposits(deps, new Date(Date.now() + 60_000), QUIET_LOG)).pushed).toBe(1);
    const again = await depositOrder(ctx, transNo);
    expect(again.state).toBe(DEPOSIT_STATE.waiting);
    expect(again.push_attempts).toBe(2);
    expect(again.checkout_request_id).not.toBe(firstCheckout);
    await ctx.mpesa.answer(again.checkout_request_id!, { pin: TEST_MPESA_PIN });
    await vi.waitFor(async () => expect((await depositOrder(ctx, transNo)).state).toBe(DEPOSIT_STATE.paid), {
      timeout: 10_000,
      interval: 50,
    });
    expect((await transactionsOf(ctx, member.id, 'deposit')).length).toBe(1);
  });

  it('after 1001 (another session open) never pushes again before 90 s', async () => {
    const member = await newMember(ctx);
    const msisdn = member.e164.slice(1);
    await ctx.mpesa.control({ stkImmediateResultCode: 1001, stkImmediateResultMsisdns: [msisdn] });
    const transNo: string = (await topUp(member, 100_00)).data.transNo;
    const queued = await waitUntilQueued(transNo);
    expect(queued.next_push_at!.getTime() - Date.now()).toBeGreaterThan(85_000);

    await ctx.mpesa.control({ stkImmediateResultCode: null });
    // A pass a minute later leaves it queued: the customer's session may still be open.
    expect((await pushQueuedDeposits(deps, new Date(Date.now() + 60_000), QUIET_LOG)).pushed).toBe(0);
    const promptsTo = async () =>
      (await ctx.mpesa.state()).prompts.filter((prompt) => prompt.phoneNumber === msisdn).length;
    expect(await promptsTo()).toBe(1);
    expect((await pushQueuedDeposits(deps, new Date(Date.now() + 3 * 60_000), QUIET_LOG)).pushed).toBe(1);
    expect(await promptsTo()).toBe(2);
    expect((await depositOrder(ctx, transNo)).state).toBe(DEPOSIT_STATE.waiting);
  });
});
