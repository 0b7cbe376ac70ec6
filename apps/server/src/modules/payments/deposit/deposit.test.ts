import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { ACCOUNT_PATHS, ADMIN_PATHS, API_BASE, PAY_SERVICE_PATHS, PAYMENT_PATHS } from '@app/contracts/paths';
import { depositSplit } from '@app/contracts/tax-rules';
import { stkResultMessage } from '../../../adapters/mpesa/daraja-callbacks.ts';
import { createMpesaClient } from '../../../adapters/outside-world.ts';
import { DarajaError } from '../../../adapters/mpesa/daraja-error.ts';
import { verifyAuditChain } from '../../platform/staff/audit.service.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import { getBalances } from '../../platform/wallet/wallet.service.ts';
import { callApi, newMobile } from '../../../../test/api-client.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import {
  depositOrder,
  journalSize,
  newMember,
  QUIET_LOG,
  settleByRace,
  type TestMember,
  transactionsOf,
  waitForDepositState,
} from '../../../../test/factory.ts';
import {
  createTestApp,
  TEST_CALLBACK_SECRET,
  TEST_MPESA_PIN,
  startPaymentsTestApp,
  type TestApp,
} from '../../../../test/test-app.ts';
import { recheckDepositOrder, reconcileDeposits, topUp as topUpService } from './deposit.service.ts';
import { depositMessageIn } from './deposit-messages.ts';

let ctx: TestApp;
let deps: PaymentDeps;
const KES = 100;
/** What a deposit of `amount` puts in a Kenyan balance: the amount less its excise (Finance Act 2025). */
const netOfExcise = (amount: number) => depositSplit(amount, COUNTRY_PROFILES.KE.taxes.deposit).credited;
/** A payments desk's staff session token (test/staff-session.ts). */
let staffToken = '';

beforeAll(async () => {
  ({ ctx, deps, staffToken } = await startPaymentsTestApp());
});
afterAll(() => ctx.close());
afterEach(() => ctx.mpesa.restoreSwitches());

type Member = TestMember & { msisdn: string };

/** A member, with the number as M-Pesa writes it (254…, no plus). */
async function member(mobilePrefix?: string): Promise<Member> {
  const registered = await newMember(ctx, { mobilePrefix });
  return { ...registered, msisdn: registered.e164.slice(1) };
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

async function depositsOf(memberId: number): Promise<number> {
  return (await transactionsOf(ctx, memberId, 'deposit')).length;
}

/** Tops up with the M-Pesa channel and answers the phone's prompt. */
async function payAndAnswer(
  who: Member,
  body: Record<string, string | number>,
  answer: { pin: string } | 'cancel',
) {
  const started = await topUp(who, body);
  expect(started.code, started.msg).toBe(0);
  const current = await depositOrder(ctx, started.data.transNo);
  expect(current.state).toBe(1);
  await ctx.mpesa.answer(current.checkout_request_id!, answer);
  return started.data.transNo as string;
}

function stkCallbackBody(
  checkoutRequestId: string,
  amount: number,
  receipt: string,
  phone: number = 254712000000,
) {
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
            { Name: 'PhoneNumber', Value: phone },
          ],
        },
      },
    },
  };
}

function stkFailureBody(checkoutRequestId: string, resultCode: number, resultDesc: string) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: 'crafted-merchant',
        CheckoutRequestID: checkoutRequestId,
        ResultCode: resultCode,
        ResultDesc: resultDesc,
      },
    },
  };
}

/** An operator's call (a staff session) to the payment endpoints. */
function operator(path: string, json?: unknown, token = staffToken) {
  return callApi(ctx, path, {
    ...(json === undefined ? { method: 'GET' as const } : { json }),
    headers: { authorization: `Bearer ${token}` },
  });
}

async function heldPayments() {
  const answer = await operator(ADMIN_PATHS.heldPayments);
  expect(answer.code, answer.msg).toBe(0);
  return answer.data as {
    orders: { id: number; transNo: string; heldAmount: number | null; heldReceipt: string | null }[];
    unmatched: { id: number; checkoutRequestId: string; receipt: string; amount: number | null }[];
  };
}

async function unmatchedRow(checkoutRequestId: string) {
  return ctx.db
    .selectFrom('unmatched_stk_callback')
    .selectAll()
    .where('checkout_request_id', '=', checkoutRequestId)
    .executeTakeFirst();
}

/** A callback at the address Safaricom was given with one order: the global secret and the order's token. */
async function postProvenCallback(body: unknown, transNo: string) {
  const token = (await depositOrder(ctx, transNo)).callback_token!;
  const query = new URLSearchParams({ transNo, token });
  return fetch(`${ctx.url}/api/pay-service/mpesa/${TEST_CALLBACK_SECRET}/stk-callback?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
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
    const paid = await waitForDepositState(ctx, started.data.transNo, 3);
    expect(paid.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(paid.first_deposit).toBe(true);
    expect(await getBalances(ctx.db, who.id)).toEqual({
      cash: netOfExcise(100 * KES),
      withdrawable: netOfExcise(100 * KES),
      coins: item.money,
      diamonds: 0,
      tickets: 0,
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
      // What the ledger booked: KES 95.00 credited, KES 5.00 excise withheld (not the KES 100.00 asked).
      credited: netOfExcise(100 * KES),
      excise: 100 * KES - netOfExcise(100 * KES),
      manualPay: { paybill: ctx.env.MPESA_SHORTCODE, account: started.data.transNo },
    });
    expect(waiting.data).toMatchObject({ credited: null, excise: 0 });
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
    expect((await waitForDepositState(ctx, first, 3)).first_deposit).toBe(true);
    const second = await payAndAnswer(
      who,
      { payMoney: 20 * KES, payChannel: mpesa },
      { pin: TEST_MPESA_PIN },
    );
    const paid = await waitForDepositState(ctx, second, 3);
    expect(paid.first_deposit).toBe(false);
    expect(await getBalances(ctx.db, who.id)).toEqual({
      cash: netOfExcise(170 * KES),
      withdrawable: netOfExcise(170 * KES),
      coins: 0,
      diamonds: 0,
      tickets: 0,
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
    const failed = await waitForDepositState(ctx, transNo, 4);
    expect(failed.result_code).toBe(resultCode);
    const result = await callApi(ctx, PAYMENT_PATHS.depositResult, {
      method: 'GET',
      token: who.token,
      query: `?transNo=${transNo}`,
    });
    expect(result.data).toMatchObject({ state: 4, message: stkResultMessage(resultCode) });
    // In the player's language in the result and the records: Portuguese never stays English.
    const inPortuguese = { 'accept-language': 'pt-BR' };
    const resultPt = await callApi(ctx, PAYMENT_PATHS.depositResult, {
      method: 'GET',
      token: who.token,
      query: `?transNo=${transNo}`,
      headers: inPortuguese,
    });
    expect(resultPt.data.message).toBe(depositMessageIn(stkResultMessage(resultCode), 'pt'));
    expect(resultPt.data.message).not.toBe(stkResultMessage(resultCode));
    const resultSw = await callApi(ctx, PAYMENT_PATHS.depositResult, {
      method: 'GET',
      token: who.token,
      query: `?transNo=${transNo}`,
      headers: { 'accept-language': 'sw' },
    });
    expect(resultSw.data.message).toBe(depositMessageIn(stkResultMessage(resultCode), 'sw'));
    expect(resultSw.data.message).not.toBe(stkResultMessage(resultCode));
    const records = await callApi(ctx, PAYMENT_PATHS.depositRecords, {
      method: 'GET',
      token: who.token,
      headers: { 'accept-language': 'fr' },
    });
    expect(records.data[0].message).toBe(depositMessageIn(stkResultMessage(resultCode), 'fr'));
    expect(records.data[0].message).not.toBe(stkResultMessage(resultCode));
    expect(await getBalances(ctx.db, who.id)).toMatchObject({ cash: 0, coins: 0 });
    expect(await depositsOf(who.id)).toBe(0);
    await expectLedgerInvariants(ctx.db);
  });

  it('fails the order when the customer never answers (1037)', async () => {
    await ctx.mpesa.control({ promptTimeoutMs: 300 });
    const who = await member();
    const { mpesa } = await channels();
    const started = await topUp(who, { payMoney: 100 * KES, payChannel: mpesa });
    const failed = await waitForDepositState(ctx, started.data.transNo, 4);
    expect(failed.result_code).toBe(1037);
    expect(failed.message).toBe(stkResultMessage(1037));
    expect(await depositsOf(who.id)).toBe(0);
  });

  it('a Pay for another amount while a prompt waits is refused (PAYMENT_IN_PROGRESS) and leaves no record', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const first = await topUp(who, { payMoney: 100 * KES, payChannel: mpesa });
    expect(first.code).toBe(0);
    const second = await topUp(who, { payMoney: 200 * KES, payChannel: mpesa });
    expect(second.code).toBe(ERRORS.PAYMENT_IN_PROGRESS.code);
    // No failed order for money that never moved (it would read "Failed" with an Appeal button); the
    // first still waits for its PIN, the only prompt sent.
    const orders = await ctx.db
      .selectFrom('deposit_order')
      .select(['pay_money', 'state'])
      .where('member_id', '=', who.id)
      .orderBy('id')
      .execute();
    expect(orders).toEqual([{ pay_money: 100 * KES, state: 1 }]);
    const prompts = (await ctx.mpesa.state()).prompts.filter((p) => p.phoneNumber === who.msisdn);
    expect(prompts).toHaveLength(1);
  });

  it('Pay pressed again (five at once) while the prompt waits: one order, one prompt, the same hall for all', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const item = await packageOf(500 * KES);
    const body = { itemId: item.id, payMoney: item.payMoney, payChannel: mpesa };
    const answers = await Promise.all(Array.from({ length: 5 }, () => topUp(who, body)));
    for (const answer of answers) expect(answer.code, answer.msg).toBe(0);
    const transNos = new Set(answers.map((answer) => answer.data.transNo));
    expect(transNos.size).toBe(1);
    expect(new Set(answers.map((answer) => answer.data.redirectUrl)).size).toBe(1);
    const orders = await ctx.db
      .selectFrom('deposit_order')
      .select(['trans_no', 'state'])
      .where('member_id', '=', who.id)
      .execute();
    expect(orders).toEqual([{ trans_no: [...transNos][0], state: 1 }]);
    const prompts = (await ctx.mpesa.state()).prompts.filter((p) => p.phoneNumber === who.msisdn);
    expect(prompts).toHaveLength(1);
    // And once more after all that: still the same order; the PIN pays it once.
    const again = await topUp(who, body);
    expect(again.data.transNo).toBe([...transNos][0]);
    await ctx.mpesa.answer(prompts[0]!.checkoutRequestId, { pin: TEST_MPESA_PIN });
    await waitForDepositState(ctx, again.data.transNo, 3);
    expect(await depositsOf(who.id)).toBe(1);
    await expectLedgerInvariants(ctx.db);
  });

  it('after the prompt expired, "send the prompt again" makes a new order for the same deposit', async () => {
    const { mpesa } = await channels();
    const item = await packageOf(200 * KES);
    const promptAgain = (token: string, transNo: string, withSign: string) =>
      callApi(ctx, PAY_SERVICE_PATHS.promptAgain, { token, form: { transNo, sign: withSign } });
    const signOf = (redirectUrl: string) => new URL(redirectUrl, 'http://app').searchParams.get('sign')!;

    // While a prompt waits on the phone, there is nothing to send again.
    const patient = await member();
    const waiting = await topUp(patient, { payMoney: 100 * KES, payChannel: mpesa });
    const early = await promptAgain(patient.token, waiting.data.transNo, signOf(waiting.data.redirectUrl));
    expect(early.code).toBe(ERRORS.PAYMENT_IN_PROGRESS.code);

    await ctx.mpesa.control({ promptTimeoutMs: 300 });
    const who = await member();
    const started = await topUp(who, { itemId: item.id, payMoney: item.payMoney, payChannel: mpesa });
    const sign = signOf(started.data.redirectUrl);
    await waitForDepositState(ctx, started.data.transNo, 4);
    await ctx.mpesa.control({ promptTimeoutMs: 60_000 });
    // Another member, or a forged sign, gets nothing.
    const other = await member();
    expect((await promptAgain(other.token, started.data.transNo, sign)).code).toBe(ERRORS.NOT_FOUND.code);
    expect((await promptAgain(who.token, started.data.transNo, `${sign}x`)).code).toBe(
      ERRORS.PAY_SIGN_INVALID.code,
    );
    const again = await promptAgain(who.token, started.data.transNo, sign);
    expect(again.code, again.msg).toBe(0);
    expect(again.data.transNo).not.toBe(started.data.transNo);
    const fresh = await depositOrder(ctx, again.data.transNo);
    expect(fresh).toMatchObject({ state: 1, pay_money: 200 * KES, pay_item_id: item.id, coins: item.money });
    await ctx.mpesa.answer(fresh.checkout_request_id!, { pin: TEST_MPESA_PIN });
    await waitForDepositState(ctx, again.data.transNo, 3);
    // The paid order is finished: no prompt again for it.
    expect((await promptAgain(who.token, again.data.transNo, signOf(again.data.redirectUrl))).code).toBe(
      ERRORS.ORDER_CLOSED.code,
    );
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
    // The catalogue's error the order keeps reaches a Swahili-speaking player in Swahili.
    const records = await callApi(ctx, PAYMENT_PATHS.depositRecords, {
      method: 'GET',
      token: who.token,
      headers: { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8' },
    });
    expect(records.data[0].message).toBe('Nambari ya simu si sahihi');
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
        QUIET_LOG,
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
        QUIET_LOG,
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
    const paid = await waitForDepositState(ctx, waiting.trans_no, 3);
    expect(paid.checkout_request_id).toBe(prompt!.checkoutRequestId);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(netOfExcise(150 * KES));
    await expectLedgerInvariants(ctx.db);
  });

  it('is closed by the job when no callback comes within its window, and nothing is credited', async () => {
    const who = await member();
    const waiting = await lostPush(who, 160 * KES);
    await reconcileDeposits(deps, new Date(Date.now() + 4 * 60_000), QUIET_LOG);
    expect((await depositOrder(ctx, waiting.trans_no)).state).toBe(4);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(0);
  });

  it('a payment after the job closed it is kept for an operator, who gives it to that order', async () => {
    const who = await member();
    const waiting = await lostPush(who, 170 * KES);
    await reconcileDeposits(deps, new Date(Date.now() + 4 * 60_000), QUIET_LOG);
    expect((await depositOrder(ctx, waiting.trans_no)).state).toBe(4);
    const { prompts } = await ctx.mpesa.state();
    const prompt = prompts.find((p) => p.phoneNumber === who.msisdn && p.status === 'pending');
    await ctx.mpesa.answer(prompt!.checkoutRequestId, { pin: TEST_MPESA_PIN });
    // Past the window the payment cannot be told apart from one of another order to that number: it
    // waits, visibly, with the paying number and amount.
    const kept = await vi.waitFor(
      async () => {
        const row = await unmatchedRow(prompt!.checkoutRequestId);
        expect(row).toMatchObject({ state: 'open', msisdn: who.msisdn, amount: 170 * KES });
        return row!;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect((await depositOrder(ctx, waiting.trans_no)).state).toBe(4);
    const credited = await operator(ADMIN_PATHS.creditUnmatched.replace(':id', String(kept.id)), {
      orderId: waiting.id,
      note: 'Lost push paid late',
    });
    expect(credited.data).toMatchObject({ memberId: who.id, orderId: waiting.id, amount: 170 * KES });
    expect(await depositOrder(ctx, waiting.trans_no)).toMatchObject({ state: 3, receipt: kept.receipt });
    expect((await getBalances(ctx.db, who.id)).cash).toBe(netOfExcise(170 * KES));
    await expectLedgerInvariants(ctx.db);
    // The decision is in the audit log: the payment as the operator saw it, what they asked, what it did.
    const entry = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'unmatched-payment.credit')
      .where('target', '=', `unmatched-payment:${kept.id}`)
      .executeTakeFirstOrThrow();
    expect(entry.before).toMatchObject({ id: Number(kept.id), receipt: kept.receipt });
    expect(entry.after).toMatchObject({
      input: { orderId: waiting.id, note: 'Lost push paid late' },
      result: { memberId: who.id, amount: 170 * KES },
    });
  });
});

describe('a callback that overtakes the push’s own answer', () => {
  /** Daraja takes the push and the customer answers at once: the callback lands before we store the push. */
  function quickCustomer(answer: { pin: string } | 'cancel'): PaymentDeps {
    const real = createMpesaClient(ctx.env);
    return {
      ...deps,
      mpesa: {
        ...real,
        stkPush: async (input) => {
          const accepted = await real.stkPush(input);
          await ctx.mpesa.answer(accepted.checkoutRequestId, answer);
          await vi.waitFor(
            async () => {
              const { callbacks } = await ctx.mpesa.state();
              const record = callbacks.find((c) => c.reference === accepted.checkoutRequestId);
              expect(record).toMatchObject({ status: 'delivered' });
            },
            { timeout: 10_000, interval: 20 },
          );
          return accepted;
        },
      },
    };
  }

  async function topUpWith(paymentDeps: PaymentDeps, who: Member, payMoney: number) {
    const { mpesa } = await channels();
    return topUpService(
      paymentDeps,
      { id: who.id, mobile: who.mobile },
      { payMoney, payChannel: mpesa },
      { platform: 3, language: 'en' },
      QUIET_LOG,
    );
  }

  it('is settled as soon as the push is stored, not by the query later', async () => {
    const who = await member();
    const started = await topUpWith(quickCustomer({ pin: TEST_MPESA_PIN }), who, 120 * KES);
    // No reconciliation ran: the callback named its order by the order's token in its address, the order
    // took its CheckoutRequestID, and the STK query asked at once settled it. Nothing was kept unmatched.
    const paid = await depositOrder(ctx, started.transNo);
    expect(paid).toMatchObject({ state: 3, paid_money: 120 * KES });
    expect(paid.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(await unmatchedRow(paid.checkout_request_id!)).toBeUndefined();
    expect((await getBalances(ctx.db, who.id)).cash).toBe(netOfExcise(120 * KES));
    expect((await heldPayments()).unmatched.map((entry) => entry.checkoutRequestId)).not.toContain(
      paid.checkout_request_id,
    );
    await expectLedgerInvariants(ctx.db);
  });

  it('fails the order at once when the overtaking callback is a cancellation', async () => {
    const who = await member();
    const started = await topUpWith(quickCustomer('cancel'), who, 130 * KES);
    expect(await depositOrder(ctx, started.transNo)).toMatchObject({ state: 4, result_code: 1032 });
    expect(await depositsOf(who.id)).toBe(0);
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
    await waitForDepositState(ctx, transNo, 3);
    const checkout = (await depositOrder(ctx, transNo)).checkout_request_id;
    await vi.waitFor(
      async () => {
        const { callbacks } = await ctx.mpesa.state();
        const record = callbacks.find((c) => c.reference === checkout);
        expect(record).toMatchObject({ status: 'delivered', posts: 2 });
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(await depositsOf(who.id)).toBe(1);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(netOfExcise(100 * KES));
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
    expect((await depositOrder(ctx, transNo)).state).toBe(1);

    // Not yet due: nothing is asked.
    await reconcileDeposits(deps, new Date(), QUIET_LOG);
    expect((await depositOrder(ctx, transNo)).state).toBe(1);
    const later = new Date(Date.now() + 60_000);
    await reconcileDeposits(deps, later, QUIET_LOG);
    const paid = await depositOrder(ctx, transNo);
    expect(paid.state).toBe(3);
    expect(paid.receipt).toBeNull();
    await reconcileDeposits(deps, new Date(Date.now() + 3_600_000), QUIET_LOG);
    expect(await depositsOf(who.id)).toBe(1);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(netOfExcise(100 * KES));
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
    await settleByRace(ctx, deps, transNo);
    expect(await depositsOf(who.id)).toBe(1);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(netOfExcise(100 * KES));
    await expectLedgerInvariants(ctx.db);
  });

  it('keeps an order waiting while the query says the customer has not answered', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const started = await topUp(who, { payMoney: 100 * KES, payChannel: mpesa });
    const result = await reconcileDeposits(deps, new Date(Date.now() + 60_000), QUIET_LOG);
    expect(result.checked).toBeGreaterThanOrEqual(1);
    const waiting = await depositOrder(ctx, started.data.transNo);
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
    await reconcileDeposits(deps, new Date(Date.now() + 60_000), QUIET_LOG);
    const settled = await depositOrder(ctx, transNo);
    expect(settled.state).toBe(3);
    expect(settled.receipt).toBeNull();
    // The late callback brings the receipt and nothing else.
    await vi.waitFor(async () => expect((await depositOrder(ctx, transNo)).receipt).not.toBeNull(), {
      timeout: 10_000,
      interval: 50,
    });
    expect(await depositsOf(who.id)).toBe(1);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(netOfExcise(100 * KES));
    await expectLedgerInvariants(ctx.db);
  });

  it('holds an order whose proven receipt was already credited; the operator credits another receipt or rejects', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const first = await payAndAnswer(
      who,
      { payMoney: 100 * KES, payChannel: mpesa },
      { pin: TEST_MPESA_PIN },
    );
    const firstPaid = await waitForDepositState(ctx, first, 3);
    // A second order M-Pesa confirms paid, whose callback at its own address names the first one's receipt.
    await ctx.mpesa.control({ dropCallbacks: true });
    const second = await topUp(who, { payMoney: 100 * KES, payChannel: mpesa });
    const waiting = await depositOrder(ctx, second.data.transNo);
    await ctx.mpesa.answer(waiting.checkout_request_id!, { pin: TEST_MPESA_PIN });
    await postProvenCallback(
      stkCallbackBody(waiting.checkout_request_id!, 100, firstPaid.receipt!),
      waiting.trans_no,
    );
    expect(await depositOrder(ctx, second.data.transNo)).toMatchObject({
      state: 2,
      held_receipt: firstPaid.receipt,
    });
    const path = ADMIN_PATHS.creditDeposit.replace(':id', String(waiting.id));
    // That receipt is money already credited: never again.
    expect((await operator(path, { receipt: firstPaid.receipt })).code).toBe(ERRORS.RECEIPT_USED.code);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(netOfExcise(100 * KES));

    // A third held order is rejected: failed, nothing credited.
    const third = await topUp(who, { payMoney: 100 * KES, payChannel: mpesa });
    const thirdRow = await depositOrder(ctx, third.data.transNo);
    await ctx.db
      .updateTable('deposit_order')
      .set({ state: 2, held_amount: 100 * KES, held_receipt: 'TSTFORGED1' })
      .where('id', '=', thirdRow.id)
      .execute();
    const reject = ADMIN_PATHS.rejectDeposit.replace(':id', String(thirdRow.id));
    expect((await operator(reject, {})).code).toBe(ERRORS.VALIDATION.code);
    expect((await operator(reject, { note: 'No such payment in the M-PESA portal' })).code).toBe(0);
    expect((await depositOrder(ctx, third.data.transNo)).state).toBe(4);
    expect((await operator(reject, { note: 'again' })).code).toBe(ERRORS.ORDER_CLOSED.code);
    // One audit entry, written in the rejection's transaction: the refused repeat left none.
    const rejections = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'deposit.reject')
      .where('target', '=', `deposit:${thirdRow.id}`)
      .execute();
    expect(rejections).toHaveLength(1);
    expect(rejections[0]?.before).toMatchObject({ id: Number(thirdRow.id), heldReceipt: 'TSTFORGED1' });
    expect(rejections[0]?.after).toMatchObject({ input: { note: 'No such payment in the M-PESA portal' } });

    // The second order's payment had its own receipt, which the operator found in the portal.
    const credited = await operator(path, { receipt: 'TSTOWN0001' });
    expect(credited.data).toMatchObject({ orderId: waiting.id, amount: 100 * KES });
    expect((await getBalances(ctx.db, who.id)).cash).toBe(netOfExcise(200 * KES));
    await expectLedgerInvariants(ctx.db);
  });

  it('an operator’s credit and its audit entry commit together: a failed commit leaves neither', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const held = await depositOrder(
      ctx,
      (await topUp(who, { payMoney: 100 * KES, payChannel: mpesa })).data.transNo,
    );
    await ctx.db
      .updateTable('deposit_order')
      .set({ state: 2, held_amount: 100 * KES, held_receipt: 'TSTAUDIT01' })
      .where('id', '=', held.id)
      .execute();
    // The real database refuses the paid order at COMMIT (a deferred constraint trigger), so the decision's
    // transaction fails after the service appended the audit entry inside it.
    await sql`create function test_refuse_paid_order() returns trigger language plpgsql as $$
      begin raise exception 'test: the decision fails at its commit'; end $$`.execute(ctx.db);
    await sql`create constraint trigger test_refuse_paid_order after update on deposit_order
      deferrable initially deferred for each row when (new.state = 3)
      execute function test_refuse_paid_order()`.execute(ctx.db);
    const path = ADMIN_PATHS.creditDeposit.replace(':id', String(held.id));
    const entriesFor = () =>
      ctx.db
        .selectFrom('audit_log')
        .select(['action', 'after'])
        .where('target', '=', `deposit:${held.id}`)
        .execute();
    try {
      expect((await operator(path, { receipt: 'TSTAUDIT01', note: 'Seen in the portal' })).code).not.toBe(0);
    } finally {
      await sql`drop trigger test_refuse_paid_order on deposit_order`.execute(ctx.db);
      await sql`drop function test_refuse_paid_order()`.execute(ctx.db);
    }
    expect(await entriesFor()).toEqual([]);
    expect((await depositOrder(ctx, held.trans_no)).state).toBe(2);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(0);
    expect(await verifyAuditChain(ctx.db)).toMatchObject({ ok: true });

    // And the other way round: an entry that cannot be written takes the credit down with it.
    await sql`create function test_refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'test: no audit entry'; end $$`.execute(ctx.db);
    await sql`create trigger test_refuse_audit before insert on audit_log
      for each row execute function test_refuse_audit()`.execute(ctx.db);
    try {
      expect((await operator(path, { receipt: 'TSTAUDIT01', note: 'Seen in the portal' })).code).not.toBe(0);
    } finally {
      await sql`drop trigger test_refuse_audit on audit_log`.execute(ctx.db);
      await sql`drop function test_refuse_audit()`.execute(ctx.db);
    }
    expect((await depositOrder(ctx, held.trans_no)).state).toBe(2);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(0);

    // The same decision once the database takes it: the credit and its one entry commit together.
    const credited = await operator(path, { receipt: 'TSTAUDIT01', note: 'Seen in the portal' });
    expect(credited.code, credited.msg).toBe(0);
    expect(await entriesFor()).toEqual([
      { action: 'deposit.credit', after: expect.objectContaining({ result: credited.data }) },
    ]);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(netOfExcise(100 * KES));
    await expectLedgerInvariants(ctx.db);
  });

  it('keeps a paid callback with an unknown CheckoutRequestID for an operator, who credits it once', async () => {
    const who = await member();
    const before = await journalSize(ctx);
    const response = await postCallback(
      stkCallbackBody('ws_CO_unknown_0001', 100, 'TSTUNKN001', 254799000001),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    // Daraja delivers it again: still one row.
    await postCallback(stkCallbackBody('ws_CO_unknown_0001', 100, 'TSTUNKN001', 254799000001));
    expect(await journalSize(ctx)).toBe(before);
    const kept = await unmatchedRow('ws_CO_unknown_0001');
    expect(kept).toMatchObject({
      state: 'open',
      receipt: 'TSTUNKN001',
      amount: 100 * KES,
      msisdn: '254799000001',
    });
    const listed = (await heldPayments()).unmatched.find((entry) => entry.id === Number(kept!.id));
    expect(listed).toMatchObject({ checkoutRequestId: 'ws_CO_unknown_0001', amount: 100 * KES });

    const path = ADMIN_PATHS.creditUnmatched.replace(':id', String(kept!.id));
    expect((await operator(path, {})).code).not.toBe(0);
    expect((await operator(path, { memberId: who.id, orderId: 1 })).code).toBe(ERRORS.BAD_REQUEST.code);
    expect((await operator(path, { memberId: 2_000_000_000 })).code).toBe(ERRORS.NOT_FOUND.code);
    const credited = await operator(path, { memberId: who.id, note: 'Customer called support' });
    expect(credited.code, credited.msg).toBe(0);
    expect(credited.data).toMatchObject({
      memberId: who.id,
      orderId: null,
      amount: 100 * KES,
      receipt: 'TSTUNKN001',
    });
    expect((await operator(path, { memberId: who.id })).data).toEqual(credited.data);
    const stranger = await member();
    expect((await operator(path, { memberId: stranger.id })).code).toBe(ERRORS.ORDER_CLOSED.code);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(netOfExcise(100 * KES));
    expect((await getBalances(ctx.db, stranger.id)).cash).toBe(0);
    expect((await unmatchedRow('ws_CO_unknown_0001'))?.state).toBe('credited');

    // A later order whose own callback claims the same receipt is held, and cannot be credited with it.
    await ctx.mpesa.control({ dropCallbacks: true });
    const { mpesa } = await channels();
    const started = await topUp(who, { payMoney: 100 * KES, payChannel: mpesa });
    const waiting = await depositOrder(ctx, started.data.transNo);
    await ctx.mpesa.answer(waiting.checkout_request_id!, { pin: TEST_MPESA_PIN });
    await postProvenCallback(
      stkCallbackBody(waiting.checkout_request_id!, 100, 'TSTUNKN001'),
      waiting.trans_no,
    );
    expect((await depositOrder(ctx, started.data.transNo)).state).toBe(2);
    const creditOrder = ADMIN_PATHS.creditDeposit.replace(':id', String(waiting.id));
    expect((await operator(creditOrder, { receipt: 'TSTUNKN001' })).code).toBe(ERRORS.RECEIPT_USED.code);
    await expectLedgerInvariants(ctx.db);
  });

  it('an operator gives an unmatched payment to the member’s failed order, or dismisses one', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const transNo = await payAndAnswer(who, { payMoney: 100 * KES, payChannel: mpesa }, 'cancel');
    const failed = await waitForDepositState(ctx, transNo, 4);

    await postCallback(stkCallbackBody('ws_CO_unknown_0002', 100, 'TSTUNKN002', 254799000002));
    const kept = (await unmatchedRow('ws_CO_unknown_0002'))!;
    const credited = await operator(ADMIN_PATHS.creditUnmatched.replace(':id', String(kept.id)), {
      orderId: failed.id,
    });
    expect(credited.data).toMatchObject({ memberId: who.id, orderId: failed.id, amount: 100 * KES });
    expect(await depositOrder(ctx, transNo)).toMatchObject({ state: 3, receipt: 'TSTUNKN002' });
    expect((await getBalances(ctx.db, who.id)).cash).toBe(netOfExcise(100 * KES));

    await postCallback(stkCallbackBody('ws_CO_unknown_0003', 100, 'TSTUNKN003', 254799000003));
    const other = (await unmatchedRow('ws_CO_unknown_0003'))!;
    const dismiss = ADMIN_PATHS.dismissUnmatched.replace(':id', String(other.id));
    expect((await operator(dismiss, { note: 'Reversed in the M-PESA portal' })).code).toBe(0);
    expect((await unmatchedRow('ws_CO_unknown_0003'))?.state).toBe('dismissed');
    expect(
      (await operator(ADMIN_PATHS.creditUnmatched.replace(':id', String(other.id)), { memberId: who.id }))
        .code,
    ).toBe(ERRORS.ORDER_CLOSED.code);
    expect((await heldPayments()).unmatched.map((entry) => entry.id)).not.toContain(Number(other.id));
    await expectLedgerInvariants(ctx.db);
  });

  it('credits an order marked failed when M-Pesa confirms it was paid (the member appeals)', async () => {
    const appealing = await member();
    const { mpesa } = await channels();
    await ctx.mpesa.control({ dropCallbacks: true });
    const again = await topUp(appealing, { payMoney: 200 * KES, payChannel: mpesa });
    const second = await depositOrder(ctx, again.data.transNo);
    // An earlier answer failed it (as the lost-push window does); then the customer did pay.
    await ctx.db
      .updateTable('deposit_order')
      .set({ state: 4, result_code: 1037 })
      .where('id', '=', second.id)
      .execute();
    await ctx.mpesa.answer(second.checkout_request_id!, { pin: TEST_MPESA_PIN });
    const rechecked = await recheckDepositOrder(deps, appealing.id, second.id, QUIET_LOG);
    expect(rechecked.state).toBe(3);
    expect((await getBalances(ctx.db, appealing.id)).cash).toBe(netOfExcise(200 * KES));
    expect(await depositsOf(appealing.id)).toBe(1);
    await expectLedgerInvariants(ctx.db);
  });

  it('keeps a failure callback for an unknown CheckoutRequestID without showing it to operators', async () => {
    const before = await journalSize(ctx);
    await postCallback(stkFailureBody('ws_CO_unknown_0004', 1032, 'Request cancelled by user'));
    expect(await unmatchedRow('ws_CO_unknown_0004')).toMatchObject({ result_code: 1032, receipt: null });
    // A hostile code no column can hold is acknowledged and ignored, never a 500.
    const huge = await postCallback(stkFailureBody('ws_CO_unknown_0005', 99_999_999_999, 'x'.repeat(5_000)));
    expect(huge.status).toBe(200);
    expect(await unmatchedRow('ws_CO_unknown_0005')).toBeUndefined();
    expect((await heldPayments()).unmatched.map((entry) => entry.checkoutRequestId)).not.toContain(
      'ws_CO_unknown_0004',
    );
    expect(await journalSize(ctx)).toBe(before);
  });

  it('credits each member once when callbacks of several orders come out of order and twice', async () => {
    const first = await member();
    const second = await member();
    const { mpesa } = await channels();
    await ctx.mpesa.control({ dropCallbacks: true });
    const a = await depositOrder(
      ctx,
      (await topUp(first, { payMoney: 110 * KES, payChannel: mpesa })).data.transNo,
    );
    const b = await depositOrder(
      ctx,
      (await topUp(second, { payMoney: 220 * KES, payChannel: mpesa })).data.transNo,
    );
    await ctx.mpesa.answer(a.checkout_request_id!, { pin: TEST_MPESA_PIN });
    await ctx.mpesa.answer(b.checkout_request_id!, { pin: TEST_MPESA_PIN });
    // The callbacks M-Pesa decided, delivered by hand to the addresses it was given.
    const { callbacks } = await ctx.mpesa.state();
    const recorded = (checkout: string) =>
      callbacks.find((c) => c.reference === checkout) as { url: string; body: unknown };
    const [callbackA, callbackB] = [recorded(a.checkout_request_id!), recorded(b.checkout_request_id!)];
    const deliver = (callback: { url: string; body: unknown }) =>
      fetch(callback.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(callback.body),
      });
    // B's first, then A's, then both again in the other order, two at a time.
    await deliver(callbackB);
    await deliver(callbackA);
    await Promise.all([deliver(callbackA), deliver(callbackB)]);
    const paidA = await depositOrder(ctx, a.trans_no);
    const paidB = await depositOrder(ctx, b.trans_no);
    expect(paidA).toMatchObject({ state: 3, paid_money: 110 * KES });
    expect(paidB).toMatchObject({ state: 3, paid_money: 220 * KES });
    expect(paidA.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(paidB.receipt).not.toBe(paidA.receipt);
    expect((await getBalances(ctx.db, first.id)).cash).toBe(netOfExcise(110 * KES));
    expect((await getBalances(ctx.db, second.id)).cash).toBe(netOfExcise(220 * KES));
    expect(await depositsOf(first.id)).toBe(1);
    expect(await depositsOf(second.id)).toBe(1);
    await expectLedgerInvariants(ctx.db);
  });

  it('a failure callback after the success changes nothing', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const transNo = await payAndAnswer(
      who,
      { payMoney: 100 * KES, payChannel: mpesa },
      { pin: TEST_MPESA_PIN },
    );
    const paid = await waitForDepositState(ctx, transNo, 3);
    const journal = await journalSize(ctx);
    const response = await postCallback(
      stkFailureBody(paid.checkout_request_id!, 1032, 'Request cancelled by user'),
    );
    expect(response.status).toBe(200);
    expect(await depositOrder(ctx, transNo)).toMatchObject({
      state: 3,
      receipt: paid.receipt,
      result_code: 0,
    });
    expect((await getBalances(ctx.db, who.id)).cash).toBe(netOfExcise(100 * KES));
    expect(await journalSize(ctx)).toBe(journal);
  });

  it('answers 404 to a wrong path token and changes nothing', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const started = await topUp(who, { payMoney: 100 * KES, payChannel: mpesa });
    const waiting = await depositOrder(ctx, started.data.transNo);
    const response = await postCallback(
      stkCallbackBody(waiting.checkout_request_id!, 100, 'TST0000003'),
      'not-the-secret-0123456789abcdef',
    );
    expect(response.status).toBe(404);
    expect((await depositOrder(ctx, started.data.transNo)).state).toBe(1);
    expect(await depositsOf(who.id)).toBe(0);
  });
});

describe('a callback is a hint: the attacker knows the global secret and the CheckoutRequestID', () => {
  type Disagreement = { id: number; payment: string; paymentId: number; claimedPaid: boolean };

  async function disagreementsOf(orderId: number): Promise<Disagreement[]> {
    const { disagreements } = (await heldPayments()) as unknown as { disagreements: Disagreement[] };
    return disagreements.filter((entry) => entry.payment === 'deposit' && entry.paymentId === orderId);
  }

  /** What M-Pesa took from a number: the sum of its prompts answered with the PIN, in minor units. */
  async function takenFrom(msisdn: string): Promise<number> {
    const { prompts } = await ctx.mpesa.state();
    const paid = prompts.filter(
      (prompt) =>
        prompt.phoneNumber === msisdn &&
        prompt.status === 'completed' &&
        (prompt as { resultCode?: number }).resultCode === 0,
    );
    return paid.reduce((sum, prompt) => sum + prompt.amount * KES, 0);
  }

  it('a forged success for an order never paid credits nothing; the customer’s cancel fails it; an operator sees the forgery', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const started = await topUp(who, { payMoney: 500 * KES, payChannel: mpesa });
    const waiting = await depositOrder(ctx, started.data.transNo);
    const forged = await postCallback(stkCallbackBody(waiting.checkout_request_id!, 500, 'TSTFORGE01'));
    expect(forged.status).toBe(200);
    // The STK query asked at once says the customer has not answered: nothing moves.
    expect(await depositOrder(ctx, started.data.transNo)).toMatchObject({ state: 1, receipt: null });
    expect((await getBalances(ctx.db, who.id)).cash).toBe(0);

    await ctx.mpesa.answer(waiting.checkout_request_id!, 'cancel');
    const failed = await waitForDepositState(ctx, started.data.transNo, 4);
    expect(failed.result_code).toBe(1032);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(0);
    expect(await depositsOf(who.id)).toBe(0);

    const cases = await disagreementsOf(waiting.id);
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ claimedPaid: true, claimedReceipt: 'TSTFORGE01', authentic: false });
    const close = ADMIN_PATHS.closeDisagreement.replace(':id', String(cases[0]!.id));
    expect((await operator(close, { note: '' })).code).toBe(ERRORS.VALIDATION.code);
    expect((await operator(close, { note: 'Callback secret rotated' })).code).toBe(0);
    expect((await operator(close, { note: 'again' })).code).toBe(0);
    expect(await disagreementsOf(waiting.id)).toHaveLength(0);
    await expectLedgerInvariants(ctx.db);
  });

  it('a forged KES 1 success before the real KES 300 payment: the member gets the 300 M-Pesa took', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const started = await topUp(who, { payMoney: 300 * KES, payChannel: mpesa });
    const waiting = await depositOrder(ctx, started.data.transNo);
    await postCallback(stkCallbackBody(waiting.checkout_request_id!, 1, 'TSTFORGE02'));
    expect((await depositOrder(ctx, started.data.transNo)).state).toBe(1);

    await ctx.mpesa.answer(waiting.checkout_request_id!, { pin: TEST_MPESA_PIN });
    const paid = await waitForDepositState(ctx, started.data.transNo, 3);
    expect(paid).toMatchObject({ paid_money: 300 * KES });
    expect(paid.receipt).not.toBe('TSTFORGE02');
    expect((await getBalances(ctx.db, who.id)).cash).toBe(netOfExcise(300 * KES));
    expect(await disagreementsOf(waiting.id)).toMatchObject([{ claimedPaid: true, claimedAmount: 1 * KES }]);

    // A forged failure of a later order does not fail it either; the customer pays, the member is credited.
    const next = await topUp(who, { payMoney: 200 * KES, payChannel: mpesa });
    const nextRow = await depositOrder(ctx, next.data.transNo);
    await postCallback(stkFailureBody(nextRow.checkout_request_id!, 1032, 'Request cancelled by user'));
    expect((await depositOrder(ctx, next.data.transNo)).state).toBe(1);
    await ctx.mpesa.answer(nextRow.checkout_request_id!, { pin: TEST_MPESA_PIN });
    await waitForDepositState(ctx, next.data.transNo, 3);
    expect(await disagreementsOf(nextRow.id)).toMatchObject([{ claimedPaid: false }]);

    // Across the member: what M-Pesa took from their phone is exactly their cash and the excise withheld.
    const excise = [300 * KES, 200 * KES]
      .map((amount) => depositSplit(amount, COUNTRY_PROFILES.KE.taxes.deposit).excise)
      .reduce((sum, each) => sum + each, 0);
    expect(await takenFrom(who.msisdn)).toBe(500 * KES);
    expect((await getBalances(ctx.db, who.id)).cash + excise).toBe(await takenFrom(who.msisdn));
    await expectLedgerInvariants(ctx.db);
  });

  it('a flood of forged callbacks about one order costs at most 3 STK queries', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const started = await topUp(who, { payMoney: 100 * KES, payChannel: mpesa });
    const waiting = await depositOrder(ctx, started.data.transNo);
    for (let index = 0; index < 20; index += 1) {
      await postCallback(
        stkCallbackBody(waiting.checkout_request_id!, 100, `TSTFLOOD${String(index).padStart(2, '0')}`),
      );
    }
    const { prompts } = await ctx.mpesa.state();
    const prompt = prompts.find((entry) => entry.checkoutRequestId === waiting.checkout_request_id) as {
      queries?: number;
    };
    expect(prompt.queries).toBe(3);
    expect((await depositOrder(ctx, started.data.transNo)).state).toBe(1);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(0);
  });

  it('a forged callback naming an order with a wrong token cannot take its lost push', async () => {
    const who = await member();
    const { mpesa } = await channels();
    const started = await topUp(who, { payMoney: 150 * KES, payChannel: mpesa });
    const waiting = await depositOrder(ctx, started.data.transNo);
    // As if the push's answer had been lost: the order waits without its CheckoutRequestID.
    await ctx.db
      .updateTable('deposit_order')
      .set({ checkout_request_id: null })
      .where('id', '=', waiting.id)
      .execute();
    const query = new URLSearchParams({ transNo: waiting.trans_no, token: 'x'.repeat(24) });
    await fetch(`${ctx.url}/api/pay-service/mpesa/${TEST_CALLBACK_SECRET}/stk-callback?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(stkCallbackBody('ws_CO_forged_0001', 150, 'TSTFORGE03', Number(who.msisdn))),
    });
    const after = await depositOrder(ctx, started.data.transNo);
    expect(after).toMatchObject({ state: 1, checkout_request_id: null });
    expect((await getBalances(ctx.db, who.id)).cash).toBe(0);
  });
});

describe('the callback address allow-list (MPESA_CALLBACK_IPS)', () => {
  it('takes callbacks only from the listed addresses, whatever X-Forwarded-For says', async () => {
    const listed = await createTestApp({ MPESA_CALLBACK_IPS: '196.201.214.200, 196.201.214.206' });
    try {
      const post = (remoteAddress: string, headers: Record<string, string> = {}) =>
        listed.app.inject({
          method: 'POST',
          url: `${API_BASE}/pay-service/mpesa/${TEST_CALLBACK_SECRET}/stk-callback`,
          remoteAddress,
          headers: { 'content-type': 'application/json', ...headers },
          payload: stkCallbackBody('ws_CO_allow_list_01', 100, 'TSTALLOW01'),
        });
      const stranger = await post('10.20.30.40');
      expect(stranger.statusCode).toBe(404);
      expect(stranger.body).toBe('');
      // Without TRUST_PROXY a forwarded address is not believed.
      expect((await post('10.20.30.40', { 'x-forwarded-for': '196.201.214.200' })).statusCode).toBe(404);
      const stored = () =>
        listed.db
          .selectFrom('unmatched_stk_callback')
          .select('state')
          .where('checkout_request_id', '=', 'ws_CO_allow_list_01')
          .executeTakeFirst();
      expect(await stored()).toBeUndefined();
      const safaricom = await post('196.201.214.206');
      expect(safaricom.statusCode).toBe(200);
      expect(safaricom.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
      expect(await stored()).toEqual({ state: 'open' });
    } finally {
      await listed.close();
    }
  });
});

describe('pay service and nested deposit', () => {
  it('refuses init-payment with a wrong sign and prompts no phone', async () => {
    const who = await member();
    const payer = newMobile('0722');
    const { other } = await channels();
    const started = await topUp(who, { payMoney: 250 * KES, payChannel: other });
    const sign = new URL(started.data.redirectUrl, 'http://app').searchParams.get('sign')!;
    for (const wrong of [`${sign.slice(0, -2)}xx`, 'forged', '']) {
      const init = await callApi(ctx, PAY_SERVICE_PATHS.initPayment, {
        token: who.token,
        form: {
          payToken: started.data.transNo,
          sign: wrong,
          payChannelId: String(other),
          extendInfo: JSON.stringify({ phone: payer.mobile }),
        },
      });
      expect(init.code).not.toBe(0);
      expect([ERRORS.PAY_SIGN_INVALID.code, ERRORS.VALIDATION.code]).toContain(init.code);
    }
    // Another order's sign does not open this one either.
    const another = await topUp(who, { payMoney: 100 * KES, payChannel: other });
    const anotherSign = new URL(another.data.redirectUrl, 'http://app').searchParams.get('sign')!;
    const swapped = await callApi(ctx, PAY_SERVICE_PATHS.initPayment, {
      token: who.token,
      form: {
        payToken: started.data.transNo,
        sign: anotherSign,
        payChannelId: String(other),
        extendInfo: JSON.stringify({ phone: payer.mobile }),
      },
    });
    expect(swapped.code).toBe(ERRORS.PAY_SIGN_INVALID.code);
    expect((await depositOrder(ctx, started.data.transNo)).state).toBe(0);
    const { prompts } = await ctx.mpesa.state();
    expect(prompts.filter((p) => p.phoneNumber === payer.e164.slice(1))).toEqual([]);
  });

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
    expect((await depositOrder(ctx, transNo)).state).toBe(0);

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
    const prompted = await depositOrder(ctx, transNo);
    expect(prompted.msisdn).toBe(payer.e164.slice(1));
    const again = await callApi(ctx, PAY_SERVICE_PATHS.initPayment, {
      token: who.token,
      form: { payToken: transNo, sign, payChannelId: String(other), extendInfo: '{"phone":"0722000000"}' },
    });
    expect(again.code).toBe(ERRORS.ORDER_CLOSED.code);

    await ctx.mpesa.answer(prompted.checkout_request_id!, { pin: TEST_MPESA_PIN });
    await waitForDepositState(ctx, transNo, 3);
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
    const orderId = (await depositOrder(ctx, started.data.transNo)).id;
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
    const prompted = await depositOrder(ctx, init.data.transNo);
    expect(prompted.msisdn).toBe(who.msisdn);
    await ctx.mpesa.answer(prompted.checkout_request_id!, { pin: TEST_MPESA_PIN });
    await waitForDepositState(ctx, init.data.transNo, 3);
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
    const paid = await waitForDepositState(ctx, paidNo, 3);
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

describe('deposit packages where rewards may not hang on a deposit (Brazil)', () => {
  // The order takes its coins through the same rule (packageCoins); Brazil has no M-Pesa to place one here.
  it('lists the packages as preset amounts without coins', async () => {
    const brazil = await createTestApp({ COUNTRY: 'BR' });
    try {
      const items = await callApi(brazil, PAYMENT_PATHS.payItems, { method: 'GET' });
      expect(items.data.length).toBeGreaterThan(0);
      expect(items.data.every((item: { money: number }) => item.money === 0)).toBe(true);
    } finally {
      await brazil.close();
    }
  });
});
