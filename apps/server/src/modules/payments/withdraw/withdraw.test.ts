import { generateKeyPairSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SYSTEM_OPTION } from '@app/contracts/config';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { ACCOUNT_PATHS, ADMIN_PATHS, API_BASE, PAYMENT_PATHS } from '@app/contracts/paths';
import { callApi } from '../../../../test/api-client.ts';
import { staffSession } from '../../../../test/staff-session.ts';
import { newMember, type TestMember, payChannelId, transactionByKey } from '../../../../test/factory.ts';
import { TEST_CALLBACK_SECRET, startPaymentsTestApp, type TestApp } from '../../../../test/test-app.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import {
  ACCOUNT,
  creditMember,
  debitMemberCash,
  getBalances,
  WITHDRAW_ACCOUNT,
} from '../../platform/wallet/wallet.service.ts';
import {
  DarajaError,
  type DarajaErrorKind,
  type DarajaOperation,
} from '../../../adapters/mpesa/daraja-error.ts';
import { createDarajaClient } from '../../../adapters/mpesa/daraja-client.ts';
import { markSending } from './withdraw.repository.ts';
import {
  handleStatusResult,
  memberTax,
  NOT_FOUND_ANSWERS,
  NOT_FOUND_WINDOW_MS,
  NO_ANSWER_REVIEW_DESC,
  reconcileWithdrawals,
  submit,
} from './withdraw.service.ts';
import { expectLedgerInvariants as expectLedgerInvariantsOf } from '../../../../test/ledger-invariants.ts';

/**
 * Withdrawals end to end on a listening app: the Daraja simulator really receives the B2C request and
 * really POSTs its Result (or queue timeout, or Transaction Status Result) back over HTTP.
 */
let ctx: TestApp;
let deps: PaymentDeps;
/** A payments desk's staff session token (test/staff-session.ts). */
let staffToken = '';

beforeAll(async () => {
  ({ ctx, deps, staffToken } = await startPaymentsTestApp());
});
afterAll(() => ctx.close());
afterEach(() => ctx.mpesa.restoreSwitches());

const KES = 100;
let keys = 0;

let certificate: string | undefined;
/** A public key for the adapter's SecurityCredential (the test simulator does not check it). */
function testCertificate(): string {
  certificate ??= generateKeyPairSync('rsa', { modulusLength: 2048 })
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString();
  return certificate;
}
/** Money in as a paid deposit would bring it (all withdrawable), without the deposit module. */
async function deposit(memberId: number, amount: number): Promise<void> {
  await creditMember(ctx.db, {
    memberId,
    from: ACCOUNT.mpesaClearing,
    key: `test-deposit:${(keys += 1)}`,
    kind: 'deposit',
    cash: amount,
    withdrawable: amount,
  });
}

async function win(memberId: number, amount: number): Promise<void> {
  await creditMember(ctx.db, {
    memberId,
    from: ACCOUNT.houseFor(memberId),
    key: `test-win:${(keys += 1)}`,
    kind: 'win',
    cash: amount,
    withdrawable: amount,
  });
}

/** The member's latest login session: what a withdrawal asked through the API records. */
async function sessionIdOf(who: TestMember): Promise<number> {
  const row = await ctx.db
    .selectFrom('member_session')
    .select('id')
    .where('member_id', '=', who.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const channelId = (code = 'MPESA') => payChannelId(ctx, 'withdraw', code);

async function withdraw(who: TestMember, money: number, channel = 'MPESA') {
  return callApi(ctx, PAYMENT_PATHS.withdrawInit, {
    token: who.token,
    form: { money: String(money), channel, payChannel: String(await channelId(channel)) },
  });
}

const rowOf = (withdrawNo: string) =>
  ctx.db.selectFrom('withdrawal').selectAll().where('withdraw_no', '=', withdrawNo).executeTakeFirstOrThrow();

/** What the member's paid withdrawals took from the balance (payout + fee + tax). */
async function paidMoneyOf(memberId: number): Promise<number> {
  const rows = await ctx.db
    .selectFrom('withdrawal')
    .select('money')
    .where('member_id', '=', memberId)
    .where('state', '=', 'paid')
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.money), 0);
}

/** The address proof M-Pesa's own answers carry: the withdrawal's number and its callback token. */
const proofOf = async (withdrawNo: string) => ({
  withdrawNo,
  token: (await rowOf(withdrawNo)).callback_token ?? undefined,
});

/**
 * Waits for a withdrawal to reach a state. A final state is written before its ledger step (the job
 * finishes that step after a crash), so for paid and failed this also waits for the step to be recorded.
 */
async function waitForState(withdrawNo: string, state: string) {
  await vi.waitFor(
    async () => {
      const row = await rowOf(withdrawNo);
      expect(row.state).toBe(state);
      if (state === 'paid' || state === 'failed') expect(row.next_check_at).toBeNull();
    },
    { timeout: 10_000, interval: 50 },
  );
  return rowOf(withdrawNo);
}

async function accountBalance(code: string) {
  const row = await ctx.db
    .selectFrom('ledger_account')
    .select(['cash', 'withdrawable'])
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return { cash: Number(row.cash), withdrawable: Number(row.withdrawable) };
}

/** The journal transactions a withdrawal caused, by idempotency key. */
async function journalKeys(withdrawNo: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('journal_transaction')
    .select('idempotency_key')
    .where('idempotency_key', 'like', `withdraw:${withdrawNo}:%`)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.idempotency_key);
}

const expectLedgerInvariants = () => expectLedgerInvariantsOf(ctx.db);

async function setOption(type: number, content: string): Promise<() => Promise<void>> {
  const before = await ctx.db.selectFrom('cf_global').selectAll().where('type', '=', type).execute();
  await ctx.db.updateTable('cf_global').set({ content }).where('type', '=', type).execute();
  return async () => {
    for (const row of before) {
      await ctx.db.updateTable('cf_global').set({ content: row.content }).where('id', '=', row.id).execute();
    }
  };
}

const callbackUrl = (secret: string, kind: string) =>
  `${ctx.url}${API_BASE}/pay-service/mpesa/${secret}/${kind}`;

describe('withdraw channels and tax', () => {
  it('lists the withdraw channel to a member, and asks a visitor to log in', async () => {
    const visitor = await callApi(ctx, PAYMENT_PATHS.withdrawChannels, { method: 'GET' });
    expect(visitor.code).toBe(ERRORS.UNAUTHORIZED.code);
    const who = await newMember(ctx);
    const channels = await callApi(ctx, PAYMENT_PATHS.withdrawChannels, { method: 'GET', token: who.token });
    expect(channels.data).toContainEqual(
      expect.objectContaining({ channelCode: 'MPESA', withdrawFeeType: 1, withdrawFeeValue: 1 }),
    );
  });

  it('Kenya taxes every withdrawal 5 % of its gross amount, the member’s own money included', async () => {
    const who = await newMember(ctx);
    await deposit(who.id, 1000 * KES);
    const tax = (money: number) =>
      callApi(ctx, PAYMENT_PATHS.memberTax, { method: 'GET', token: who.token, query: `?money=${money}` });
    // No winnings at all: all of it is the member's own deposit, and still taxed.
    expect((await tax(1000 * KES)).data).toBe(50 * KES);
    // Half up to the cent: 5 % of 123.45 KES is 6.1725 → 6.17; of 123.50 KES, 6.175 → 6.18.
    expect((await tax(12_345)).data).toBe(617);
    expect((await tax(12_350)).data).toBe(618);

    // The law's tax, not the operator's options: switched off or at another rate, it stands.
    const restoreSwitch = await setOption(SYSTEM_OPTION.WITHDRAW_TAX_SWITCH, '0');
    const restoreRate = await setOption(SYSTEM_OPTION.WITHDRAW_TAX_AMOUNT, '1');
    try {
      expect((await tax(1000 * KES)).data).toBe(50 * KES);
      const answer = await withdraw(who, 400 * KES);
      expect(answer.code).toBe(0);
      expect(answer.data).toMatchObject({ fee: 4 * KES, tax: 20 * KES, payout: 376 * KES, money: 400 * KES });
    } finally {
      await restoreRate();
      await restoreSwitch();
    }
  });

  it('where the law sets no withdrawal tax, options 4025/4026 tax only winnings (20 %)', async () => {
    // A market whose tax law is not configured (every one but Kenya's today), on the same database.
    const noLaw: PaymentDeps = {
      ...deps,
      country: { ...COUNTRY_PROFILES.KE, taxes: COUNTRY_PROFILES.GH.taxes },
    };
    const client = { platform: 1, language: 'en' };
    const who = await newMember(ctx);
    await deposit(who.id, 1000 * KES);
    await win(who.id, 500 * KES);
    const tax = (money: number) => memberTax(noLaw, client, who.id, money);
    expect(await tax(1000 * KES)).toBe(0);
    expect(await tax(1200 * KES)).toBe(40 * KES);
    // Half up to the cent: 20 % of 1000.03 KES of winnings is 200.006 → 200.01.
    expect(await tax(2000 * KES + 3)).toBe(200 * KES + 1);

    // After 600 KES out, only 400 KES of own money is left: 500 KES more is 100 KES of winnings.
    const first = await submit(
      noLaw,
      { id: who.id, mobile: who.mobile, demo: false, sessionId: await sessionIdOf(who) },
      {
        money: 600 * KES,
        channel: 'MPESA',
        payChannel: await channelId(),
        bankAccountName: '',
        bankAccount: '',
        bankCode: '',
        bankName: '',
      },
      client,
    );
    expect(first.tax).toBe(0);
    expect(await tax(500 * KES)).toBe(20 * KES);

    const restore = await setOption(SYSTEM_OPTION.WITHDRAW_TAX_SWITCH, '0');
    try {
      expect(await tax(1200 * KES)).toBe(0);
    } finally {
      await restore();
    }
  });
});

describe('a withdrawal paid by B2C', () => {
  it('reserves payout + fee + tax, pays whole shillings to the member’s own number, and settles once', async () => {
    const who = await newMember(ctx);
    await deposit(who.id, 1000 * KES);
    await win(who.id, 100 * KES);
    const worldBefore = await accountBalance(ACCOUNT.world);
    const houseBefore = await accountBalance(ACCOUNT.house);
    const taxBefore = await accountBalance(WITHDRAW_ACCOUNT.tax);

    // 1050.50 KES: fee 1 % = 10.51 (rounded up), tax 5 % of it all = 52.525 → 52.53 (half up),
    // net 987.46 → M-Pesa pays 987 KES; the 0.46 stays in the balance.
    const answer = await withdraw(who, 105_050);
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({
      fee: 1051,
      tax: 5253,
      payout: 98_700,
      money: 98_700 + 1051 + 5253,
    });
    const paid = await waitForState(answer.data.withdrawNo, 'paid');
    expect(paid.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(paid.receiver_name).toBeTruthy();
    expect(paid.msisdn).toBe(`254${who.mobile.slice(1)}`);

    const total = 98_700 + 1051 + 5253;
    expect(await getBalances(ctx.db, who.id)).toMatchObject({
      cash: 110_000 - total,
      withdrawable: 110_000 - total,
    });
    expect((await accountBalance(ACCOUNT.world)).cash - worldBefore.cash).toBe(98_700);
    expect((await accountBalance(ACCOUNT.house)).cash - houseBefore.cash).toBe(1051);
    expect((await accountBalance(WITHDRAW_ACCOUNT.tax)).cash - taxBefore.cash).toBe(5253);

    const state = await ctx.mpesa.state();
    const payment = state.payments.find((p) => p.originatorConversationId === answer.data.withdrawNo);
    expect(payment).toMatchObject({ amount: 987, partyB: `254${who.mobile.slice(1)}`, status: 'completed' });
    expect(await journalKeys(answer.data.withdrawNo)).toEqual([
      `withdraw:${answer.data.withdrawNo}:reserve`,
      `withdraw:${answer.data.withdrawNo}:settle`,
    ]);

    // The same Result again (Daraja retries) changes nothing.
    const resultCallback = state.callbacks.find(
      (callback) => callback.kind === 'b2c-result' && callback.reference === payment?.conversationId,
    ) as { body: unknown; url: string } | undefined;
    expect(resultCallback).toBeDefined();
    // Where Daraja delivers it: the address we gave it, with the withdrawal's token.
    const again = await fetch(resultCallback!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(resultCallback?.body),
    });
    expect(await again.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await journalKeys(answer.data.withdrawNo)).toHaveLength(2);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(110_000 - total);

    // Records, last successful, notices.
    const records = await callApi(ctx, PAYMENT_PATHS.withdrawRecords, { method: 'GET', token: who.token });
    expect(records.data[0]).toMatchObject({
      withdrawNo: answer.data.withdrawNo,
      status: 'success',
      payout: 98_700,
      account: `${who.mobile.slice(0, 4)}****${who.mobile.slice(-2)}`,
      receipt: paid.receipt,
    });
    const thisMonth = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Africa/Nairobi',
      year: 'numeric',
      month: '2-digit',
    }).format(new Date());
    const inMonth = await callApi(ctx, PAYMENT_PATHS.withdrawRecords, {
      method: 'GET',
      token: who.token,
      query: `?monthOfYear=${thisMonth}`,
    });
    expect(inMonth.data).toHaveLength(1);
    const otherMonth = await callApi(ctx, PAYMENT_PATHS.withdrawRecords, {
      method: 'GET',
      token: who.token,
      query: '?monthOfYear=2020-01',
    });
    expect(otherMonth.data).toEqual([]);
    const cursor = await callApi(ctx, PAYMENT_PATHS.withdrawRecords, {
      method: 'GET',
      token: who.token,
      query: `?startId=${records.data[0].id}`,
    });
    expect(cursor.data).toEqual([]);
    const last = await callApi(ctx, PAYMENT_PATHS.lastSuccessfulWithdraw, {
      method: 'GET',
      token: who.token,
      query: '?channel=MPESA',
    });
    expect(last.data).toEqual({
      payChannel: await channelId(),
      channel: 'MPESA',
      account: `${who.mobile.slice(0, 4)}****${who.mobile.slice(-2)}`,
    });
    const notices = await callApi(ctx, PAYMENT_PATHS.withdrawNotices, { method: 'GET' });
    expect(notices.data).toContainEqual(
      expect.objectContaining({
        mobile: `${who.mobile.slice(0, 4)}****${who.mobile.slice(-2)}`,
        money: 98_700,
      }),
    );
    await expectLedgerInvariants();
  });

  it('lists a paid withdrawal’s payout, fee and tax by type in the history, with no empty row', async () => {
    const who = await newMember(ctx);
    await deposit(who.id, 1000 * KES);
    await win(who.id, 100 * KES);
    const answer = await withdraw(who, 105_050);
    expect(answer.code).toBe(0);
    const { fee, tax, payout } = answer.data as { fee: number; tax: number; payout: number };
    expect(fee).toBeGreaterThan(0);
    expect(tax).toBeGreaterThan(0);
    await waitForState(answer.data.withdrawNo, 'paid');

    const history = (type?: string, page = '') =>
      callApi(ctx, ACCOUNT_PATHS.transactionRecords, {
        method: 'GET',
        token: who.token,
        query: type ? `?type=${type}${page}` : `?${page}`,
      });
    const rowsOf = async (type?: string) =>
      (
        (await history(type)).data.list as {
          id: number;
          type: string;
          amount: number;
          withdrawAmount: number;
        }[]
      ).map(({ type: kind, amount, withdrawAmount }) => ({ type: kind, amount, withdrawAmount }));
    expect(await rowsOf('fee')).toEqual([{ type: 'fee', amount: -fee, withdrawAmount: -fee }]);
    expect(await rowsOf('tax')).toEqual([{ type: 'tax', amount: -tax, withdrawAmount: -tax }]);
    expect(await rowsOf('withdraw')).toEqual([
      { type: 'withdraw', amount: -payout, withdrawAmount: -payout },
    ]);
    const all = await history();
    expect(all.data.total).toBe(5);
    expect((all.data.list as { amount: number }[]).every((row) => row.amount !== 0)).toBe(true);
    expect((all.data.list as { type: string }[]).map((row) => row.type).sort()).toEqual([
      'deposit',
      'fee',
      'tax',
      'win',
      'withdraw',
    ]);
    // Two rows a page: the pages are the whole history in its order, the withdrawal's three rows across
    // a page's edge, each page with the whole total.
    const pages = await Promise.all([1, 2, 3].map((page) => history(undefined, `page=${page}&size=2`)));
    expect(pages.map((page) => page.data.total)).toEqual([5, 5, 5]);
    expect(pages.flatMap((page) => page.data.list)).toEqual(all.data.list);
    expect(pages.map((page) => (page.data.list as unknown[]).length)).toEqual([2, 2, 1]);
    // The detail of the withdrawal is the whole reservation; the settlement is no row of the member's.
    const withdrawRow = (all.data.list as { id: number; type: string }[]).find(
      (row) => row.type === 'withdraw',
    )!;
    const detail = await callApi(ctx, ACCOUNT_PATHS.transactionDetail, {
      method: 'GET',
      token: who.token,
      query: `?id=${withdrawRow.id}`,
    });
    expect(detail.data).toMatchObject({ type: 'withdraw', amount: -(payout + fee + tax) });
    const settle = await transactionByKey(ctx, `withdraw:${answer.data.withdrawNo}:settle`);
    const settleDetail = await callApi(ctx, ACCOUNT_PATHS.transactionDetail, {
      method: 'GET',
      token: who.token,
      query: `?id=${settle.id}`,
    });
    expect(settleDetail.code).toBe(ERRORS.NOT_FOUND.code);
    const totals = await callApi(ctx, ACCOUNT_PATHS.incomeTotalByType, { method: 'GET', token: who.token });
    expect(totals.data).toEqual(
      expect.arrayContaining([
        { type: 'deposit', total: 1000 * KES },
        { type: 'win', total: 100 * KES },
      ]),
    );
    await expectLedgerInvariants();
  });

  it('duplicate callbacks from Daraja settle once', async () => {
    await ctx.mpesa.control({ duplicateCallbacks: true });
    const who = await newMember(ctx);
    await deposit(who.id, 500 * KES);
    const answer = await withdraw(who, 200 * KES);
    expect(answer.code).toBe(0);
    await waitForState(answer.data.withdrawNo, 'paid');
    const conversationId = (await rowOf(answer.data.withdrawNo)).conversation_id;
    // Both POSTs of the Result arrived and were acknowledged.
    await vi.waitFor(
      async () => {
        const callback = (await ctx.mpesa.state()).callbacks.find(
          (record) => record.kind === 'b2c-result' && record.reference === conversationId,
        );
        expect(callback).toMatchObject({ posts: 2, status: 'delivered', httpStatus: 200 });
      },
      { timeout: 5000, interval: 50 },
    );
    expect(await journalKeys(answer.data.withdrawNo)).toHaveLength(2);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(500 * KES - 200 * KES);
    await expectLedgerInvariants();
  });

  it('returns the reservation when the payout fails (ResultCode 2001)', async () => {
    await ctx.mpesa.control({ forceB2cResultCode: '2001' });
    const who = await newMember(ctx);
    await deposit(who.id, 500 * KES);
    const answer = await withdraw(who, 300 * KES);
    expect(answer.code).toBe(0);
    const failed = await waitForState(answer.data.withdrawNo, 'failed');
    expect(failed.result_code).toBe('2001');
    expect(await getBalances(ctx.db, who.id)).toMatchObject({ cash: 500 * KES, withdrawable: 500 * KES });
    expect(await journalKeys(answer.data.withdrawNo)).toEqual([
      `withdraw:${answer.data.withdrawNo}:reserve`,
      `withdraw:${answer.data.withdrawNo}:return`,
    ]);
    const records = await callApi(ctx, PAYMENT_PATHS.withdrawRecords, { method: 'GET', token: who.token });
    expect(records.data[0]).toMatchObject({ status: 'failed' });
    await expectLedgerInvariants();
  });

  it('holds the money after a queue timeout until Transaction Status answers, then resolves once', async () => {
    await ctx.mpesa.control({ b2cQueueTimeout: true });
    const who = await newMember(ctx);
    await deposit(who.id, 500 * KES);
    const answer = await withdraw(who, 300 * KES);
    expect(answer.code).toBe(0);
    const unknown = await waitForState(answer.data.withdrawNo, 'unknown');
    const held = Number(unknown.money);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(500 * KES - held);
    expect(await journalKeys(answer.data.withdrawNo)).toHaveLength(1);

    // Not due yet: the job leaves it alone.
    expect((await reconcileWithdrawals(deps, new Date())).asked).toBe(0);
    // Due: asked; Daraja says it has no such payment (it dropped it from its queue): returned.
    const later = new Date(Date.now() + 60_000);
    expect((await reconcileWithdrawals(deps, later)).asked).toBe(1);
    await waitForState(answer.data.withdrawNo, 'failed');
    expect(await getBalances(ctx.db, who.id)).toMatchObject({ cash: 500 * KES, withdrawable: 500 * KES });

    // Asking again (another process, a late duplicate answer) returns nothing twice.
    await ctx.db
      .updateTable('withdrawal')
      .set({ next_check_at: new Date() })
      .where('withdraw_no', '=', answer.data.withdrawNo)
      .execute();
    await reconcileWithdrawals(deps, new Date(Date.now() + 120_000));
    expect(await journalKeys(answer.data.withdrawNo)).toEqual([
      `withdraw:${answer.data.withdrawNo}:reserve`,
      `withdraw:${answer.data.withdrawNo}:return`,
    ]);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(500 * KES);
    await expectLedgerInvariants();
  });

  it('asks Transaction Status about a payout whose Result never came, and settles it on "Completed"', async () => {
    await ctx.mpesa.control({ dropCallbacks: true });
    const who = await newMember(ctx);
    await deposit(who.id, 500 * KES);
    const answer = await withdraw(who, 300 * KES);
    expect(answer.code).toBe(0);
    expect((await rowOf(answer.data.withdrawNo)).state).toBe('submitted');
    await ctx.mpesa.control({ dropCallbacks: false });

    expect((await reconcileWithdrawals(deps, new Date(Date.now() + 3 * 60_000))).asked).toBeGreaterThan(0);
    const paid = await waitForState(answer.data.withdrawNo, 'paid');
    expect(paid.receipt).toBeTruthy();
    expect((await getBalances(ctx.db, who.id)).cash).toBe(500 * KES - Number(paid.money));
    expect(await journalKeys(answer.data.withdrawNo)).toHaveLength(2);
    await expectLedgerInvariants();
  });

  it('M-Pesa paid, its Result lost, then a forged failure at the global-secret address: never returned, settled as paid', async () => {
    await ctx.mpesa.control({ dropCallbacks: true });
    const who = await newMember(ctx);
    await deposit(who.id, 500 * KES);
    const answer = await withdraw(who, 300 * KES);
    const sent = await rowOf(answer.data.withdrawNo);
    expect(sent.state).toBe('submitted');
    await ctx.mpesa.control({ dropCallbacks: false });
    const real = (await ctx.mpesa.state()).callbacks.find(
      (callback) => callback.kind === 'b2c-result' && callback.reference === sent.conversation_id,
    ) as { body: { Result: Record<string, unknown> } };
    const forged = structuredClone(real.body);
    forged.Result.ResultCode = 2001;
    forged.Result.ResultDesc = 'The initiator information is invalid.';
    delete forged.Result.ResultParameters;

    // The attacker has the global secret but not the withdrawal's token.
    const response = await fetch(callbackUrl(TEST_CALLBACK_SECRET, 'b2c-result'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(forged),
    });
    expect(await response.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    // The hint made us ask Transaction Status at once; M-Pesa's own answer says paid.
    const paid = await waitForState(answer.data.withdrawNo, 'paid');
    expect((await getBalances(ctx.db, who.id)).cash).toBe(500 * KES - Number(paid.money));
    expect(await journalKeys(answer.data.withdrawNo)).toEqual([
      `withdraw:${answer.data.withdrawNo}:reserve`,
      `withdraw:${answer.data.withdrawNo}:settle`,
    ]);
    // The forgery is a case for an operator.
    const hints = await ctx.db
      .selectFrom('payment_callback_hint')
      .selectAll()
      .where('payment', '=', 'withdrawal')
      .where('payment_id', '=', Number(sent.id))
      .execute();
    expect(hints).toMatchObject([
      { paid: false, authentic: false, verdict: 'disagrees', result_code: '2001' },
    ]);
    await expectLedgerInvariants();
  });

  it('a forged "paid" Result for a payout M-Pesa failed does not settle it: the money comes back', async () => {
    await ctx.mpesa.control({ dropCallbacks: true, forceB2cResultCode: '2040' });
    const who = await newMember(ctx);
    await deposit(who.id, 500 * KES);
    const answer = await withdraw(who, 300 * KES);
    const sent = await rowOf(answer.data.withdrawNo);
    await ctx.mpesa.control({ dropCallbacks: false, forceB2cResultCode: null });
    const forged = {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: sent.withdraw_no,
        ConversationID: sent.conversation_id,
        TransactionID: 'TSTFORGEW1',
        ResultParameters: {
          ResultParameter: [
            { Key: 'TransactionAmount', Value: Number(sent.payout) / KES },
            { Key: 'TransactionReceipt', Value: 'TSTFORGEW1' },
          ],
        },
      },
    };
    await fetch(callbackUrl(TEST_CALLBACK_SECRET, 'b2c-result'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(forged),
    });
    await waitForState(answer.data.withdrawNo, 'failed');
    expect(await getBalances(ctx.db, who.id)).toMatchObject({ cash: 500 * KES, withdrawable: 500 * KES });
    await expectLedgerInvariants();
  });

  it('returns the money when Transaction Status finds the payout Failed (its Result was lost)', async () => {
    await ctx.mpesa.control({ dropCallbacks: true, forceB2cResultCode: '2040' });
    const who = await newMember(ctx);
    await deposit(who.id, 500 * KES);
    const answer = await withdraw(who, 300 * KES);
    expect((await rowOf(answer.data.withdrawNo)).state).toBe('submitted');
    await ctx.mpesa.control({ dropCallbacks: false });
    await reconcileWithdrawals(deps, new Date(Date.now() + 3 * 60_000));
    await waitForState(answer.data.withdrawNo, 'failed');
    expect(await getBalances(ctx.db, who.id)).toMatchObject({ cash: 500 * KES, withdrawable: 500 * KES });
    await expectLedgerInvariants();
  });

  // Daraja's answer to the B2C request itself, played by a client that fails the way the adapter reports.
  const failingDeps = (
    kind: DarajaErrorKind,
    details: { operation?: DarajaOperation; httpStatus?: number; errorCode?: string } = {},
  ): PaymentDeps => ({
    ...deps,
    mpesa: {
      ...deps.mpesa,
      b2cPayment: async () => {
        throw new DarajaError(kind, `Daraja b2c payment: ${kind}`, { operation: 'b2c payment', ...details });
      },
    },
  });
  const client = { platform: 0, language: 'en' };

  const unknownOutcomes = [
    ['unavailable', {}],
    ['duplicate-originator-conversation-id', { httpStatus: 500, errorCode: '500.002.1001' }],
    ['unusable-response', { httpStatus: 200 }],
    // A 5xx with Daraja's envelope and a stated reason is still no proof that nothing was paid.
    ['rejected', { httpStatus: 500, errorCode: '500.001.1001' }],
    ['rate-limited', { httpStatus: 500, errorCode: '500.003.02' }],
  ] as const;
  for (const [kind, details] of unknownOutcomes) {
    it(`holds the money when the B2C outcome is unknown (${kind}): never refunded before Daraja says`, async () => {
      const who = await newMember(ctx);
      await deposit(who.id, 500 * KES);
      const result = await submit(
        failingDeps(kind, details),
        { id: who.id, mobile: who.mobile, demo: false, sessionId: await sessionIdOf(who) },
        {
          money: 300 * KES,
          channel: 'MPESA',
          payChannel: await channelId(),
          bankAccountName: '',
          bankAccount: '',
          bankCode: '',
          bankName: '',
        },
        client,
      );
      expect(result.status).toBe('pending');
      const row = await rowOf(result.withdrawNo);
      expect(row.state).toBe('unknown');
      expect((await getBalances(ctx.db, who.id)).cash).toBe(500 * KES - Number(row.money));
      expect(await journalKeys(result.withdrawNo)).toEqual([`withdraw:${result.withdrawNo}:reserve`]);
      await expectLedgerInvariants();
    });
  }

  const refusals = [
    ['bad-request', { httpStatus: 400, errorCode: '400.002.02' }],
    ['invalid-access-token', { httpStatus: 404, errorCode: '404.001.03' }],
    ['invalid-msisdn', { operation: 'input' }],
    // The token request failed: the B2C itself never left.
    ['unavailable', { operation: 'oauth' }],
  ] as const;
  for (const [kind, details] of refusals) {
    it(`returns the money at once when Daraja certainly refused the B2C (${kind}, ${JSON.stringify(details)})`, async () => {
      const who = await newMember(ctx);
      await deposit(who.id, 500 * KES);
      await expect(
        submit(
          failingDeps(kind, details),
          { id: who.id, mobile: who.mobile, demo: false, sessionId: await sessionIdOf(who) },
          {
            money: 300 * KES,
            channel: 'MPESA',
            payChannel: await channelId(),
            bankAccountName: '',
            bankAccount: '',
            bankCode: '',
            bankName: '',
          },
          client,
        ),
      ).rejects.toMatchObject({ key: 'WITHDRAW_PAYOUT_FAILED' });
      const [row] = await ctx.db
        .selectFrom('withdrawal')
        .selectAll()
        .where('member_id', '=', who.id)
        .execute();
      expect(row?.state).toBe('failed');
      expect(await getBalances(ctx.db, who.id)).toMatchObject({ cash: 500 * KES, withdrawable: 500 * KES });
      await expectLedgerInvariants();
    });
  }

  /**
   * The real adapter against the simulator, except that the B2C answer is replaced by Daraja's 5xx
   * envelope: after the simulator took (and paid) the request, or without it ever reaching it.
   */
  function fiveHundredDeps(forward: boolean): PaymentDeps {
    const mpesa = createDarajaClient({
      baseUrl: ctx.mpesa.url,
      consumerKey: 'simulator-key',
      consumerSecret: 'simulator-secret',
      shortcode: ctx.env.MPESA_SHORTCODE,
      passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
      b2cShortcode: ctx.env.MPESA_B2C_SHORTCODE,
      initiatorName: ctx.env.MPESA_INITIATOR_NAME,
      initiatorPassword: 'simulator-initiator',
      certificatePem: testCertificate(),
      fetch: async (input, init) => {
        const url = String(input);
        if (!url.includes('/mpesa/b2c/')) return fetch(input, init);
        if (forward) await fetch(input, init);
        return new Response(
          JSON.stringify({
            requestId: 'r-1',
            errorCode: '500.001.1001',
            errorMessage: 'Internal Server Error',
          }),
          { status: 500, headers: { 'content-type': 'application/json' } },
        );
      },
    });
    return { ...deps, mpesa };
  }

  it('holds a B2C answered 5xx after Daraja paid it, and settles it once Transaction Status says Completed', async () => {
    await ctx.mpesa.control({ dropCallbacks: true });
    const who = await newMember(ctx);
    await deposit(who.id, 500 * KES);
    const result = await submit(
      fiveHundredDeps(true),
      { id: who.id, mobile: who.mobile, demo: false, sessionId: await sessionIdOf(who) },
      {
        money: 300 * KES,
        channel: 'MPESA',
        payChannel: await channelId(),
        bankAccountName: '',
        bankAccount: '',
        bankCode: '',
        bankName: '',
      },
      client,
    );
    expect(result.status).toBe('pending');
    const row = await rowOf(result.withdrawNo);
    expect(row.state).toBe('unknown');
    expect((await getBalances(ctx.db, who.id)).cash).toBe(500 * KES - Number(row.money));
    await ctx.mpesa.control({ dropCallbacks: false });
    await reconcileWithdrawals(deps, new Date(Date.now() + 60_000));
    await waitForState(result.withdrawNo, 'paid');
    expect(await journalKeys(result.withdrawNo)).toEqual([
      `withdraw:${result.withdrawNo}:reserve`,
      `withdraw:${result.withdrawNo}:settle`,
    ]);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(500 * KES - Number(row.money));
    await expectLedgerInvariants();
  });

  it('answers 404 to a callback with the wrong path token and changes nothing', async () => {
    for (const kind of ['b2c-result', 'b2c-timeout', 'status-result', 'status-timeout']) {
      const response = await fetch(callbackUrl('wrong-secret-0123456789abcdefghij', kind), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Result: {} }),
      });
      expect(response.status, kind).toBe(404);
    }
  });
});

describe('a withdrawal M-Pesa may still pay is never returned on a guess', () => {
  const client = { platform: 0, language: 'en' };
  const form = async (money: number) => ({
    money,
    channel: 'MPESA',
    payChannel: await channelId(),
    bankAccountName: '',
    bankAccount: '',
    bankCode: '',
    bankName: '',
  });

  /**
   * The process "dies" while the B2C is on its way: the request leaves (or, with `reach: false`, is lost
   * on the way) and its answer is never saved. The submission never returns, like a killed process.
   */
  function crashingDeps(reach: boolean): PaymentDeps {
    return {
      ...deps,
      mpesa: {
        ...deps.mpesa,
        b2cPayment: async (input) => {
          if (reach) await deps.mpesa.b2cPayment(input);
          return new Promise<never>(() => {});
        },
      },
    };
  }

  async function crashedWithdrawal(reach: boolean) {
    const who = await newMember(ctx);
    await deposit(who.id, 500 * KES);
    void submit(
      crashingDeps(reach),
      { id: who.id, mobile: who.mobile, demo: false, sessionId: await sessionIdOf(who) },
      await form(300 * KES),
      client,
    );
    const row = await vi.waitFor(
      async () => {
        const [found] = await ctx.db
          .selectFrom('withdrawal')
          .selectAll()
          .where('member_id', '=', who.id)
          .execute();
        expect(found?.b2c_sent_at).toBeInstanceOf(Date);
        return found!;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(row.state).toBe('reserved');
    return { who, row };
  }

  /** One reconciliation pass over this withdrawal, and its Transaction Status answer applied. */
  async function askStatus(withdrawNo: string, answers: number) {
    await ctx.db
      .updateTable('withdrawal')
      .set({ next_check_at: new Date(Date.now() - 1000) })
      .where('withdraw_no', '=', withdrawNo)
      .execute();
    await reconcileWithdrawals(deps, new Date());
    await vi.waitFor(
      async () => {
        const row = await rowOf(withdrawNo);
        expect(row.state === 'failed' || row.not_found_count >= answers).toBe(true);
      },
      { timeout: 10_000, interval: 50 },
    );
    return rowOf(withdrawNo);
  }

  it('a crash after the B2C left: Transaction Status finds it paid, and it is settled, not returned', async () => {
    await ctx.mpesa.control({ dropCallbacks: true });
    const { who, row } = await crashedWithdrawal(true);
    await ctx.mpesa.control({ dropCallbacks: false });
    await reconcileWithdrawals(deps, new Date(Date.now() + 3 * 60_000));
    const paid = await waitForState(row.withdraw_no, 'paid');
    expect(paid.receipt).toBeTruthy();
    expect((await getBalances(ctx.db, who.id)).cash).toBe(500 * KES - Number(row.money));
    expect(await journalKeys(row.withdraw_no)).toEqual([
      `withdraw:${row.withdraw_no}:reserve`,
      `withdraw:${row.withdraw_no}:settle`,
    ]);
    await expectLedgerInvariants();
  });

  it('a crash after sending: "not found" returns the money only after repeated answers over a window', async () => {
    const { who, row } = await crashedWithdrawal(false);
    const held = 500 * KES - Number(row.money);
    for (let answer = 1; answer <= NOT_FOUND_ANSWERS; answer += 1) {
      const after = await askStatus(row.withdraw_no, answer);
      // Daraja may still have it queued: held, however many times it says "not found" within the window.
      expect(after).toMatchObject({ state: 'reserved', not_found_count: answer });
      expect((await getBalances(ctx.db, who.id)).cash).toBe(held);
    }
    // The same answer delivered again is not another answer.
    const state = await ctx.mpesa.state();
    const last = state.callbacks.filter((c) => c.kind === 'status-result').at(-1) as {
      body: unknown;
      url: string;
    };
    await fetch(last.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(last.body),
    });
    expect((await rowOf(row.withdraw_no)).not_found_count).toBe(NOT_FOUND_ANSWERS);

    // The window passes (the first answer is now long ago) and Daraja still has nothing: returned, once.
    await ctx.db
      .updateTable('withdrawal')
      .set({ first_not_found_at: new Date(Date.now() - NOT_FOUND_WINDOW_MS - 1000) })
      .where('id', '=', row.id)
      .execute();
    await askStatus(row.withdraw_no, NOT_FOUND_ANSWERS + 1);
    await waitForState(row.withdraw_no, 'failed');
    expect(await getBalances(ctx.db, who.id)).toMatchObject({ cash: 500 * KES, withdrawable: 500 * KES });
    expect(await journalKeys(row.withdraw_no)).toEqual([
      `withdraw:${row.withdraw_no}:reserve`,
      `withdraw:${row.withdraw_no}:return`,
    ]);
    await expectLedgerInvariants();
  });

  it('"not found" answers over the window but too few of them do not return it either', async () => {
    const { who, row } = await crashedWithdrawal(false);
    await askStatus(row.withdraw_no, 1);
    await ctx.db
      .updateTable('withdrawal')
      .set({ first_not_found_at: new Date(Date.now() - 2 * NOT_FOUND_WINDOW_MS) })
      .where('id', '=', row.id)
      .execute();
    const after = await askStatus(row.withdraw_no, 2);
    expect(after.state).toBe('reserved');
    expect((await getBalances(ctx.db, who.id)).cash).toBe(500 * KES - Number(row.money));
  });

  it('a B2C answered 5xx that never reached Daraja is held until the same rule returns it', async () => {
    const who = await newMember(ctx);
    await deposit(who.id, 500 * KES);
    const notSent: PaymentDeps = {
      ...deps,
      mpesa: {
        ...deps.mpesa,
        b2cPayment: async () => {
          throw new DarajaError('rejected', 'Daraja b2c payment refused: 500.001.1001', {
            operation: 'b2c payment',
            httpStatus: 500,
            errorCode: '500.001.1001',
          });
        },
      },
    };
    const result = await submit(
      notSent,
      { id: who.id, mobile: who.mobile, demo: false, sessionId: await sessionIdOf(who) },
      await form(300 * KES),
      client,
    );
    expect((await rowOf(result.withdrawNo)).state).toBe('unknown');
    const after = await askStatus(result.withdrawNo, 1);
    expect(after.state).toBe('unknown');
    expect((await getBalances(ctx.db, who.id)).cash).toBe(500 * KES - Number(after.money));
    // A status answer that finds the payout (not finished) starts the count again.
    await handleStatusResult(
      deps,
      {
        originatorConversationId: 'status-query',
        conversationId: 'AG_found_pending',
        resultCode: '0',
        resultDesc: 'The service request is processed successfully.',
        timedOut: false,
        transaction: {
          status: 'Pending',
          receipt: undefined,
          amount: 200,
          originatorConversationId: result.withdrawNo,
          conversationId: undefined,
          creditPartyName: undefined,
        },
      },
      await proofOf(result.withdrawNo),
    );
    expect(await rowOf(result.withdrawNo)).toMatchObject({ state: 'unknown', not_found_count: 0 });
  });

  it('a crash before sending: the job returns the reservation without asking, and nothing is sent later', async () => {
    const { who, row } = await crashedWithdrawal(false);
    // As if the process had died between the reservation and the send mark.
    await ctx.db.updateTable('withdrawal').set({ b2c_sent_at: null }).where('id', '=', row.id).execute();
    const queriesOf = async () =>
      (await ctx.mpesa.state()).callbacks.filter(
        (c) => c.kind === 'status-result' && String(c.url).includes(row.withdraw_no),
      ).length;
    expect(await queriesOf()).toBe(0);
    const result = await reconcileWithdrawals(deps, new Date(Date.now() + 3 * 60_000));
    expect(result.finished).toBeGreaterThanOrEqual(1);
    await waitForState(row.withdraw_no, 'failed');
    expect(await getBalances(ctx.db, who.id)).toMatchObject({ cash: 500 * KES, withdrawable: 500 * KES });
    // Daraja was never asked: it never had the request.
    expect(await queriesOf()).toBe(0);
    // The stalled submission wakes up: its send mark is refused, so it sends nothing.
    expect(await markSending(ctx.db, row.id)).toBe(false);
    await expectLedgerInvariants();
  });

  it('logs an M-Pesa payment of a withdrawal already returned, for an operator', async () => {
    const { row } = await crashedWithdrawal(false);
    await ctx.db
      .updateTable('withdrawal')
      .set({
        first_not_found_at: new Date(Date.now() - 2 * NOT_FOUND_WINDOW_MS),
        not_found_count: NOT_FOUND_ANSWERS,
      })
      .where('id', '=', row.id)
      .execute();
    await askStatus(row.withdraw_no, NOT_FOUND_ANSWERS + 1);
    await waitForState(row.withdraw_no, 'failed');
    const log = { warn: vi.fn(), error: vi.fn() };
    await handleStatusResult(
      deps,
      {
        originatorConversationId: 'status-query-2',
        conversationId: 'AG_found_completed',
        resultCode: '0',
        resultDesc: 'The service request is processed successfully.',
        timedOut: false,
        transaction: {
          status: 'Completed',
          receipt: 'TSTLATEPAY',
          amount: 200,
          originatorConversationId: row.withdraw_no,
          conversationId: undefined,
          creditPartyName: undefined,
        },
      },
      await proofOf(row.withdraw_no),
      log,
    );
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ withdrawNo: row.withdraw_no }),
      'M-Pesa paid a withdrawal already returned',
    );
    expect((await rowOf(row.withdraw_no)).state).toBe('failed');
    // Kept for an operator, not only logged (the operators' tests below recover it).
    expect(
      await ctx.db
        .selectFrom('withdrawal_review')
        .select(['kind', 'state', 'reported_amount', 'receipt'])
        .where('withdrawal_id', '=', row.id)
        .execute(),
    ).toEqual([
      { kind: 'paid-after-return', state: 'open', reported_amount: 200 * KES, receipt: 'TSTLATEPAY' },
    ]);
  });
});

describe('withdraw rules on the server', () => {
  it('refuses an amount outside the limits of option 150 (100 to 150,000 KES)', async () => {
    const who = await newMember(ctx);
    await deposit(who.id, 200_000 * KES);
    expect((await withdraw(who, 100 * KES - 1)).code).toBe(ERRORS.WITHDRAW_LIMIT.code);
    expect((await withdraw(who, 150_000 * KES + 1)).code).toBe(ERRORS.WITHDRAW_LIMIT.code);
    expect(await getBalances(ctx.db, who.id)).toMatchObject({ cash: 200_000 * KES });
  });

  it('takes a fixed fee (type 2), refuses another type with "not support", and an amount not above the fee', async () => {
    await ctx.db
      .insertInto('pay_channel')
      .values([
        {
          direction: 'withdraw',
          channel_code: 'FIXED_FEE',
          name: 'Fixed fee',
          provider: 'mpesa',
          whole_units: true,
          withdraw_fee_type: 2,
          withdraw_fee_value: 200 * KES,
          sort: 9,
        },
        {
          direction: 'withdraw',
          channel_code: 'ODD_FEE',
          name: 'Odd fee',
          provider: 'mpesa',
          whole_units: true,
          withdraw_fee_type: 3,
          withdraw_fee_value: 1,
          sort: 10,
        },
      ])
      .execute();
    try {
      const who = await newMember(ctx);
      await deposit(who.id, 1000 * KES);
      const fixed = await withdraw(who, 500 * KES, 'FIXED_FEE');
      expect(fixed.code).toBe(0);
      expect(fixed.data).toMatchObject({ fee: 200 * KES, tax: 25 * KES, payout: 275 * KES });
      await waitForState(fixed.data.withdrawNo, 'paid');

      const below = await withdraw(who, 200 * KES, 'FIXED_FEE');
      expect(below.code).toBe(ERRORS.WITHDRAW_BELOW_FEE.code);
      const odd = await withdraw(who, 200 * KES, 'ODD_FEE');
      expect(odd.code).toBe(ERRORS.WITHDRAW_NOT_SUPPORTED.code);
      expect(odd.msg).toBe('not support');
      expect((await getBalances(ctx.db, who.id)).cash).toBe(500 * KES);
      await expectLedgerInvariants();
    } finally {
      await ctx.db
        .deleteFrom('withdrawal')
        .where('channel_id', 'in', [await channelId('FIXED_FEE')])
        .execute();
      await ctx.db.deleteFrom('pay_channel').where('channel_code', 'in', ['FIXED_FEE', 'ODD_FEE']).execute();
    }
  });

  it('refuses a channel code that does not match the channel id, like a missing channel', async () => {
    const who = await newMember(ctx);
    await deposit(who.id, 1000 * KES);
    const answer = await callApi(ctx, PAYMENT_PATHS.withdrawInit, {
      token: who.token,
      form: { money: String(200 * KES), channel: 'MTN_MM', payChannel: String(await channelId()) },
    });
    expect(answer.code).toBe(ERRORS.NOT_FOUND.code);
  });

  it('refuses a demo account (DEMO_CANNOT_WITHDRAW), whatever its balance, and changes nothing', async () => {
    const who = await newMember(ctx);
    await deposit(who.id, 1000 * KES);
    await ctx.db.updateTable('member').set({ demo: true }).where('id', '=', who.id).execute();
    const answer = await withdraw(who, 200 * KES);
    expect(answer).toMatchObject({ status: 403, code: ERRORS.DEMO_CANNOT_WITHDRAW.code });
    expect(await getBalances(ctx.db, who.id)).toMatchObject({ cash: 1000 * KES, withdrawable: 1000 * KES });
    const rows = await ctx.db.selectFrom('withdrawal').select('id').where('member_id', '=', who.id).execute();
    expect(rows).toEqual([]);
    expect(
      (await ctx.mpesa.state()).payments.filter((p) => p.partyB === `254${who.mobile.slice(1)}`),
    ).toEqual([]);
  });

  it('asks for a verified identity first (KYC_REQUIRED): nothing sent, or sent and not verified', async () => {
    for (const kyc of ['none', 'pending'] as const) {
      const who = await newMember(ctx, { kyc });
      await deposit(who.id, 1000 * KES);
      expect((await withdraw(who, 200 * KES)).code).toBe(ERRORS.KYC_REQUIRED.code);
      expect((await getBalances(ctx.db, who.id)).cash).toBe(1000 * KES);
    }
  });

  it('refuses while config 6002 disables withdrawals (with its message), or is not set up', async () => {
    const who = await newMember(ctx);
    await deposit(who.id, 1000 * KES);
    const restore = await setOption(
      SYSTEM_OPTION.WITHDRAW_ENABLE,
      JSON.stringify({ enable: false, message: 'Closed for maintenance' }),
    );
    try {
      const answer = await withdraw(who, 200 * KES);
      expect(answer.code).toBe(ERRORS.WITHDRAW_DISABLED.code);
      expect(answer.msg).toBe('Closed for maintenance');
    } finally {
      await restore();
    }
    const [entry] = await ctx.db
      .selectFrom('cf_global')
      .selectAll()
      .where('type', '=', SYSTEM_OPTION.WITHDRAW_ENABLE)
      .execute();
    const { id: _id, ...copy } = entry!;
    const second = await ctx.db
      .insertInto('cf_global')
      .values({ ...copy, name: 'withdraw switch (copy)' })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const answer = await withdraw(who, 200 * KES);
      expect(answer.code).toBe(ERRORS.WITHDRAW_DISABLED.code);
      expect(answer.msg).toBe('uninitialized');
    } finally {
      await ctx.db.deleteFrom('cf_global').where('id', '=', second.id).execute();
    }
    expect((await getBalances(ctx.db, who.id)).cash).toBe(1000 * KES);
  });

  it('refuses more than the withdrawable money, and changes nothing', async () => {
    const who = await newMember(ctx);
    await deposit(who.id, 300 * KES);
    // Bonus cash is spendable but not withdrawable.
    await creditMember(ctx.db, {
      memberId: who.id,
      from: ACCOUNT.promotionBonus,
      key: `test-bonus:${(keys += 1)}`,
      kind: 'bonus',
      cash: 1000 * KES,
    });
    const answer = await withdraw(who, 500 * KES);
    expect(answer.code).toBe(ERRORS.INSUFFICIENT_BALANCE.code);
    expect(await getBalances(ctx.db, who.id)).toMatchObject({ cash: 1300 * KES, withdrawable: 300 * KES });
    const rows = await ctx.db.selectFrom('withdrawal').select('id').where('member_id', '=', who.id).execute();
    expect(rows).toEqual([]);
    await expectLedgerInvariants();
  });

  it('two concurrent withdrawals of the whole withdrawable balance: exactly one succeeds', async () => {
    const who = await newMember(ctx);
    await deposit(who.id, 1000 * KES);
    const answers = await Promise.all([withdraw(who, 1000 * KES), withdraw(who, 1000 * KES)]);
    const codes = answers.map((answer) => answer.code).sort((a, b) => a - b);
    expect(codes).toEqual([0, ERRORS.INSUFFICIENT_BALANCE.code]);
    const winner = answers.find((answer) => answer.code === 0)!;
    await waitForState(winner.data.withdrawNo, 'paid');
    expect(await getBalances(ctx.db, who.id)).toMatchObject({ cash: 0, withdrawable: 0 });
    await expectLedgerInvariants();
  });

  it('seven withdrawals at once against option 100’s dailyCount of 5: exactly five are accepted', async () => {
    const who = await newMember(ctx);
    await deposit(who.id, 2000 * KES);
    const answers = await Promise.all(Array.from({ length: 7 }, () => withdraw(who, 100 * KES)));
    const codes = answers.map((answer) => answer.code).sort((a, b) => a - b);
    expect(codes).toEqual([
      0,
      0,
      0,
      0,
      0,
      ERRORS.WITHDRAW_DAILY_COUNT.code,
      ERRORS.WITHDRAW_DAILY_COUNT.code,
    ]);
    for (const answer of answers.filter((each) => each.code === 0)) {
      await waitForState(answer.data.withdrawNo, 'paid');
    }
    const rows = await ctx.db.selectFrom('withdrawal').select('id').where('member_id', '=', who.id).execute();
    expect(rows).toHaveLength(5);
    // Still refused one at a time; the refused ones took nothing.
    expect((await withdraw(who, 100 * KES)).code).toBe(ERRORS.WITHDRAW_DAILY_COUNT.code);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(2000 * KES - (await paidMoneyOf(who.id)));
    await expectLedgerInvariants();
  });
});

describe('operators: withdrawals M-Pesa’s answers leave undecided', () => {
  type B2cBody = {
    Result: {
      ConversationID: string;
      ResultParameters?: { ResultParameter: { Key: string; Value: unknown }[] };
    };
  };
  type Decision = {
    id: number;
    withdrawNo: string;
    memberId: number;
    review: string;
    resolution: string;
    state: string;
    receipt: string | null;
    recovered: number;
    writtenOff: number;
    refunded: number;
    transactionId: number | null;
    closedBy: string;
    note: string;
    closeTime: string;
  };

  /** An operator's call (a staff session); `token: null` sends no Authorization header. */
  function operator(path: string, json?: unknown, token: string | null = staffToken) {
    return callApi(ctx, path, {
      ...(json === undefined ? { method: 'GET' as const } : { json }),
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
  }
  const pathOf = (path: string, id: number) => path.replace(':id', String(id));

  async function listed(id: number) {
    const answer = await operator(ADMIN_PATHS.withdrawalReviews);
    expect(answer.code, answer.msg).toBe(0);
    return (answer.data.withdrawals as { id: number; review: string }[]).filter((entry) => entry.id === id);
  }

  const reviewOf = (withdrawalId: number, kind: string) =>
    ctx.db
      .selectFrom('withdrawal_review')
      .selectAll()
      .where('withdrawal_id', '=', withdrawalId)
      .where('kind', '=', kind as 'held')
      .executeTakeFirst();

  /** Where Daraja was told to deliver each payment's Result (the simulator forgets it on a reset). */
  const resultUrls = new Map<string, string>();

  /** The B2C Result the simulator decided for a payment (kept even when its POST was dropped). */
  async function b2cResultBody(conversationId: string): Promise<B2cBody> {
    const record = (await ctx.mpesa.state()).callbacks.find(
      (callback) => callback.kind === 'b2c-result' && callback.reference === conversationId,
    ) as { body: B2cBody; url: string } | undefined;
    expect(record).toBeDefined();
    resultUrls.set(conversationId, record!.url);
    return structuredClone(record!.body);
  }

  function withAmount(body: B2cBody, shillings: number): B2cBody {
    const copy = structuredClone(body);
    const parameter = copy.Result.ResultParameters?.ResultParameter.find(
      (entry) => entry.Key === 'TransactionAmount',
    );
    expect(parameter).toBeDefined();
    parameter!.Value = shillings;
    return copy;
  }

  const receiptOf = (body: B2cBody) =>
    body.Result.ResultParameters?.ResultParameter.find((entry) => entry.Key === 'TransactionReceipt')
      ?.Value as string;

  /** Posts a B2C Result as Daraja would: to the address it was given for that payment (with its token). */
  async function postB2cResult(body: B2cBody): Promise<void> {
    const url = resultUrls.get(body.Result.ConversationID);
    expect(url).toBeDefined();
    const response = await fetch(url!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(await response.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
  }

  /** A withdrawal Daraja paid and whose Result it kept to itself: submitted, with its ConversationID. */
  async function unansweredWithdrawal(who: TestMember, money: number) {
    await ctx.mpesa.control({ dropCallbacks: true });
    const answer = await withdraw(who, money);
    expect(answer.code, answer.msg).toBe(0);
    const row = await rowOf(answer.data.withdrawNo);
    expect(row.state).toBe('submitted');
    expect(row.conversation_id).toBeTruthy();
    const body = await b2cResultBody(row.conversation_id!);
    await ctx.mpesa.control({ dropCallbacks: false });
    return { row, body };
  }

  /**
   * Held: Daraja accepted the B2C, then forgets it (the simulator's reset), so Transaction Status does not
   * find it. The Result Daraja never sent is returned for the test to deliver late.
   */
  async function heldWithdrawal(who: TestMember, money: number) {
    const { row, body } = await unansweredWithdrawal(who, money);
    await ctx.mpesa.control({ reset: true });
    await ctx.db
      .updateTable('withdrawal')
      .set({ next_check_at: new Date(Date.now() - 1000) })
      .where('id', '=', row.id)
      .execute();
    await reconcileWithdrawals(deps, new Date());
    await vi.waitFor(async () => expect(await reviewOf(row.id, 'held')).toBeDefined(), {
      timeout: 10_000,
      interval: 50,
    });
    // Held, not returned: the money stays reserved.
    expect((await rowOf(row.withdraw_no)).state).toBe('submitted');
    return { row, body };
  }

  async function history(who: TestMember) {
    const answer = await callApi(ctx, ACCOUNT_PATHS.transactionRecords, { method: 'GET', token: who.token });
    return (answer.data.list as { type: string; amount: number; withdrawAmount: number }[]).map(
      ({ type, amount, withdrawAmount }) => ({ type, amount, withdrawAmount }),
    );
  }

  it('no answer at all: a day after sending it is held for an operator, the job still asks, and a late answer settles it', async () => {
    const who = await newMember(ctx);
    await deposit(who.id, 500 * KES);
    // Every answer from Daraja is lost from here on: the B2C's Result and every Transaction Status result.
    const { row } = await unansweredWithdrawal(who, 300 * KES);
    await ctx.mpesa.control({ dropCallbacks: true });
    /** Sent `hours` ago, and due for the job's next check before every other withdrawal. */
    const sentHoursAgo = async (hours: number) => {
      await ctx.db
        .updateTable('withdrawal')
        .set({
          b2c_sent_at: new Date(Date.now() - hours * 3600_000),
          next_check_at: new Date(Date.now() - 48 * 3600_000),
        })
        .where('id', '=', row.id)
        .execute();
      const asked = (await rowOf(row.withdraw_no)).check_attempts;
      await reconcileWithdrawals(deps, new Date());
      // The job did look at this withdrawal (and asked Transaction Status again).
      expect((await rowOf(row.withdraw_no)).check_attempts).toBe(asked + 1);
    };

    await sentHoursAgo(23);
    expect(await reviewOf(row.id, 'held')).toBeUndefined();

    await sentHoursAgo(25);
    expect(await reviewOf(row.id, 'held')).toMatchObject({
      state: 'open',
      result_desc: NO_ANSWER_REVIEW_DESC,
    });
    expect(await listed(Number(row.id))).toMatchObject([{ review: 'held', state: 'submitted' }]);
    // Held, not guessed: the money stays reserved.
    expect(await getBalances(ctx.db, who.id)).toMatchObject({ cash: 200 * KES, withdrawable: 200 * KES });
    await sentHoursAgo(26);
    expect(await listed(Number(row.id))).toHaveLength(1);

    // M-Pesa answers after all: Transaction Status finds it paid; the case closes with M-Pesa's decision.
    await ctx.mpesa.control({ dropCallbacks: false });
    await sentHoursAgo(27);
    await waitForState(row.withdraw_no, 'paid');
    await vi.waitFor(
      async () =>
        expect(await reviewOf(row.id, 'held')).toMatchObject({ state: 'closed', resolution: 'paid' }),
      { timeout: 10_000, interval: 50 },
    );
    expect(await listed(Number(row.id))).toHaveLength(0);
    await expectLedgerInvariants();
  });

  it('refuses a missing or wrong staff session, a viewer, an unknown withdrawal, and a withdrawal with nothing to decide', async () => {
    const who = await newMember(ctx);
    await deposit(who.id, 500 * KES);
    const answer = await withdraw(who, 300 * KES);
    const paid = await waitForState(answer.data.withdrawNo, 'paid');
    const id = Number(paid.id);
    const actions = [
      [ADMIN_PATHS.withdrawalPaid, { receipt: 'TSTNOCASE1' }],
      [ADMIN_PATHS.withdrawalNotPaid, { note: 'not in the portal' }],
      [ADMIN_PATHS.withdrawalRecover, { note: 'recover' }],
      [ADMIN_PATHS.withdrawalSettleDifference, { note: 'difference' }],
    ] as const;

    expect((await operator(ADMIN_PATHS.withdrawalReviews, undefined, null)).status).toBe(401);
    expect(
      (await operator(ADMIN_PATHS.withdrawalReviews, undefined, 'x'.repeat(staffToken.length))).status,
    ).toBe(401);
    // A viewer reads the list but decides nothing.
    const viewer = (await staffSession(ctx, ['viewer'])).token;
    expect((await operator(ADMIN_PATHS.withdrawalReviews, undefined, viewer)).code).toBe(0);
    for (const [path, body] of actions) {
      expect((await operator(pathOf(path, id), body, null)).code, path).toBe(ERRORS.UNAUTHORIZED.code);
      expect((await operator(pathOf(path, id), body, 'wrong-token')).status, path).toBe(401);
      expect((await operator(pathOf(path, id), body, viewer)).status, path).toBe(403);
      const unknown = await operator(pathOf(path, 987_654_321), body);
      expect(unknown, path).toMatchObject({ status: 404, code: ERRORS.NOT_FOUND.code });
      // A withdrawal M-Pesa paid as asked has no case: every decision is refused, and nothing moves.
      const refused = await operator(pathOf(path, id), body);
      expect(refused, path).toMatchObject({ status: 409, code: ERRORS.ORDER_CLOSED.code });
    }
    expect((await operator(pathOf(ADMIN_PATHS.withdrawalPaid, id), { receipt: 'short' })).code).toBe(
      ERRORS.BAD_REQUEST.code,
    );
    expect((await operator(pathOf(ADMIN_PATHS.withdrawalNotPaid, id), {})).code).toBe(ERRORS.VALIDATION.code);
    expect(await journalKeys(paid.withdraw_no)).toEqual([
      `withdraw:${paid.withdraw_no}:reserve`,
      `withdraw:${paid.withdraw_no}:settle`,
    ]);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(500 * KES - Number(paid.money));
    await expectLedgerInvariants();
    // In the OpenAPI document, generated from the route schemas.
    const document = (await ctx.app.inject({ url: '/api/docs' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/payments/withdrawals',
        '/api/admin/payments/withdrawals/{id}/paid',
        '/api/admin/payments/withdrawals/{id}/not-paid',
        '/api/admin/payments/withdrawals/{id}/recover',
        '/api/admin/payments/withdrawals/{id}/settle-difference',
      ]),
    );
  });

  it('held: listed with what the operator needs, settled as paid with the portal’s receipt, once', async () => {
    // A receipt another withdrawal was already paid with.
    const other = await newMember(ctx);
    await deposit(other.id, 500 * KES);
    const otherAnswer = await withdraw(other, 200 * KES);
    const otherPaid = await waitForState(otherAnswer.data.withdrawNo, 'paid');

    const who = await newMember(ctx);
    await deposit(who.id, 500 * KES);
    const worldBefore = await accountBalance(ACCOUNT.world);
    const { row, body } = await heldWithdrawal(who, 300 * KES);
    const money = Number(row.money);
    const payout = Number(row.payout);
    expect(money).toBe(300 * KES);

    const [entry] = await listed(Number(row.id));
    expect(entry).toMatchObject({
      withdrawNo: row.withdraw_no,
      review: 'held',
      state: 'submitted',
      memberId: who.id,
      mobile: who.mobile,
      msisdn: `254${who.mobile.slice(1)}`,
      money,
      fee: Number(row.fee),
      tax: 15 * KES,
      payout,
      memberCash: 500 * KES - money,
      memberWithdrawable: 500 * KES - money,
      receipt: null,
      conversationId: row.conversation_id,
      reportedAmount: null,
      reportedReceipt: null,
      reportedResultCode: 'R000001',
      reportedMessage: 'The transaction receipt number does not exist.',
    });
    expect(entry).toHaveProperty('reportedConversationId', expect.stringMatching(/^AG_/));
    expect(entry).toHaveProperty('sentTime', expect.any(String));

    // Asked again (the job keeps asking): still one case.
    await ctx.db
      .updateTable('withdrawal')
      .set({ next_check_at: new Date(Date.now() - 1000) })
      .where('id', '=', row.id)
      .execute();
    await reconcileWithdrawals(deps, new Date());
    expect(await listed(Number(row.id))).toHaveLength(1);

    const paidPath = pathOf(ADMIN_PATHS.withdrawalPaid, Number(row.id));
    expect((await operator(paidPath, { receipt: otherPaid.receipt })).code).toBe(ERRORS.RECEIPT_USED.code);
    expect((await rowOf(row.withdraw_no)).state).toBe('submitted');

    const decided = await operator(paidPath, { receipt: 'tstheld001', note: 'Seen in the M-PESA portal' });
    expect(decided.code, decided.msg).toBe(0);
    const settle = await transactionByKey(ctx, `withdraw:${row.withdraw_no}:settle`);
    expect(decided.data).toMatchObject({
      id: Number(row.id),
      withdrawNo: row.withdraw_no,
      memberId: who.id,
      review: 'held',
      resolution: 'paid',
      state: 'paid',
      receipt: 'TSTHELD001',
      recovered: 0,
      writtenOff: 0,
      refunded: 0,
      transactionId: settle.id,
      closedBy: 'operator',
      note: 'Seen in the M-PESA portal',
    } satisfies Partial<Decision>);
    expect(await rowOf(row.withdraw_no)).toMatchObject({
      state: 'paid',
      receipt: 'TSTHELD001',
      next_check_at: null,
    });

    // The same decision again answers the same; another receipt, or "not paid", is refused.
    expect((await operator(paidPath, { receipt: 'TSTHELD001' })).data).toEqual(decided.data);
    expect((await operator(paidPath, { receipt: 'TSTHELD002' })).code).toBe(ERRORS.ORDER_CLOSED.code);
    const notPaid = pathOf(ADMIN_PATHS.withdrawalNotPaid, Number(row.id));
    expect((await operator(notPaid, { note: 'changed my mind' })).code).toBe(ERRORS.ORDER_CLOSED.code);
    // In the audit log: the held case as the operator saw it, then the receipt given and the decision; the
    // repeat that answered the same is an entry too, the refused ones are not.
    const entries = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `withdrawal:${row.id}`)
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => entry.action)).toEqual(['withdrawal.paid', 'withdrawal.paid']);
    expect(entries[0]?.before).toEqual([expect.objectContaining({ id: Number(row.id), review: 'held' })]);
    expect(entries[0]?.after).toMatchObject({
      input: { receipt: 'TSTHELD001' },
      result: decided.data,
    });
    // M-Pesa's own Result arriving late settles nothing twice and opens no case.
    await postB2cResult(body);

    expect(await journalKeys(row.withdraw_no)).toEqual([
      `withdraw:${row.withdraw_no}:reserve`,
      `withdraw:${row.withdraw_no}:settle`,
    ]);
    expect(await getBalances(ctx.db, who.id)).toMatchObject({
      cash: 500 * KES - money,
      withdrawable: 500 * KES - money,
    });
    expect((await accountBalance(ACCOUNT.world)).cash - worldBefore.cash).toBe(payout);
    expect(await listed(Number(row.id))).toEqual([]);
    const records = await callApi(ctx, PAYMENT_PATHS.withdrawRecords, { method: 'GET', token: who.token });
    expect(records.data[0]).toMatchObject({
      withdrawNo: row.withdraw_no,
      status: 'success',
      receipt: 'TSTHELD001',
    });
    expect((await history(who)).map((line) => line.type).sort()).toEqual([
      'deposit',
      'fee',
      'tax',
      'withdraw',
    ]);
    await expectLedgerInvariants();
  });

  it('held: returned as not paid; M-Pesa then pays it after all, and the operator recovers it from the member', async () => {
    const who = await newMember(ctx);
    await deposit(who.id, 500 * KES);
    const { row, body } = await heldWithdrawal(who, 300 * KES);
    const money = Number(row.money);
    const payout = Number(row.payout);
    const id = Number(row.id);
    const notPaid = pathOf(ADMIN_PATHS.withdrawalNotPaid, id);

    const returned = await operator(notPaid, { note: 'Not in the M-PESA portal' });
    expect(returned.code, returned.msg).toBe(0);
    expect(returned.data).toMatchObject({
      review: 'held',
      resolution: 'returned',
      state: 'failed',
      receipt: null,
      closedBy: 'operator',
      note: 'Not in the M-PESA portal',
    });
    const returnTransaction = await transactionByKey(ctx, `withdraw:${row.withdraw_no}:return`);
    expect(returned.data.transactionId).toBe(returnTransaction.id);
    expect(await getBalances(ctx.db, who.id)).toMatchObject({ cash: 500 * KES, withdrawable: 500 * KES });
    expect((await operator(notPaid, { note: 'again' })).data).toEqual(returned.data);
    expect((await operator(pathOf(ADMIN_PATHS.withdrawalPaid, id), { receipt: 'TSTLATE001' })).code).toBe(
      ERRORS.ORDER_CLOSED.code,
    );
    // Nothing to recover yet: M-Pesa has not paid it.
    expect((await operator(pathOf(ADMIN_PATHS.withdrawalRecover, id), { note: 'x' })).code).toBe(
      ERRORS.ORDER_CLOSED.code,
    );
    expect(await listed(id)).toEqual([]);

    // M-Pesa's Result comes after all, twice: paid. The member has the money in the balance AND the phone.
    await postB2cResult(body);
    await postB2cResult(body);
    const [entry] = await listed(id);
    expect(entry).toMatchObject({
      review: 'paid-after-return',
      state: 'failed',
      reportedAmount: payout,
      reportedReceipt: receiptOf(body),
      reportedResultCode: '0',
      memberCash: 500 * KES,
      memberWithdrawable: 500 * KES,
    });
    expect(await listed(id)).toHaveLength(1);
    expect(await journalKeys(row.withdraw_no)).toHaveLength(2);

    const recoverPath = pathOf(ADMIN_PATHS.withdrawalRecover, id);
    expect((await operator(recoverPath, {})).code).toBe(ERRORS.VALIDATION.code);
    expect((await operator(pathOf(ADMIN_PATHS.withdrawalSettleDifference, id), { note: 'x' })).code).toBe(
      ERRORS.ORDER_CLOSED.code,
    );
    const houseBefore = await accountBalance(ACCOUNT.house);
    const worldBefore = await accountBalance(ACCOUNT.world);
    const recovered = await operator(recoverPath, { note: 'Paid twice: taken back' });
    expect(recovered.code, recovered.msg).toBe(0);
    expect(recovered.data).toMatchObject({
      review: 'paid-after-return',
      resolution: 'recovered',
      state: 'failed',
      receipt: receiptOf(body),
      recovered: payout,
      writtenOff: 0,
      refunded: 0,
      closedBy: 'operator',
    });
    expect((await operator(recoverPath, { note: 'again' })).data).toEqual(recovered.data);

    expect(await getBalances(ctx.db, who.id)).toMatchObject({
      cash: 500 * KES - payout,
      withdrawable: 500 * KES - payout,
    });
    // What reached the phone left to the world; the house wrote nothing off.
    expect((await accountBalance(ACCOUNT.world)).cash - worldBefore.cash).toBe(payout);
    expect((await accountBalance(ACCOUNT.house)).cash - houseBefore.cash).toBe(0);
    expect(await journalKeys(row.withdraw_no)).toEqual([
      `withdraw:${row.withdraw_no}:reserve`,
      `withdraw:${row.withdraw_no}:return`,
      `withdraw:${row.withdraw_no}:recover`,
    ]);
    expect(await history(who)).toEqual(
      expect.arrayContaining([
        { type: 'refund', amount: money, withdrawAmount: money },
        { type: 'withdraw', amount: -payout, withdrawAmount: -payout },
      ]),
    );
    expect(await listed(id)).toEqual([]);
    await expectLedgerInvariants();
  });

  it('paid after its return, the money spent: recovered as far as the cash goes, the rest written off', async () => {
    const who = await newMember(ctx);
    await deposit(who.id, 500 * KES);
    const { row, body } = await heldWithdrawal(who, 300 * KES);
    const payout = Number(row.payout);
    const id = Number(row.id);
    expect((await operator(pathOf(ADMIN_PATHS.withdrawalNotPaid, id), { note: 'Not found' })).code).toBe(0);
    // The member bets most of it away, and has some bonus cash that could never be withdrawn.
    await debitMemberCash(ctx.db, {
      memberId: who.id,
      to: ACCOUNT.houseFor(who.id),
      key: `test-bet:${(keys += 1)}`,
      kind: 'bet',
      amount: 450 * KES,
    });
    await creditMember(ctx.db, {
      memberId: who.id,
      from: ACCOUNT.promotionBonus,
      key: `test-bonus:${(keys += 1)}`,
      kind: 'bonus',
      cash: 20 * KES,
    });
    expect(await getBalances(ctx.db, who.id)).toMatchObject({ cash: 70 * KES, withdrawable: 50 * KES });
    await postB2cResult(body);
    expect((await listed(id))[0]).toMatchObject({ memberCash: 70 * KES, memberWithdrawable: 50 * KES });

    const houseBefore = await accountBalance(ACCOUNT.house);
    const worldBefore = await accountBalance(ACCOUNT.world);
    const recovered = await operator(pathOf(ADMIN_PATHS.withdrawalRecover, id), { note: 'Spent' });
    expect(recovered.code, recovered.msg).toBe(0);
    expect(recovered.data).toMatchObject({ recovered: 70 * KES, writtenOff: payout - 70 * KES });
    expect(await getBalances(ctx.db, who.id)).toMatchObject({ cash: 0, withdrawable: 0 });
    expect((await accountBalance(ACCOUNT.house)).cash - houseBefore.cash).toBe(-(payout - 70 * KES));
    expect((await accountBalance(ACCOUNT.world)).cash - worldBefore.cash).toBe(payout);
    expect(await history(who)).toContainEqual({
      type: 'withdraw',
      amount: -70 * KES,
      withdrawAmount: -50 * KES,
    });
    expect((await operator(pathOf(ADMIN_PATHS.withdrawalRecover, id), { note: 'again' })).data).toEqual(
      recovered.data,
    );
    expect(await getBalances(ctx.db, who.id)).toMatchObject({ cash: 0, withdrawable: 0 });
    await expectLedgerInvariants();
  });

  it('two operators decide the same held withdrawal at once: one decision stands, the money moves once', async () => {
    const who = await newMember(ctx);
    await deposit(who.id, 500 * KES);
    const { row } = await heldWithdrawal(who, 300 * KES);
    const id = Number(row.id);
    const answers = await Promise.all([
      operator(pathOf(ADMIN_PATHS.withdrawalPaid, id), { receipt: 'TSTRACE001' }),
      operator(pathOf(ADMIN_PATHS.withdrawalNotPaid, id), { note: 'Not in the portal' }),
      operator(pathOf(ADMIN_PATHS.withdrawalPaid, id), { receipt: 'TSTRACE001' }),
    ]);
    const winner = answers.find((answer) => answer.code === 0)!;
    expect(winner).toBeDefined();
    const resolution = winner.data.resolution as 'paid' | 'returned';
    for (const answer of answers) {
      // The same decision answers the same; the other one is refused.
      if (answer.code === 0) expect(answer.data).toEqual(winner.data);
      else expect(answer.code).toBe(ERRORS.ORDER_CLOSED.code);
    }
    const final = await waitForState(row.withdraw_no, resolution === 'paid' ? 'paid' : 'failed');
    expect(await journalKeys(row.withdraw_no)).toEqual([
      `withdraw:${row.withdraw_no}:reserve`,
      `withdraw:${row.withdraw_no}:${resolution === 'paid' ? 'settle' : 'return'}`,
    ]);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(
      resolution === 'paid' ? 500 * KES - Number(final.money) : 500 * KES,
    );
    await expectLedgerInvariants();
  });

  it('held, then M-Pesa answers after all: no longer listed, and the operator’s call answers M-Pesa’s decision', async () => {
    const who = await newMember(ctx);
    await deposit(who.id, 500 * KES);
    const { row, body } = await heldWithdrawal(who, 300 * KES);
    const id = Number(row.id);
    await postB2cResult(body);
    await waitForState(row.withdraw_no, 'paid');
    expect(await reviewOf(id, 'held')).toMatchObject({
      state: 'closed',
      resolution: 'paid',
      closed_by: 'mpesa',
      receipt: receiptOf(body),
    });
    expect(await listed(id)).toEqual([]);
    const paidPath = pathOf(ADMIN_PATHS.withdrawalPaid, id);
    const same = await operator(paidPath, { receipt: receiptOf(body) });
    expect(same.code, same.msg).toBe(0);
    expect(same.data).toMatchObject({ resolution: 'paid', closedBy: 'mpesa', state: 'paid' });
    expect((await operator(paidPath, { receipt: 'TSTOTHER01' })).code).toBe(ERRORS.ORDER_CLOSED.code);
    expect((await operator(pathOf(ADMIN_PATHS.withdrawalNotPaid, id), { note: 'not paid' })).code).toBe(
      ERRORS.ORDER_CLOSED.code,
    );
    expect(await journalKeys(row.withdraw_no)).toHaveLength(2);
    await expectLedgerInvariants();
  });

  it('held, found paid for less than the payout: settled, then the shortfall is refunded to the member', async () => {
    const who = await newMember(ctx);
    await deposit(who.id, 500 * KES);
    const { row } = await heldWithdrawal(who, 300 * KES);
    const id = Number(row.id);
    const money = Number(row.money);
    const payout = Number(row.payout);
    const decided = await operator(pathOf(ADMIN_PATHS.withdrawalPaid, id), {
      receipt: 'TSTLESS001',
      amount: payout - 7 * KES,
    });
    expect(decided.code, decided.msg).toBe(0);
    expect(decided.data).toMatchObject({ resolution: 'paid', state: 'paid' });
    expect((await listed(id))[0]).toMatchObject({
      review: 'amount-differs',
      state: 'paid',
      reportedAmount: payout - 7 * KES,
      reportedReceipt: 'TSTLESS001',
    });
    const difference = pathOf(ADMIN_PATHS.withdrawalSettleDifference, id);
    const refunded = await operator(difference, { note: 'Portal shows 7 KES less' });
    expect(refunded.code, refunded.msg).toBe(0);
    expect(refunded.data).toMatchObject({
      review: 'amount-differs',
      resolution: 'refunded',
      refunded: 7 * KES,
      recovered: 0,
      writtenOff: 0,
    });
    expect((await operator(difference, { note: 'again' })).data).toEqual(refunded.data);
    expect(await getBalances(ctx.db, who.id)).toMatchObject({
      cash: 500 * KES - money + 7 * KES,
      withdrawable: 500 * KES - money + 7 * KES,
    });
    expect(await history(who)).toContainEqual({ type: 'refund', amount: 7 * KES, withdrawAmount: 7 * KES });
    expect(await journalKeys(row.withdraw_no)).toEqual([
      `withdraw:${row.withdraw_no}:reserve`,
      `withdraw:${row.withdraw_no}:settle`,
      `withdraw:${row.withdraw_no}:difference`,
    ]);
    await expectLedgerInvariants();
  });

  it('B2C paid more than the payout: the extra is taken back as far as the cash goes, the rest written off', async () => {
    const who = await newMember(ctx);
    await deposit(who.id, 320 * KES);
    const { row, body } = await unansweredWithdrawal(who, 300 * KES);
    const id = Number(row.id);
    const money = Number(row.money);
    const payout = Number(row.payout);
    // Paid 50 KES more than asked; the member has 20 KES left.
    await postB2cResult(withAmount(body, payout / KES + 50));
    const paid = await waitForState(row.withdraw_no, 'paid');
    expect(paid.receipt).toBe(receiptOf(body));
    expect(await getBalances(ctx.db, who.id)).toMatchObject({ cash: 320 * KES - money });
    const [entry] = await listed(id);
    expect(entry).toMatchObject({
      review: 'amount-differs',
      state: 'paid',
      payout,
      reportedAmount: payout + 50 * KES,
      reportedReceipt: receiptOf(body),
      receipt: receiptOf(body),
      memberCash: 20 * KES,
    });
    // The same Result again: one case.
    await postB2cResult(withAmount(body, payout / KES + 50));
    expect(await listed(id)).toHaveLength(1);
    expect((await operator(pathOf(ADMIN_PATHS.withdrawalRecover, id), { note: 'wrong action' })).code).toBe(
      ERRORS.ORDER_CLOSED.code,
    );

    const houseBefore = await accountBalance(ACCOUNT.house);
    const worldBefore = await accountBalance(ACCOUNT.world);
    const difference = pathOf(ADMIN_PATHS.withdrawalSettleDifference, id);
    const settled = await operator(difference, { note: 'Paid 50 KES more' });
    expect(settled.code, settled.msg).toBe(0);
    expect(settled.data).toMatchObject({
      resolution: 'recovered',
      recovered: 20 * KES,
      writtenOff: 30 * KES,
      refunded: 0,
      receipt: receiptOf(body),
    });
    expect((await operator(difference, { note: 'again' })).data).toEqual(settled.data);
    expect(await getBalances(ctx.db, who.id)).toMatchObject({ cash: 0, withdrawable: 0 });
    expect((await accountBalance(ACCOUNT.world)).cash - worldBefore.cash).toBe(50 * KES);
    expect((await accountBalance(ACCOUNT.house)).cash - houseBefore.cash).toBe(-30 * KES);
    expect(await listed(id)).toEqual([]);
    await expectLedgerInvariants();
  });

  it('a report found wrong is dismissed without moving money; money decisions on it then answer 3017', async () => {
    const who = await newMember(ctx);
    await deposit(who.id, 500 * KES);
    const { row, body } = await unansweredWithdrawal(who, 300 * KES);
    const id = Number(row.id);
    const payout = Number(row.payout);
    // M-Pesa reports 50 KES more than the payout (the portal shows the payout itself).
    await postB2cResult(withAmount(body, payout / KES + 50));
    await waitForState(row.withdraw_no, 'paid');
    expect(await listed(id)).toMatchObject([{ review: 'amount-differs' }]);
    const balances = await getBalances(ctx.db, who.id);
    const world = await accountBalance(ACCOUNT.world);
    const dismiss = pathOf(ADMIN_PATHS.withdrawalDismiss, id);

    // A held case cannot be dismissed, a note is needed, and the case must be one this withdrawal has.
    expect((await operator(dismiss, { review: 'held', note: 'x' })).code).toBe(ERRORS.BAD_REQUEST.code);
    expect((await operator(dismiss, { review: 'amount-differs' })).code).toBe(ERRORS.VALIDATION.code);
    expect((await operator(dismiss, { review: 'paid-after-return', note: 'x' })).code).toBe(
      ERRORS.ORDER_CLOSED.code,
    );

    const dismissed = await operator(dismiss, { review: 'amount-differs', note: 'Portal shows the payout' });
    expect(dismissed.code, dismissed.msg).toBe(0);
    expect(dismissed.data).toMatchObject({
      review: 'amount-differs',
      resolution: 'dismissed',
      state: 'paid',
      recovered: 0,
      writtenOff: 0,
      refunded: 0,
      transactionId: null,
      closedBy: 'operator',
      note: 'Portal shows the payout',
    });
    expect((await operator(dismiss, { review: 'amount-differs', note: 'again' })).data).toEqual(
      dismissed.data,
    );
    // The contrary decision afterwards: refused, nothing moves.
    const settle = await operator(pathOf(ADMIN_PATHS.withdrawalSettleDifference, id), { note: 'late' });
    expect(settle.code).toBe(ERRORS.ORDER_CLOSED.code);
    expect(await listed(id)).toEqual([]);
    expect(await getBalances(ctx.db, who.id)).toEqual(balances);
    expect(await accountBalance(ACCOUNT.world)).toEqual(world);
    await expectLedgerInvariants();
  });
});
