import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_PATHS, PAYMENT_PATHS } from '@app/contracts/paths';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import { callApi } from '../../../../test/api-client.ts';
import {
  depositOrder,
  newMember,
  payChannelId,
  QUIET_LOG,
  type TestMember,
  transactionsOf,
} from '../../../../test/factory.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { staffSession } from '../../../../test/staff-session.ts';
import { TEST_MPESA_PIN, testPaymentDeps, useTestApp } from '../../../../test/test-app.ts';
import { getDepositResult, pushQueuedDeposits, reconcileDeposits } from '../deposit/deposit.service.ts';
import { sendQueuedPayouts } from '../withdraw/withdraw.service.ts';
import { pausedMessage, probeMaintenance } from './mpesa-pause.ts';
import type { PaymentDeps } from './payment-deps.ts';

/**
 * Issue 24 §3: M-Pesa's "payments paused" mode for its maintenance windows. Deposits and withdrawals are
 * accepted while paused and queue (no STK push, no B2C; a withdrawal's money reserved), members are told
 * why, and when the pause ends each queued one goes out through the usual admission control exactly once,
 * whichever instances run the queue jobs at the same time.
 */
const KES = 100;
const DEPOSITS = 12;
const WITHDRAWALS = 6;

const ctx = useTestApp({ MPESA_PUSH_BURST: '50' }, { listen: true });
let deps: PaymentDeps;
let operatorToken = '';
let depositChannel = 0;
let withdrawChannel = 0;

beforeAll(async () => {
  deps = testPaymentDeps(ctx);
  operatorToken = (await staffSession(ctx, ['payments'])).token;
  depositChannel = await payChannelId(ctx, 'deposit', 'MPESA');
  withdrawChannel = await payChannelId(ctx, 'withdraw', 'MPESA');
});
afterEach(async () => {
  await ctx.mpesa.restoreSwitches();
  await ctx.db.deleteFrom('mpesa_pause').execute();
});

const asOperator = (token = operatorToken) => ({ authorization: `Bearer ${token}` });

function setPause(paused: boolean, reason = '') {
  return callApi(ctx, ADMIN_PATHS.mpesaPause, { json: { paused, reason }, headers: asOperator() });
}

function publicStatus() {
  return callApi(ctx, PAYMENT_PATHS.paymentsStatus, { method: 'GET' });
}

function topUp(member: TestMember, payMoney: number) {
  return callApi(ctx, PAYMENT_PATHS.topUp, {
    token: member.token,
    form: { payMoney: String(payMoney), payChannel: String(depositChannel) },
  });
}

function withdraw(member: TestMember, money: number) {
  return callApi(ctx, PAYMENT_PATHS.withdrawInit, {
    token: member.token,
    form: { money: String(money), channel: 'MPESA', payChannel: String(withdrawChannel) },
  });
}

const withdrawalOf = (withdrawNo: string) =>
  ctx.db.selectFrom('withdrawal').selectAll().where('withdraw_no', '=', withdrawNo).executeTakeFirstOrThrow();

/** The ledger steps of the member's withdrawals (`withdraw:<no>:<step>` keys), oldest first. */
async function withdrawSteps(member: TestMember): Promise<string[]> {
  const rows = await transactionsOf(ctx, member.id, 'withdraw');
  return rows.map((row) => String(row.idempotency_key).split(':').at(-1) ?? '');
}

const e164Digits = (member: TestMember) => member.e164.replace('+', '');

/** The simulator's STK prompts and B2C payments to these members' numbers. */
async function mpesaSaw(members: TestMember[]) {
  const numbers = new Set(members.map(e164Digits));
  const state = await ctx.mpesa.state();
  return {
    prompts: state.prompts.filter((prompt) => numbers.has(prompt.phoneNumber)),
    payments: state.payments.filter((payment) => numbers.has(String(payment.partyB))),
  };
}

/**
 * The queue jobs as three instances run them at once, pass after pass, the members answering each prompt
 * as it comes and the reconciliation settling; until every deposit is paid and every withdrawal paid.
 * Every STK push and B2C request the jobs send is counted on its way to Daraja (the simulator itself
 * would answer a repeated OriginatorConversationID as a duplicate, hiding a second send): each queued
 * deposit and withdrawal must have been sent exactly once.
 */
async function drainAsAFleet(transNos: string[], withdrawNos: string[]) {
  const pushed: string[] = [];
  const paidOut: string[] = [];
  const counted: PaymentDeps = {
    ...deps,
    mpesa: {
      ...deps.mpesa,
      stkPush: (input) => {
        pushed.push(input.accountReference);
        return deps.mpesa.stkPush(input);
      },
      b2cPayment: (input) => {
        paidOut.push(input.withdrawalId);
        return deps.mpesa.b2cPayment(input);
      },
    },
  };
  const answered = new Set<string>();
  let hoursLater = 0;
  const later = () => new Date(Date.now() + ++hoursLater * 60 * 60_000);
  await vi.waitFor(
    async () => {
      const now = later();
      await Promise.all(
        [1, 2, 3].flatMap(() => [
          pushQueuedDeposits(counted, now, QUIET_LOG),
          sendQueuedPayouts(counted, QUIET_LOG),
        ]),
      );
      for (const transNo of transNos) {
        const order = await depositOrder(ctx, transNo);
        const checkout = order.checkout_request_id;
        if (order.state === DEPOSIT_STATE.waiting && checkout !== null && !answered.has(checkout)) {
          answered.add(checkout);
          await ctx.mpesa.answer(checkout, { pin: TEST_MPESA_PIN });
        }
      }
      await reconcileDeposits(deps, later(), QUIET_LOG);
      const orders = await Promise.all(transNos.map((transNo) => depositOrder(ctx, transNo)));
      expect(orders.map((order) => order.state)).toEqual(orders.map(() => DEPOSIT_STATE.paid));
      const rows = await Promise.all(withdrawNos.map(withdrawalOf));
      expect(rows.map((row) => row.state)).toEqual(rows.map(() => 'paid'));
    },
    { timeout: 60_000, interval: 100 },
  );
  expect(pushed.toSorted()).toEqual(transNos.toSorted());
  expect(paidOut.toSorted()).toEqual(withdrawNos.toSorted());
}

describe('an operator pauses M-Pesa payments for a maintenance window', () => {
  it('queues deposits and withdrawals with a clear message, and sends each exactly once on resume', async () => {
    const paused = await setPause(true, 'Safaricom maintenance 00:00-15:00');
    expect(paused.code, paused.msg).toBe(0);
    expect(paused.data).toMatchObject({
      paused: true,
      source: 'operator',
      reason: 'Safaricom maintenance 00:00-15:00',
    });
    expect((await publicStatus()).data).toMatchObject({ paused: true, source: 'operator' });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('action', '=', 'mpesa.pause')
      .execute();
    expect(audit).toEqual([{ action: 'mpesa.pause', target: 'mpesa' }]);

    // Deposits in parallel, one member pressing Pay twice at once: one order each, none pushed.
    const depositors = await Promise.all(Array.from({ length: DEPOSITS }, () => newMember(ctx)));
    const started = await Promise.all([
      ...depositors.map((member) => topUp(member, 100 * KES)),
      topUp(depositors[0]!, 100 * KES),
    ]);
    expect(started.map((answer) => `${answer.code} ${answer.msg}`)).toEqual(started.map(() => '0 success'));
    const transNos = [...new Set(started.map((answer) => answer.data.transNo as string))];
    expect(transNos).toHaveLength(DEPOSITS);
    const orders = await Promise.all(transNos.map((transNo) => depositOrder(ctx, transNo)));
    expect(orders.map((order) => order.state)).toEqual(orders.map(() => DEPOSIT_STATE.queued));
    const told = await getDepositResult(deps, orders[0]!.member_id, orders[0]!.trans_no);
    expect(told).toMatchObject({ state: DEPOSIT_STATE.queued, message: pausedMessage('deposit', 'en') });
    expect(told.message).toMatch(/under maintenance: your deposit is queued/);
    const inFrench = await getDepositResult(deps, orders[0]!.member_id, orders[0]!.trans_no, 'fr');
    expect(inFrench.message).toMatch(/M-PESA est en maintenance/);
    const records = await callApi(ctx, PAYMENT_PATHS.depositRecords, {
      method: 'GET',
      token: depositors[1]!.token,
      query: '?quantity=10',
    });
    expect(records.data[0]).toMatchObject({ state: DEPOSIT_STATE.queued, message: told.message });

    // Withdrawals in parallel: accepted, the money reserved, nothing sent.
    const withdrawers = await Promise.all(
      Array.from({ length: WITHDRAWALS }, () => newMember(ctx, { cash: 1000 * KES })),
    );
    const asked = await Promise.all(withdrawers.map((member) => withdraw(member, 500 * KES)));
    expect(asked.map((answer) => `${answer.code} ${answer.data?.status}`)).toEqual(
      asked.map(() => '0 pending'),
    );
    expect(asked[0]!.data.message).toBe(pausedMessage('withdrawal', 'en'));
    const withdrawNos: string[] = asked.map((answer) => answer.data.withdrawNo);
    const held = await Promise.all(withdrawNos.map(withdrawalOf));
    expect(held.map((row) => [row.state, row.b2c_sent_at])).toEqual(held.map(() => ['queued', null]));
    for (const member of withdrawers) expect(await withdrawSteps(member)).toEqual(['reserve']);
    const withdrawRecords = await callApi(ctx, PAYMENT_PATHS.withdrawRecords, {
      method: 'GET',
      token: withdrawers[0]!.token,
      query: '?quantity=10',
      headers: { 'accept-language': 'pt' },
    });
    expect(withdrawRecords.data[0]).toMatchObject({
      status: 'pending',
      message: pausedMessage('withdrawal', 'pt'),
    });

    const view = await callApi(ctx, ADMIN_PATHS.mpesaPause, { method: 'GET', headers: asOperator() });
    expect(view.data.queued.deposits).toBeGreaterThanOrEqual(DEPOSITS);
    expect(view.data.queued.withdrawals).toBeGreaterThanOrEqual(WITHDRAWALS);

    // The queue jobs find nothing to send while paused.
    expect(await pushQueuedDeposits(deps, new Date(Date.now() + 60 * 60_000), QUIET_LOG)).toEqual({
      pushed: 0,
    });
    expect(await sendQueuedPayouts(deps, QUIET_LOG)).toEqual({ sent: 0 });
    expect(await mpesaSaw([...depositors, ...withdrawers])).toEqual({ prompts: [], payments: [] });

    const resumed = await setPause(false);
    expect(resumed.data).toMatchObject({ paused: false, source: null });
    expect((await publicStatus()).data).toEqual({ paused: false, since: null, source: null });
    await drainAsAFleet(transNos, withdrawNos);
    const drained = await callApi(ctx, ADMIN_PATHS.mpesaPause, { method: 'GET', headers: asOperator() });
    expect(drained.data.queued).toEqual({ deposits: 0, withdrawals: 0 });

    const saw = await mpesaSaw([...depositors, ...withdrawers]);
    expect(saw.prompts).toHaveLength(DEPOSITS);
    expect(saw.payments).toHaveLength(WITHDRAWALS);
    for (const member of depositors) expect(await transactionsOf(ctx, member.id, 'deposit')).toHaveLength(1);
    for (const member of withdrawers) expect(await withdrawSteps(member)).toEqual(['reserve', 'settle']);
    await expectLedgerInvariants(ctx.db);
  }, 120_000);

  it('is for operators: members and visitors read only the status, viewers may not switch it', async () => {
    expect((await callApi(ctx, ADMIN_PATHS.mpesaPause, { method: 'GET' })).status).toBe(401);
    expect((await callApi(ctx, ADMIN_PATHS.mpesaPause, { json: { paused: true } })).status).toBe(401);
    const viewer = await staffSession(ctx, ['viewer']);
    const refused = await callApi(ctx, ADMIN_PATHS.mpesaPause, {
      json: { paused: true },
      headers: asOperator(viewer.token),
    });
    expect(refused.status).toBe(403);
    const read = await callApi(ctx, ADMIN_PATHS.mpesaPause, {
      method: 'GET',
      headers: asOperator(viewer.token),
    });
    expect(read.data).toMatchObject({ paused: false });
    expect((await publicStatus()).data.paused).toBe(false);
  });
});

describe('Daraja answers that M-Pesa is under maintenance', () => {
  it('pauses payments by itself, queues what it refused, and resumes at the first probe it answers', async () => {
    await ctx.mpesa.control({ maintenance: true });

    // A withdrawal whose B2C met the maintenance answer: queued again, money still reserved.
    const withdrawer = await newMember(ctx, { cash: 1000 * KES });
    const asked = await withdraw(withdrawer, 300 * KES);
    expect(`${asked.code} ${asked.data?.status}`).toBe('0 pending');
    expect(asked.data.message).toBe(pausedMessage('withdrawal', 'en'));
    expect((await withdrawalOf(asked.data.withdrawNo)).state).toBe('queued');
    expect((await publicStatus()).data).toMatchObject({ paused: true, source: 'daraja' });

    // A deposit after it: queued by the pause.
    const depositor = await newMember(ctx);
    const started = await topUp(depositor, 50 * KES);
    expect(started.code, started.msg).toBe(0);
    expect((await depositOrder(ctx, started.data.transNo)).state).toBe(DEPOSIT_STATE.queued);

    // The probe while Daraja is still away: still paused.
    const farLater = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    expect(await probeMaintenance(deps, farLater(10))).toEqual({ probed: true, resumed: false });
    // Not due again before its interval: no second probe from another instance.
    expect(await probeMaintenance(deps, farLater(10))).toEqual({ probed: false, resumed: false });
    expect((await publicStatus()).data.paused).toBe(true);

    await ctx.mpesa.control({ maintenance: false });
    expect(await probeMaintenance(deps, farLater(20))).toEqual({ probed: true, resumed: true });
    expect((await publicStatus()).data.paused).toBe(false);
    await drainAsAFleet([started.data.transNo], [asked.data.withdrawNo]);
    const saw = await mpesaSaw([depositor, withdrawer]);
    expect(saw.prompts).toHaveLength(1);
    // The payout once: the request refused in maintenance never reached the simulator's payments.
    expect(saw.payments).toHaveLength(1);
    await expectLedgerInvariants(ctx.db);
  }, 90_000);

  it('never ends an operator’s pause at a probe', async () => {
    await ctx.mpesa.control({ maintenance: true });
    const depositor = await newMember(ctx);
    expect((await topUp(depositor, 50 * KES)).code).toBe(0);
    expect((await publicStatus()).data.source).toBe('daraja');
    // The operator takes the pause over (say, Safaricom announced more hours).
    await setPause(true, 'announced window');
    await ctx.mpesa.control({ maintenance: false });
    expect(await probeMaintenance(deps, new Date(Date.now() + 60 * 60_000))).toEqual({
      probed: false,
      resumed: false,
    });
    expect((await publicStatus()).data).toMatchObject({ paused: true, source: 'operator' });
  });
});
