import { calendarDayOf } from '@app/contracts/market-calendar';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@app/contracts/errors';
import { ACCOUNT_PATHS, ADMIN_PATHS, PAYMENT_PATHS } from '@app/contracts/paths';
import { callApi } from '../../../../test/api-client.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import {
  depositByMpesa,
  depositOrder,
  newMember,
  payChannelId,
  settleByRace,
  type TestMember,
  transactionByKey,
  transactionsOf,
} from '../../../../test/factory.ts';
import { TEST_CALLBACK_SECRET, startPaymentsTestApp, type TestApp } from '../../../../test/test-app.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import { getAccountBalances, getBalances, TAX_ACCOUNT } from '../../platform/wallet/wallet.service.ts';
import type { TaxReport } from './tax-report.schemas.ts';

/**
 * Kenya's Finance Act 2025 taxes end to end (issue 12 §5): a deposit by M-Pesa STK Push lands net of the
 * 5 % excise, a withdrawal paid by B2C has 5 % of its gross amount withheld, both booked to the
 * tax-payable accounts in the transaction that moves the money, listed to the member, and summed in the
 * operator's daily report. On PGlite by default, on PostgreSQL with DATABASE_URL (the races).
 */
let ctx: TestApp;
let deps: PaymentDeps;
const KES = 100;
/** A payments desk's staff session token (test/staff-session.ts). */
let staffToken = '';

beforeAll(async () => {
  ({ ctx, deps, staffToken } = await startPaymentsTestApp());
});
afterAll(() => ctx.close());
afterEach(() => ctx.mpesa.restoreSwitches());

async function withdrawByMpesa(who: TestMember, money: number) {
  return callApi(ctx, PAYMENT_PATHS.withdrawInit, {
    token: who.token,
    form: { money: String(money), channel: 'MPESA', payChannel: String(await payChannelId(ctx, 'withdraw')) },
  });
}

async function paidWithdrawal(withdrawNo: string) {
  const row = () =>
    ctx.db
      .selectFrom('withdrawal')
      .selectAll()
      .where('withdraw_no', '=', withdrawNo)
      .executeTakeFirstOrThrow();
  await vi.waitFor(
    async () => {
      const current = await row();
      expect(current.state).toBe('paid');
      // The final state is written before its ledger step: this waits for the step too.
      expect(current.next_check_at).toBeNull();
    },
    { timeout: 10_000, interval: 50 },
  );
  return row();
}

/** What a tax account received in one journal transaction (cash), and its balance now. */
async function taxBooked(account: string, transactionId: number): Promise<number> {
  const rows = await ctx.db
    .selectFrom('journal_entry as e')
    .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
    .select('e.amount')
    .where('a.code', '=', account)
    .where('e.asset', '=', 'cash')
    .where('e.transaction_id', '=', transactionId)
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.amount), 0);
}

async function accountCash(code: string): Promise<number> {
  return (await getAccountBalances(ctx.db, code)).cash;
}

function report(query = '', token = staffToken) {
  return callApi(ctx, ADMIN_PATHS.taxReport, {
    method: 'GET',
    query,
    headers: { authorization: `Bearer ${token}` },
  });
}

async function todaysReport(): Promise<TaxReport> {
  const answer = await report();
  expect(answer.code, answer.msg).toBe(0);
  return answer.data as TaxReport;
}

const line = (taxReport: TaxReport, kind: string) => taxReport.lines.find((entry) => entry.kind === kind)!;

describe('the deposit excise (5 %)', () => {
  it('credits the amount paid less the excise, booked to the tax account in the same journal transaction', async () => {
    const who = await newMember(ctx);
    const exciseBefore = await accountCash(TAX_ACCOUNT.depositExcise);
    const transNo = await depositByMpesa(ctx, who, 100 * KES);
    const paid = await depositOrder(ctx, transNo);
    const transactionId = Number(paid.journal_transaction_id);

    // The Parliamentary Budget Office's example: KSh 100 from M-Pesa lands as KSh 95.
    expect(await getBalances(ctx.db, who.id)).toEqual({
      cash: 95 * KES,
      withdrawable: 95 * KES,
      coins: 0,
      diamonds: 0,
      tickets: 0,
    });
    expect(await taxBooked(TAX_ACCOUNT.depositExcise, transactionId)).toBe(5 * KES);
    expect((await accountCash(TAX_ACCOUNT.depositExcise)) - exciseBefore).toBe(5 * KES);
    // M-Pesa's clearing gave the whole amount: the excise is a leg of the credit, not a later charge.
    expect(await taxBooked('clearing:mpesa', transactionId)).toBe(-100 * KES);
    const booked = await transactionsOf(ctx, who.id);
    expect(booked.map((row) => row.kind)).toEqual(['deposit']);

    // Listed to the member: the deposit record, the transaction's detail and the history.
    const records = await callApi(ctx, PAYMENT_PATHS.depositRecords, { method: 'GET', token: who.token });
    expect(records.data[0]).toMatchObject({
      transNo,
      payMoney: 100 * KES,
      excise: 5 * KES,
      credited: 95 * KES,
      transactionId,
    });
    const detail = await callApi(ctx, ACCOUNT_PATHS.transactionDetail, {
      method: 'GET',
      token: who.token,
      query: `?id=${transactionId}`,
    });
    expect(detail.data).toMatchObject({ type: 'deposit', amount: 95 * KES, tax: -5 * KES });
    const history = await callApi(ctx, ACCOUNT_PATHS.transactionRecords, { method: 'GET', token: who.token });
    expect(
      (history.data.list as { type: string; amount: number; tax: number }[]).map(({ type, amount, tax }) => ({
        type,
        amount,
        tax,
      })),
    ).toEqual(
      expect.arrayContaining([
        { type: 'deposit', amount: 100 * KES, tax: 0 },
        { type: 'tax', amount: -5 * KES, tax: -5 * KES },
      ]),
    );
    await expectLedgerInvariants(ctx.db);
  });

  it('a package: the excise is on the cash paid, the coins come whole', async () => {
    const who = await newMember(ctx);
    const items = await callApi(ctx, PAYMENT_PATHS.payItems, { method: 'GET' });
    const item = items.data.find((entry: { payMoney: number }) => entry.payMoney === 200 * KES) as {
      id: number;
      money: number;
      payMoney: number;
    };
    expect(item.money).toBeGreaterThan(0);
    await depositByMpesa(ctx, who, item.payMoney, { itemId: item.id });
    expect(await getBalances(ctx.db, who.id)).toEqual({
      cash: 190 * KES,
      withdrawable: 190 * KES,
      coins: item.money,
      diamonds: 0,
      tickets: 0,
    });
    await expectLedgerInvariants(ctx.db);
  });

  it('a payment settled by the callback and two queries at once books its excise once', async () => {
    await ctx.mpesa.control({ callbackDelayMs: 0 });
    const who = await newMember(ctx);
    const exciseBefore = await accountCash(TAX_ACCOUNT.depositExcise);
    const transNo = await depositByMpesa(ctx, who, 300 * KES, { until: 'answered' });
    await settleByRace(ctx, deps, transNo);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(285 * KES);
    expect((await accountCash(TAX_ACCOUNT.depositExcise)) - exciseBefore).toBe(15 * KES);
    await expectLedgerInvariants(ctx.db);
  });
});

describe('the withdrawal tax (5 % of the gross amount)', () => {
  it('withholds 5 % of the whole withdrawal, booked to the tax account when paid, listed to the member', async () => {
    const who = await newMember(ctx);
    await depositByMpesa(ctx, who, 1000 * KES);
    const taxBefore = await accountCash(TAX_ACCOUNT.withdrawal);

    // KSh 500 of the member's own money: fee 1 % = 5, tax 5 % = 25 (stake included), 470 to the phone.
    const answer = await withdrawByMpesa(who, 500 * KES);
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data).toMatchObject({ money: 500 * KES, fee: 5 * KES, tax: 25 * KES, payout: 470 * KES });
    const row = await paidWithdrawal(answer.data.withdrawNo);
    const settled = await transactionByKey(ctx, `withdraw:${row.withdraw_no}:settle`);
    expect(await taxBooked(TAX_ACCOUNT.withdrawal, Number(settled.id))).toBe(25 * KES);
    expect((await accountCash(TAX_ACCOUNT.withdrawal)) - taxBefore).toBe(25 * KES);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(950 * KES - 500 * KES);

    const records = await callApi(ctx, PAYMENT_PATHS.withdrawRecords, { method: 'GET', token: who.token });
    expect(records.data[0]).toMatchObject({ withdrawNo: row.withdraw_no, tax: 25 * KES, payout: 470 * KES });
    const detail = await callApi(ctx, ACCOUNT_PATHS.transactionDetail, {
      method: 'GET',
      token: who.token,
      query: `?id=${row.reserve_transaction_id}`,
    });
    expect(detail.data).toMatchObject({ type: 'withdraw', amount: -500 * KES, tax: -25 * KES });
    await expectLedgerInvariants(ctx.db);
  });

  it('a Result Daraja sends twice at once books the tax once', async () => {
    await ctx.mpesa.control({ duplicateCallbacks: true });
    const who = await newMember(ctx);
    await depositByMpesa(ctx, who, 1000 * KES);
    const taxBefore = await accountCash(TAX_ACCOUNT.withdrawal);
    const answer = await withdrawByMpesa(who, 200 * KES);
    expect(answer.code, answer.msg).toBe(0);
    await paidWithdrawal(answer.data.withdrawNo);
    const state = await ctx.mpesa.state();
    const payment = state.payments.find((p) => p.originatorConversationId === answer.data.withdrawNo);
    const result = state.callbacks.find(
      (callback) => callback.kind === 'b2c-result' && callback.reference === payment?.conversationId,
    ) as { body: unknown };
    // Again, several at once (Daraja's retries overlapping): still one settlement.
    await Promise.all(
      [1, 2, 3].map(() =>
        fetch(`${ctx.url}/api/pay-service/mpesa/${TEST_CALLBACK_SECRET}/b2c-result`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(result.body),
        }),
      ),
    );
    expect((await accountCash(TAX_ACCOUNT.withdrawal)) - taxBefore).toBe(10 * KES);
    await expectLedgerInvariants(ctx.db);
  });
});

describe('the operator’s daily tax report', () => {
  it('sums the day’s excise and withdrawal tax from the ledger, with the amounts they were levied on', async () => {
    const before = await todaysReport();
    expect(before.day).toBe(calendarDayOf(new Date(), 'Africa/Nairobi'));
    expect(before).toMatchObject({ timeZone: 'Africa/Nairobi', currency: 'KES' });

    const who = await newMember(ctx);
    await depositByMpesa(ctx, who, 400 * KES);
    const answer = await withdrawByMpesa(who, 100 * KES);
    expect(answer.code, answer.msg).toBe(0);
    await paidWithdrawal(answer.data.withdrawNo);

    const after = await todaysReport();
    const delta = (kind: string, field: 'transactions' | 'amount' | 'tax') =>
      line(after, kind)[field] - line(before, kind)[field];
    expect(delta('deposit-excise', 'transactions')).toBe(1);
    expect(delta('deposit-excise', 'amount')).toBe(400 * KES);
    expect(delta('deposit-excise', 'tax')).toBe(20 * KES);
    expect(delta('withdrawal', 'transactions')).toBe(1);
    expect(delta('withdrawal', 'amount')).toBe(100 * KES);
    expect(delta('withdrawal', 'tax')).toBe(5 * KES);
    expect(after.total - before.total).toBe(25 * KES);
    expect(line(after, 'deposit-excise').account).toBe('tax:deposit-excise');
    // Everything booked today is in today's report: the tax accounts hold nothing else in this database.
    expect(after.total).toBe(
      (await accountCash(TAX_ACCOUNT.depositExcise)) + (await accountCash(TAX_ACCOUNT.withdrawal)),
    );
  });

  it('a day is the market’s day: Nairobi midnight to midnight, and one without taxes sums to 0', async () => {
    const answer = await report('?day=2026-01-15');
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data).toMatchObject({
      day: '2026-01-15',
      from: '2026-01-14T21:00:00.000Z',
      to: '2026-01-15T21:00:00.000Z',
      total: 0,
    });
    expect((answer.data as TaxReport).lines).toEqual([
      { kind: 'deposit-excise', account: 'tax:deposit-excise', transactions: 0, amount: 0, tax: 0 },
      { kind: 'withdrawal', account: 'tax:withdrawal', transactions: 0, amount: 0, tax: 0 },
    ]);
  });

  it('answers only the operator, and refuses a day that does not exist or is outside the platform’s years', async () => {
    expect((await report('', 'not-the-operator-token-0000000000000')).code).toBe(ERRORS.UNAUTHORIZED.code);
    const visitor = await callApi(ctx, ADMIN_PATHS.taxReport, { method: 'GET' });
    expect(visitor.code).toBe(ERRORS.UNAUTHORIZED.code);
    // 0001-01-01 answered a report for 1900 (issue 22 §4).
    for (const day of [
      '2026-02-30',
      '2026-13-01',
      '25-11-2026',
      'today',
      '0001-01-01',
      '1999-12-31',
      '9999-12-27',
    ]) {
      const answer = await report(`?day=${day}`);
      expect(answer.code, day).toBe(ERRORS.BAD_REQUEST.code);
      expect(answer.msg, day).toMatch(/day/i);
      expect(answer.status, day).toBe(400);
    }
  });
});
