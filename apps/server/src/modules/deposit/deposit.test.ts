import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@app/contracts/errors';
import { ACCOUNT_PATHS, PAY_SERVICE_PATHS, PAYMENT_PATHS } from '@app/contracts/paths';
import { stkResultMessage } from '../../adapters/mpesa/daraja-callbacks.ts';
import { createMpesaClient, mpesaCallbackUrls } from '../../adapters/outside-world.ts';
import { DarajaError } from '../../adapters/mpesa/daraja-error.ts';
import { getAppSettings } from '../config/config.service.ts';
import type { PaymentDeps } from '../payment-deps.ts';
import { getBalances } from '../wallet/wallet.service.ts';
import { callApi, newMobile, registerMember } from '../../../test/api-client.ts';
import { expectLedgerInvariants } from '../../../test/ledger-invariants.ts';
import { createTestApp, TEST_CALLBACK_SECRET, TEST_MPESA_PIN, type TestApp } from '../../../test/test-app.ts';
import { reconcileDeposits, topUp as topUpService } from './deposit.service.ts';

let ctx: TestApp;
let deps: PaymentDeps;
const KES = 100;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  ctx = await createTestApp({}, { listen: true });
  deps = {
    db: ctx.db,
    country: getAppSettings(ctx.env).country,
    mpesa: createMpesaClient(ctx.env),
    callbackUrls: mpesaCallbackUrls(ctx.env, TEST_CALLBACK_SECRET),
    callbackSecret: TEST_CALLBACK_SECRET,
    callbackIps: [],
    signSecret: 'unused-by-these-calls',
    publicUrl: ctx.env.PUBLIC_URL,
  };
});
afterAll(async () => {
  await ctx.close();
});
afterEach(async () => {
  // Back to the harness's defaults: callbacks at once, none doubled or dropped, natural results.
  await ctx.mpesa.control({
    callbackDelayMs: 0,
    duplicateCallbacks: false,
    dropCallbacks: false,
    forceStkResultCode: null,
    promptTimeoutMs: 60_000,
  });
});

type Member = { id: number; token: string; mobile: string; msisdn: string };

let members = 0;

async function member(prefix = '0712'): Promise<Member> {
  members += 1;
  // One address per member: registration codes are limited per address.
  const registered = await registerMember(ctx, newMobile(prefix), { ip: `10.9.${members}.1` });
  expect(registered.code).toBe(0);
  return {
    id: registered.data.memberInfo.id,
    token: registered.token,
    mobile: registered.mobile,
    msisdn: registered.e164.slice(1),
  };
}

async function channels(): Promise<{ mpesa: number; other: number }> {
  const answer = await callApi(ctx, PAYMENT_PATHS.depositChannels, { method: 'GET' });
  const byCode = (code: string) =>
    answer.data.find((c: { channelCode: string }) => c.channelCode === code).id;
  return { mpesa: byCode('MPESA'), other: byCode('MPESA_OTHER') };
}

async function packageOf(payMoney: number): Promise<{ id: number; money: number; payMoney: number }> {
  const answer = await callApi(ctx, PAYMENT_PATHS.payItems, { method: 'GET' });
  return answer.data.find((item: { payMoney: number }) => item.payMoney === payMoney);
}

function topUp(who: Member, body: Record<string, string | number>) {
  return callApi(ctx, PAYMENT_PATHS.topUp, {
    token: who.token,
    form: Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)])),
  });
}

async function order(transNo: string) {
  return ctx.db
    .selectFrom('deposit_order')
    .selectAll()
    .where('trans_no', '=', transNo)
    .executeTakeFirstOrThrow();
}

async function waitForState(transNo: string, state: number) {
  await vi.waitFor(async () => expect((await order(transNo)).state).toBe(state), {
    timeout: 10_000,
    interval: 50,
  });
  return order(transNo);
}

async function journalCount(): Promise<number> {
  const row = await ctx.db
    .selectFrom('journal_transaction')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function depositsOf(memberId: number): Promise<number> {
  const rows = await ctx.db
    .selectFrom('journal_transaction')
    .select('id')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'deposit')
    .execute();
  return rows.length;
}

/** Tops up with the M-Pesa channel and answers the phone's prompt. */
async function payAndAnswer(
  who: Member,
  body: Record<string, string | number>,
  answer: { pin: string } | 'cancel',
) {
  const started = await topUp(who, body);
  expect(started.code, started.msg).toBe(0);
  const current = await order(started.data.transNo);
  expect(current.state).toBe(1);
  await ctx.mpesa.answer(current.checkout_request_id!, answer);
  return started.data.transNo as string;
}

function stkCallbackBody(checkoutRequestId: string, amount: number, receipt: string) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: 'crafted-merchant',
        CheckoutRequestID: checkoutRequestId,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: amount },
            { Name: 'MpesaReceiptNumber', Value: receipt },
            { Name: 'TransactionDate', Value: 20261122120000 },
            { Name: 'PhoneNumber', Value: 254712000000 },
          ],
        },
      },
    },
  };
}

function postCallback(body: unknown, secret = TEST_CALLBACK_SECRET) {
  return fetch(`${ctx.url}/api/pay-service/mpesa/${secret}/stk-callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('packages and channels', () => {
  it('lists enabled packages by sort and channels in the caller’s language', async () => {
    const items = await callApi(ctx, PAYMENT_PATHS.payItems, { method: 'GET' });
    expect(items.data.map((item: { payMoney: number }) => item.payMoney)).toEqual(
      [50, 100, 200, 500, 1000, 2000].map((kes) => kes * KES),
    );
    expect(items.data[0]).toMatchObject({
      money: 5 * KES,
      img: '/statics/payments/package-50.svg',
      hot: false,
    });
    expect(items.data[0].itemId).toBe(items.data[0].id);

    const english = await callApi(ctx, PAYMENT_PATHS.depositChannels, { method: 'GET' });
    expect(english.data[0]).toMatchObject({ channelCode: 'MPESA', wholeUnits: true, minAmount: 10 * KES });
    expect(english.data[0].mobilePattern).not.toBe('');
    const french = await callApi(ctx, PAYMENT_PATHS.depositChannels, {
      method: 'GET',
      headers: { 'accept-language': 'fr' },
    });
    expect(french.data[1].name).toBe('M-PESA (autre numéro)');
  });
});

describe('deposit by M-Pesa STK Push', () => {
  it('credits a package’s cash and coins in one journal transaction when the PIN is entered', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const item = await packageOf(100 * KES);
    const started = await topUp(who, { itemId: item.id, payMoney: item.payMoney, payChannel: mpesa });
    expect(started.code, started.msg).toBe(0);
    const redirect = new URL(started.data.redirectUrl, 'http://app');
    expect(redirect.pathname).toBe('/pay/hall/mpesa');
    expect(redirect.searchParams.get('transNo')).toBe(started.data.transNo);
    expect(redirect.searchParams.get('sign')).toBeTruthy();

    // The prompt went to the member's own number, for whole shillings.
    const { prompts } = await ctx.mpesa.state();
    const prompt = prompts.find((p) => p.phoneNumber === who.msisdn && p.status === 'pending');
    expect(prompt?.amount).toBe(100);
    const waiting = await callApi(ctx, PAYMENT_PATHS.depositResult, {
      method: 'GET',
      token: who.token,
      query: `?transNo=${started.data.transNo}`,
    });
    expect(waiting.data.state).toBe(1);

    await ctx.mpesa.answer(prompt!.checkoutRequestId, { pin: TEST_MPESA_PIN });
    const paid = await waitForState(started.data.transNo, 3);
    expect(paid.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(paid.first_deposit).toBe(true);
    expect(await getBalances(ctx.db, who.id)).toEqual({
      cash: 100 * KES,
      withdrawable: 100 * KES,
      coins: item.money,
      diamonds: 0,
    });
    const entries = await ctx.db
      .selectFrom('journal_entry')
      .select(['asset', 'amount'])
      .where('transaction_id', '=', paid.journal_transaction_id!)
      .execute();
    expect(new Set(entries.map((entry) => entry.asset))).toEqual(new Set(['cash', 'withdrawable', 'coins']));
    expect(await depositsOf(who.id)).toBe(1);

    const result = await callApi(ctx, PAYMENT_PATHS.depositResult, {
      method: 'GET',
      token: who.token,
      query: `?transNo=${started.data.transNo}`,
    });
    expect(result.data).toMatchObject({
      state: 3,
      payMoney: 100 * KES,
      coins: item.money,
      isBonus: 1,
      bonus: item.money,
      firstDeposit: true,
    });
    const persona = await callApi(ctx, ACCOUNT_PATHS.persona, { method: 'GET', token: who.token });
    expect(persona.data.totalDepositCount).toBe(1);
    await expectLedgerInvariants(ctx.db);
  });

  it('credits a free amount without coins; the second deposit is not the first', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const first = await payAndAnswer(
      who,
      { payMoney: 150 * KES, payChannel: mpesa },
      { pin: TEST_MPESA_PIN },
    );
    expect((await waitForState(first, 3)).first_deposit).toBe(true);
    const second = await payAndAnswer(
      who,
      { payMoney: 20 * KES, payChannel: mpesa },
      { pin: TEST_MPESA_PIN },
    );
    const paid = await waitForState(second, 3);
    expect(paid.first_deposit).toBe(false);
    expect(await getBalances(ctx.db, who.id)).toEqual({
      cash: 170 * KES,
      withdrawable: 170 * KES,
      coins: 0,
      diamonds: 0,
    });
    const result = await callApi(ctx, PAYMENT_PATHS.depositResult, {
      method: 'GET',
      token: who.token,
      query: `?transNo=${second}`,
    });
    expect(result.data).toMatchObject({ isBonus: 0, bonus: 0, firstDeposit: false });
    await expectLedgerInvariants(ctx.db);
  });

  it('refuses what the rules refuse, with the catalogue’s codes, and creates no order', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const item = await packageOf(50 * KES);
    const before = await ctx.db
      .selectFrom('deposit_order')
      .select('id')
      .where('member_id', '=', who.id)
      .execute();

    expect((await topUp(who, { payMoney: 15_050, payChannel: mpesa })).code).toBe(
      ERRORS.WHOLE_UNITS_ONLY.code,
    );
    expect((await topUp(who, { payMoney: 5 * KES, payChannel: mpesa })).code).toBe(
      ERRORS.DEPOSIT_BELOW_MINIMUM.code,
    );
    expect((await topUp(who, { payMoney: 300_000 * KES, payChannel: mpesa })).code).toBe(
      ERRORS.DEPOSIT_ABOVE_MAXIMUM.code,
    );
    expect((await topUp(who, { itemId: item.id, payMoney: 60 * KES, payChannel: mpesa })).code).toBe(
      ERRORS.BAD_REQUEST.code,
    );
    expect((await topUp(who, { payMoney: 'abc', payChannel: mpesa })).code).toBe(ERRORS.BAD_REQUEST.code);
    expect((await topUp(who, { payMoney: 100 * KES, payChannel: 9999 })).code).toBe(
      ERRORS.DEPOSIT_UNAVAILABLE.code,
    );
    const visitor = await callApi(ctx, PAYMENT_PATHS.topUp, {
      form: { payMoney: String(100 * KES), payChannel: String(mpesa) },
    });
    expect(visitor.code).toBe(ERRORS.UNAUTHORIZED.code);

    await ctx.db.updateTable('pay_channel').set({ enabled: false }).where('id', '=', mpesa).execute();
    try {
      expect((await topUp(who, { payMoney: 100 * KES, payChannel: mpesa })).code).toBe(
        ERRORS.DEPOSIT_UNAVAILABLE.code,
      );
    } finally {
      await ctx.db.updateTable('pay_channel').set({ enabled: true }).where('id', '=', mpesa).execute();
    }
    const after = await ctx.db
      .selectFrom('deposit_order')
      .select('id')
      .where('member_id', '=', who.id)
      .execute();
    expect(after).toEqual(before);
  });

  it.each([
    ['cancelled on the phone', 'cancel' as const, undefined, 1032],
    ['a wrong PIN', { pin: '0000' }, undefined, 2001],
    ['too little on M-PESA', { pin: TEST_MPESA_PIN }, 1, 1],
  ])('fails the order when %s, crediting nothing', async (_name, answer, forced, resultCode) => {
    if (forced !== undefined) await ctx.mpesa.control({ forceStkResultCode: forced });
    const who = await member();
    const { mpesa } = await channels();
    const transNo = await payAndAnswer(who, { payMoney: 100 * KES, payChannel: mpesa }, answer);
    const failed = await waitForState(transNo, 4);
    expect(failed.result_code).toBe(resultCode);
    const result = await callApi(ctx, PAYMENT_PATHS.depositResult, {
      method: 'GET',
      token: who.token,
      query: `?transNo=${transNo}`,
    });
    expect(result.data).toMatchObject({ state: 4, message: stkResultMessage(resultCode) });
    expect(await getBalances(ctx.db, who.id)).toMatchObject({ cash: 0, coins: 0 });
    expect(await depositsOf(who.id)).toBe(0);
    await expectLedgerInvariants(ctx.db);
  });

  it('fails the order when the customer never answers (1037)', async () => {
    await ctx.mpesa.control({ promptTimeoutMs: 300 });
    const who = await member();
    const { mpesa } = await channels();
    const started = await topUp(who, { payMoney: 100 * KES, payChannel: mpesa });
    const failed = await waitForState(started.data.transNo, 4);
    expect(failed.result_code).toBe(1037);
    expect(failed.message).toBe(stkResultMessage(1037));
    expect(await depositsOf(who.id)).toBe(0);
  });

  it('answers PAYMENT_IN_PROGRESS while a prompt is already open on the phone', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const first = await topUp(who, { payMoney: 100 * KES, payChannel: mpesa });
    expect(first.code).toBe(0);
    const second = await topUp(who, { payMoney: 200 * KES, payChannel: mpesa });
    expect(second.code).toBe(ERRORS.PAYMENT_IN_PROGRESS.code);
    // The refused order is closed, not left waiting; the first still waits for its PIN.
    const orders = await ctx.db
      .selectFrom('deposit_order')
      .select(['pay_money', 'state'])
      .where('member_id', '=', who.id)
      .orderBy('id')
      .execute();
    expect(orders).toEqual([
      { pay_money: 100 * KES, state: 1 },
      { pay_money: 200 * KES, state: 4 },
    ]);
  });

  it('refuses a member whose own number M-Pesa cannot prompt, closing the order', async () => {
    // 010x is another operator's range: no M-PESA there.
    const who = await member('0102');
    const { mpesa } = await channels();
    const answer = await topUp(who, { payMoney: 100 * KES, payChannel: mpesa });
    expect(answer.code).toBe(ERRORS.INVALID_MOBILE.code);
    const orders = await ctx.db
      .selectFrom('deposit_order')
      .select('state')
      .where('member_id', '=', who.id)
      .execute();
    expect(orders).toEqual([{ state: 4 }]);
  });

  it('fails the order and answers PROVIDER_UNAVAILABLE when M-Pesa cannot be reached', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const unreachable: PaymentDeps = {
      ...deps,
      // Nothing listens on the discard port: every call fails to connect.
      mpesa: createMpesaClient({ ...ctx.env, MPESA_BASE_URL: 'http://127.0.0.1:9' }),
    };
    await expect(
      topUpService(
        unreachable,
        { id: who.id, mobile: who.mobile },
        { payMoney: 100 * KES, payChannel: mpesa },
        { platform: 3, language: 'en' },
        quiet,
      ),
    ).rejects.toMatchObject({ key: 'PROVIDER_UNAVAILABLE' });
    const orders = await ctx.db
      .selectFrom('deposit_order')
      .select('state')
      .where('member_id', '=', who.id)
      .execute();
    expect(orders).toEqual([{ state: 4 }]);
  });
});

describe('a push whose answer was lost', () => {
  /** M-Pesa takes the push, but its answer never reaches us (a timeout on the way back). */
  function lostAnswers(): PaymentDeps {
    const real = createMpesaClient(ctx.env);
    return {
      ...deps,
      mpesa: {
        ...real,
        stkPush: async (input) => {
          await real.stkPush(input);
          throw new DarajaError('unavailable', 'Daraja stk push failed: network error ETIMEDOUT', {
            operation: 'stk push',
          });
        },
      },
    };
  }

  async function lostPush(who: Member, payMoney: number) {
    const { mpesa } = await channels();
    await expect(
      topUpService(
        lostAnswers(),
        { id: who.id, mobile: who.mobile },
        { payMoney, payChannel: mpesa },
        { platform: 3, language: 'en' },
        quiet,
      ),
    ).rejects.toMatchObject({ key: 'PROVIDER_UNAVAILABLE' });
    return ctx.db
      .selectFrom('deposit_order')
      .selectAll()
      .where('member_id', '=', who.id)
      .executeTakeFirstOrThrow();
  }

  it('is credited when the customer pays anyway: the callback finds the waiting order by number and amount', async () => {
    const who = await member();
    const waiting = await lostPush(who, 150 * KES);
    expect(waiting).toMatchObject({ state: 1, checkout_request_id: null, msisdn: who.msisdn });
    const { prompts } = await ctx.mpesa.state();
    const prompt = prompts.find((p) => p.phoneNumber === who.msisdn && p.status === 'pending');
    await ctx.mpesa.answer(prompt!.checkoutRequestId, { pin: TEST_MPESA_PIN });
    const paid = await waitForState(waiting.trans_no, 3);
    expect(paid.checkout_request_id).toBe(prompt!.checkoutRequestId);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(150 * KES);
    await expectLedgerInvariants(ctx.db);
  });

  it('is closed by the job when no callback comes within its window, and nothing is credited', async () => {
    const who = await member();
    const waiting = await lostPush(who, 160 * KES);
    await reconcileDeposits(deps, new Date(Date.now() + 4 * 60_000), quiet);
    expect((await order(waiting.trans_no)).state).toBe(4);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(0);
  });
});

describe('callbacks and reconciliation', () => {
  it('credits once when every callback comes twice', async () => {
    await ctx.mpesa.control({ duplicateCallbacks: true });
    const who = await member();
    const { mpesa } = await channels();
    const transNo = await payAndAnswer(
      who,
      { payMoney: 100 * KES, payChannel: mpesa },
      { pin: TEST_MPESA_PIN },
    );
    await waitForState(transNo, 3);
    const checkout = (await order(transNo)).checkout_request_id;
    await vi.waitFor(
      async () => {
        const { callbacks } = await ctx.mpesa.state();
        const record = callbacks.find((c) => c.reference === checkout);
        expect(record).toMatchObject({ status: 'delivered', posts: 2 });
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(await depositsOf(who.id)).toBe(1);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(100 * KES);
    await expectLedgerInvariants(ctx.db);
  });

  it('settles through the STK query when the callback never comes, exactly once', async () => {
    await ctx.mpesa.control({ dropCallbacks: true });
    const who = await member();
    const { mpesa } = await channels();
    const transNo = await payAndAnswer(
      who,
      { payMoney: 100 * KES, payChannel: mpesa },
      { pin: TEST_MPESA_PIN },
    );
    expect((await order(transNo)).state).toBe(1);

    // Not yet due: nothing is asked.
    await reconcileDeposits(deps, new Date(), quiet);
    expect((await order(transNo)).state).toBe(1);
    const later = new Date(Date.now() + 60_000);
    await reconcileDeposits(deps, later, quiet);
    const paid = await order(transNo);
    expect(paid.state).toBe(3);
    expect(paid.receipt).toBeNull();
    await reconcileDeposits(deps, new Date(Date.now() + 3_600_000), quiet);
    expect(await depositsOf(who.id)).toBe(1);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(100 * KES);
    await expectLedgerInvariants(ctx.db);
  });

  it('credits once when two reconciliation passes and the callback race', async () => {
    await ctx.mpesa.control({ callbackDelayMs: 0 });
    const who = await member();
    const { mpesa } = await channels();
    const transNo = await payAndAnswer(
      who,
      { payMoney: 100 * KES, payChannel: mpesa },
      { pin: TEST_MPESA_PIN },
    );
    const later = new Date(Date.now() + 60_000);
    await Promise.all([reconcileDeposits(deps, later, quiet), reconcileDeposits(deps, later, quiet)]);
    await waitForState(transNo, 3);
    // Let the callback (sent at once) land too.
    await vi.waitFor(async () => expect((await order(transNo)).receipt).not.toBeNull(), {
      timeout: 10_000,
      interval: 50,
    });
    expect(await depositsOf(who.id)).toBe(1);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(100 * KES);
    await expectLedgerInvariants(ctx.db);
  });

  it('keeps an order waiting while the query says the customer has not answered', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const started = await topUp(who, { payMoney: 100 * KES, payChannel: mpesa });
    const result = await reconcileDeposits(deps, new Date(Date.now() + 60_000), quiet);
    expect(result.checked).toBeGreaterThanOrEqual(1);
    const waiting = await order(started.data.transNo);
    expect(waiting.state).toBe(1);
    expect(waiting.check_attempts).toBe(1);
    expect(waiting.next_check_at!.getTime()).toBeGreaterThan(Date.now() + 60_000);
  });

  it('credits once when the query settles first and the callback arrives after', async () => {
    await ctx.mpesa.control({ callbackDelayMs: 1_500 });
    const who = await member();
    const { mpesa } = await channels();
    const transNo = await payAndAnswer(
      who,
      { payMoney: 100 * KES, payChannel: mpesa },
      { pin: TEST_MPESA_PIN },
    );
    await reconcileDeposits(deps, new Date(Date.now() + 60_000), quiet);
    const settled = await order(transNo);
    expect(settled.state).toBe(3);
    expect(settled.receipt).toBeNull();
    // The late callback brings the receipt and nothing else.
    await vi.waitFor(async () => expect((await order(transNo)).receipt).not.toBeNull(), {
      timeout: 10_000,
      interval: 50,
    });
    expect(await depositsOf(who.id)).toBe(1);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(100 * KES);
    await expectLedgerInvariants(ctx.db);
  });

  it('holds an order whose callback names another amount, crediting nothing', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const started = await topUp(who, { payMoney: 100 * KES, payChannel: mpesa });
    const waiting = await order(started.data.transNo);
    const response = await postCallback(stkCallbackBody(waiting.checkout_request_id!, 1, 'TST0000001'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    const held = await order(started.data.transNo);
    expect(held.state).toBe(2);
    expect(held.next_check_at).toBeNull();
    expect(await depositsOf(who.id)).toBe(0);
    // Neither the real callback nor the query credits it afterwards.
    await ctx.mpesa.answer(waiting.checkout_request_id!, { pin: TEST_MPESA_PIN });
    await reconcileDeposits(deps, new Date(Date.now() + 60_000), quiet);
    expect((await order(started.data.transNo)).state).toBe(2);
    expect(await depositsOf(who.id)).toBe(0);
    await expectLedgerInvariants(ctx.db);
  });

  it('acknowledges an unknown CheckoutRequestID and changes nothing', async () => {
    const before = await journalCount();
    const response = await postCallback(stkCallbackBody('ws_CO_unknown_0001', 100, 'TST0000002'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await journalCount()).toBe(before);
  });

  it('answers 404 to a wrong path token and changes nothing', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const started = await topUp(who, { payMoney: 100 * KES, payChannel: mpesa });
    const waiting = await order(started.data.transNo);
    const response = await postCallback(
      stkCallbackBody(waiting.checkout_request_id!, 100, 'TST0000003'),
      'not-the-secret-0123456789abcdef',
    );
    expect(response.status).toBe(404);
    expect((await order(started.data.transNo)).state).toBe(1);
    expect(await depositsOf(who.id)).toBe(0);
  });
});

describe('pay service and nested deposit', () => {
  it('prompts the number typed in the panpay hall, with the sign checked', async () => {
    const who = await member();
    const payer = newMobile('0722');
    const { other } = await channels();
    const started = await topUp(who, { payMoney: 250 * KES, payChannel: other });
    expect(started.code, started.msg).toBe(0);
    const redirect = new URL(started.data.redirectUrl, 'http://app');
    expect(redirect.pathname).toBe('/pay/hall/panpay');
    const transNo = redirect.searchParams.get('transNo')!;
    const sign = redirect.searchParams.get('sign')!;
    expect((await order(transNo)).state).toBe(0);

    const badSign = await callApi(ctx, PAY_SERVICE_PATHS.forms, {
      token: who.token,
      form: { payToken: transNo, sign: `${sign.slice(0, -2)}xx`, payChannelId: String(other) },
    });
    expect(badSign.code).toBe(ERRORS.PAY_SIGN_INVALID.code);
    const form = await callApi(ctx, PAY_SERVICE_PATHS.forms, {
      token: who.token,
      form: { payToken: transNo, sign, payChannelId: String(other) },
    });
    expect(form.data).toMatchObject({
      transNo,
      payMoney: 250 * KES,
      phone: who.mobile,
      channelCode: 'MPESA_OTHER',
    });

    const init = await callApi(ctx, PAY_SERVICE_PATHS.initPayment, {
      token: who.token,
      form: {
        payToken: transNo,
        sign,
        payChannelId: String(other),
        extendInfo: JSON.stringify({ phone: payer.mobile }),
      },
    });
    expect(init.code, init.msg).toBe(0);
    expect(init.data.state).toBe(1);
    const prompted = await order(transNo);
    expect(prompted.msisdn).toBe(payer.e164.slice(1));
    const again = await callApi(ctx, PAY_SERVICE_PATHS.initPayment, {
      token: who.token,
      form: { payToken: transNo, sign, payChannelId: String(other), extendInfo: '{"phone":"0722000000"}' },
    });
    expect(again.code).toBe(ERRORS.ORDER_CLOSED.code);

    await ctx.mpesa.answer(prompted.checkout_request_id!, { pin: TEST_MPESA_PIN });
    await waitForState(transNo, 3);
    const result = await callApi(ctx, PAY_SERVICE_PATHS.paymentResult, {
      token: who.token,
      form: { transNo, sign },
    });
    expect(result.data).toMatchObject({ transNo, state: 3, payMoney: 250 * KES });
    const forged = await callApi(ctx, PAY_SERVICE_PATHS.paymentResult, {
      token: who.token,
      form: { transNo, sign: 'forged' },
    });
    expect(forged.code).toBe(ERRORS.PAY_SIGN_INVALID.code);
    await expectLedgerInvariants(ctx.db);
  });

  it('answers another member’s order like a missing one', async () => {
    const owner = await member();
    const stranger = await member();
    const { other } = await channels();
    const started = await topUp(owner, { payMoney: 100 * KES, payChannel: other });
    const sign = new URL(started.data.redirectUrl, 'http://app').searchParams.get('sign')!;
    const poll = await callApi(ctx, PAYMENT_PATHS.depositResult, {
      method: 'GET',
      token: stranger.token,
      query: `?transNo=${started.data.transNo}`,
    });
    expect(poll.code).toBe(ERRORS.NOT_FOUND.code);
    const form = await callApi(ctx, PAY_SERVICE_PATHS.forms, {
      token: stranger.token,
      form: { payToken: started.data.transNo, sign, payChannelId: String(other) },
    });
    expect(form.code).toBe(ERRORS.NOT_FOUND.code);
    const orderId = (await order(started.data.transNo)).id;
    const detail = await callApi(ctx, PAYMENT_PATHS.depositDetail, {
      method: 'GET',
      token: stranger.token,
      query: `?id=${orderId}`,
    });
    expect(detail.code).toBe(ERRORS.NOT_FOUND.code);
  });

  it('deposit/init creates the order and prompts the member’s phone at once', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const init = await callApi(ctx, PAYMENT_PATHS.depositInit, {
      token: who.token,
      form: { payMoney: String(100 * KES), payChannel: String(mpesa), itemId: '' },
    });
    expect(init.code, init.msg).toBe(0);
    expect(init.data).toMatchObject({ state: 1 });
    expect(init.data.sign).toBeTruthy();
    const prompted = await order(init.data.transNo);
    expect(prompted.msisdn).toBe(who.msisdn);
    await ctx.mpesa.answer(prompted.checkout_request_id!, { pin: TEST_MPESA_PIN });
    await waitForState(init.data.transNo, 3);
  });
});

describe('records', () => {
  it('pages newest first with the startId cursor and filters by month', async () => {
    const who = await member();
    const { mpesa, other } = await channels();
    const numbers: string[] = [];
    for (const payMoney of [100, 200, 300]) {
      const started = await topUp(who, { payMoney: payMoney * KES, payChannel: other });
      numbers.push(started.data.transNo);
    }
    const paidNo = await payAndAnswer(
      who,
      { payMoney: 400 * KES, payChannel: mpesa },
      { pin: TEST_MPESA_PIN },
    );
    const paid = await waitForState(paidNo, 3);
    numbers.push(paidNo);

    const first = await callApi(ctx, PAYMENT_PATHS.depositRecords, {
      method: 'GET',
      token: who.token,
      query: '?quantity=2',
    });
    expect(first.data.map((r: { transNo: string }) => r.transNo)).toEqual([numbers[3], numbers[2]]);
    expect(first.data[0]).toMatchObject({
      payMoney: 400 * KES,
      state: 3,
      channelCode: 'MPESA',
      receipt: paid.receipt,
      transactionId: paid.journal_transaction_id,
    });
    const next = await callApi(ctx, PAYMENT_PATHS.depositRecords, {
      method: 'GET',
      token: who.token,
      query: `?quantity=2&startId=${first.data[1].id}`,
    });
    expect(next.data.map((r: { transNo: string }) => r.transNo)).toEqual([numbers[1], numbers[0]]);

    const month = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Africa/Nairobi',
      year: 'numeric',
      month: '2-digit',
    })
      .format(new Date())
      .slice(0, 7);
    const thisMonth = await callApi(ctx, PAYMENT_PATHS.depositRecords, {
      method: 'GET',
      token: who.token,
      query: `?monthOfYear=${month}`,
    });
    expect(thisMonth.data).toHaveLength(4);
    const longAgo = await callApi(ctx, PAYMENT_PATHS.depositRecords, {
      method: 'GET',
      token: who.token,
      query: '?monthOfYear=2020-01',
    });
    expect(longAgo.data).toEqual([]);
    const bad = await callApi(ctx, PAYMENT_PATHS.depositRecords, {
      method: 'GET',
      token: who.token,
      query: '?monthOfYear=2020-13',
    });
    expect(bad.code).toBe(ERRORS.BAD_REQUEST.code);

    const detail = await callApi(ctx, PAYMENT_PATHS.depositDetail, {
      method: 'GET',
      token: who.token,
      query: `?id=${paid.id}`,
    });
    expect(detail.data).toMatchObject({ id: paid.id, transNo: paidNo, state: 3 });
  });
});
