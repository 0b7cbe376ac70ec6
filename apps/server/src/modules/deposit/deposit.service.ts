import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { SYSTEM_OPTION } from '@app/contracts/config';
import type {
  DepositChannel,
  DepositInitResult,
  DepositResult,
  HeldPayments,
  OperatorCreditResult,
  PayForm,
  PayItem,
  TopUpResult,
} from '@app/contracts/deposit';
import type { CountryProfile } from '@app/contracts/country';
import { isWholeUnits, minimumDepositMinor } from '@app/contracts/deposit-rules';
import { ERRORS } from '@app/contracts/errors';
import { depositExcise } from '@app/contracts/tax-rules';
import { DEPOSIT_STATE, type DepositRecord, type RecordsQuery } from '@app/contracts/payment-records';
import { DarajaError } from '../../adapters/mpesa/daraja-error.ts';
import {
  parseStkCallback,
  stkResultMessage,
  STK_RESULT_MESSAGES,
  type StkCallback,
} from '../../adapters/mpesa/daraja-callbacks.ts';
import { normaliseKenyanMsisdn } from '../../adapters/mpesa/msisdn.ts';
import type { Database, PayHall } from '../../db/schema.ts';
import { retryingTransaction } from '../../db/transactions.ts';
import { AppError } from '../../http/app-error.ts';
import { getSystemOptions } from '../config/config.service.ts';
import { localize } from '../config/localize.ts';
import { judgeHints, newCallbackToken, tokenMatches, withCallbackProof } from '../payment-callbacks.ts';
import type { PaymentDeps } from '../payment-deps.ts';
import * as hintsRepository from '../payment-hints.repository.ts';
import { findChannel, findEnabledChannels } from '../payment-channels.repository.ts';
import { monthRange } from '../records-month.ts';
import { creditDeposit, hasPlayerAccount, memberCashOf } from '../wallet/wallet.service.ts';
import {
  depositMessageIn,
  HELD_RECEIPT_MESSAGE,
  MATCHED_ELSEWHERE_MESSAGE,
  REJECTED_MESSAGE,
  WAITING_MESSAGE,
} from './deposit-messages.ts';
import * as repository from './deposit.repository.ts';
import type { DepositOrderRow, UnmatchedStkCallbackRow } from './deposit.repository.ts';

/**
 * Deposits (issue 4): an order per top-up, paid by M-Pesa STK Push. The order is only the state of the
 * conversation with M-Pesa; the money moves in the ledger, once, under the key `mpesa:<CheckoutRequestID>`
 * (the callback and the STK query are two messengers of one payment). Every rule of spec §5 that the form
 * checks is checked again here with the same code (contracts/deposit-rules.ts).
 */

type Db = Kysely<Database>;
type Log = {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};
/** Who pays: the session's member. */
export type Payer = { id: number; mobile: string };
export type Audience = { platform: number; language: string };

/** The first check of a prompt: a customer rarely answers within 20 s; the callback usually comes first. */
const FIRST_CHECK_MS = 20_000;
/** Then the STK query is asked again with a growing pause, never more than 10 minutes apart. */
const BACKOFF_MS = [15_000, 30_000, 60_000, 120_000, 300_000, 600_000];
const RECONCILE_BATCH = 20;
/** How long a push whose answer was lost may still be paid: an STK prompt lives about a minute. */
const UNCERTAIN_PUSH_WINDOW_MS = 3 * 60_000;
const OPERATOR_LIST_LIMIT = 200;
/** Callbacks about one order that make us ask the STK query at once; later ones wait for the job. */
const QUERIES_PER_ORDER_FROM_CALLBACKS = 3;

// ---- Packages and channels --------------------------------------------------------------------------

export async function listPayItems(db: Db): Promise<PayItem[]> {
  const rows = await repository.findEnabledPayItems(db);
  return rows.map((row) => ({
    id: row.id,
    itemId: row.id,
    money: Number(row.coins),
    payMoney: Number(row.pay_money),
    img: row.img,
    hot: row.hot,
  }));
}

export async function listDepositChannels(db: Db, language: string): Promise<DepositChannel[]> {
  const rows = await findEnabledChannels(db, 'deposit');
  return rows.map((row) => {
    const text = localize(row, language);
    return {
      id: row.id,
      channelCode: row.channel_code,
      name: text.name,
      logoUrl: row.logo_url,
      memo: text.memo,
      mobilePattern: row.mobile_pattern,
      wholeUnits: row.whole_units,
      minAmount: row.min_amount === null ? null : Number(row.min_amount),
      maxAmount: row.max_amount === null ? null : Number(row.max_amount),
    };
  });
}

async function minimumDeposit(deps: PaymentDeps, audience: Audience): Promise<number> {
  const [option] = await getSystemOptions(deps.db, audience, SYSTEM_OPTION.MIN_DEPOSIT);
  return minimumDepositMinor(option?.content, deps.country.scale);
}

// ---- The sign on payment hall links -----------------------------------------------------------------

/** HMAC-SHA256 over the order's fields: a link names one order of one member, for one amount and channel. */
export function signOrder(
  deps: Pick<PaymentDeps, 'signSecret'>,
  order: Pick<DepositOrderRow, 'trans_no' | 'member_id' | 'pay_money' | 'channel_id'>,
): string {
  return createHmac('sha256', deps.signSecret)
    .update(`deposit|${order.trans_no}|${order.member_id}|${order.pay_money}|${order.channel_id}`)
    .digest('base64url');
}

function checkSign(deps: PaymentDeps, order: DepositOrderRow, sign: string): void {
  const expected = Buffer.from(signOrder(deps, order));
  const given = Buffer.from(sign);
  // Constant time: the comparison must not tell a prober how many characters were right.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('PAY_SIGN_INVALID');
  }
}

/** The caller's own order by transNo; another member's is answered like a missing one. */
async function ownOrder(db: Db, memberId: number, transNo: string): Promise<DepositOrderRow> {
  const order = await repository.findOrderByTransNo(db, transNo);
  if (!order || order.member_id !== memberId) throw new AppError('NOT_FOUND');
  return order;
}

// ---- Creating an order ------------------------------------------------------------------------------

/** 12 characters (Daraja's AccountReference limit), shown on the customer's prompt: D + time + random. */
function newTransNo(): string {
  const time = Date.now().toString(36).toUpperCase().padStart(8, '0');
  const random = randomInt(0, 36 ** 3)
    .toString(36)
    .toUpperCase()
    .padStart(3, '0');
  return `D${time}${random}`;
}

async function createOrder(
  deps: PaymentDeps,
  payer: Payer,
  input: { itemId?: number | undefined; payMoney: number; payChannel: number },
  audience: Audience,
): Promise<{ order: DepositOrderRow; hall: PayHall }> {
  const channel = await findChannel(deps.db, 'deposit', input.payChannel);
  if (!channel || !channel.enabled || channel.hall === null) throw new AppError('DEPOSIT_UNAVAILABLE');

  let payMoney = input.payMoney;
  let coins = 0;
  if (input.itemId !== undefined) {
    const item = await repository.findEnabledPayItem(deps.db, input.itemId);
    if (!item) throw new AppError('NOT_FOUND');
    // The package decides the amount; a different one in the request is a stale or forged form.
    if (input.payMoney !== Number(item.pay_money)) {
      throw new AppError('BAD_REQUEST', 'The amount does not match the package', [
        { field: 'payMoney', message: 'The amount does not match the package' },
      ]);
    }
    payMoney = Number(item.pay_money);
    coins = Number(item.coins);
  }

  if (payMoney < (await minimumDeposit(deps, audience))) throw new AppError('DEPOSIT_BELOW_MINIMUM');
  if (channel.min_amount !== null && payMoney < Number(channel.min_amount)) {
    throw new AppError('DEPOSIT_BELOW_MINIMUM');
  }
  if (channel.max_amount !== null && payMoney > Number(channel.max_amount)) {
    throw new AppError('DEPOSIT_ABOVE_MAXIMUM');
  }
  // Never rounded: 100.50 on M-Pesa is refused, not sent as 100 or 101.
  if (channel.whole_units && !isWholeUnits(payMoney, deps.country.scale))
    throw new AppError('WHOLE_UNITS_ONLY');

  const order = await repository.insertOrder(deps.db, {
    transNo: newTransNo(),
    memberId: payer.id,
    channelId: channel.id,
    payItemId: input.itemId ?? null,
    payMoney,
    coins,
    callbackToken: newCallbackToken(),
  });
  return { order, hall: channel.hall };
}

/**
 * Sends the STK Push for an order to `phone`. A prompt already open on that phone answers
 * PAYMENT_IN_PROGRESS; a provider that does not answer fails the order (never left hanging) and answers
 * PROVIDER_UNAVAILABLE. A number M-Pesa cannot prompt answers INVALID_MOBILE and leaves the order as it
 * was, so the pay service's form can be sent again with another number.
 */
async function promptPhone(
  deps: PaymentDeps,
  order: DepositOrderRow,
  phone: string,
  log: Log,
): Promise<void> {
  let msisdn: string;
  try {
    msisdn = normaliseKenyanMsisdn(phone);
  } catch {
    throw new AppError('INVALID_MOBILE');
  }
  // Noted first: a callback overtaking the push's answer must see that a push to this number is on its way.
  await repository.notePushTarget(deps.db, order.id, msisdn);
  let accepted;
  try {
    accepted = await deps.mpesa.stkPush({
      phone: msisdn,
      amount: order.pay_money / deps.country.scale,
      accountReference: order.trans_no,
      description: 'Deposit',
      // The order's own token in the address: a callback there is this order's, which a leaked global
      // secret alone cannot forge (a callback still moves no money: the query does).
      callbackUrl: withCallbackProof(deps.callbackUrls.stk, {
        transNo: order.trans_no,
        token: order.callback_token ?? '',
      }),
    });
  } catch (error) {
    if (!(error instanceof DarajaError)) throw error;
    if (error.kind === 'invalid-msisdn') throw new AppError('INVALID_MOBILE');
    if (mayHaveReachedDaraja(error)) {
      // The prompt may be on the phone although its answer was lost: the order waits, without a
      // CheckoutRequestID, for a callback naming this number and amount; the job closes it after the window.
      log.warn({ orderId: order.id, kind: error.kind }, 'stk push answer lost; waiting for a callback');
      await repository.markPushUncertain(deps.db, order.id, {
        msisdn,
        nextCheckAt: new Date(Date.now() + UNCERTAIN_PUSH_WINDOW_MS),
      });
      throw new AppError('PROVIDER_UNAVAILABLE');
    }
    const key = error.kind === 'subscriber-locked' ? 'PAYMENT_IN_PROGRESS' : 'PROVIDER_UNAVAILABLE';
    if (key === 'PROVIDER_UNAVAILABLE') {
      log.warn({ orderId: order.id, kind: error.kind, errorCode: error.errorCode }, 'stk push failed');
    }
    await repository.markFailed(deps.db, order.id, { resultCode: null, message: ERRORS[key].msg });
    throw new AppError(key);
  }
  await recordPrompt(deps, order, { ...accepted, msisdn }, log);
}

/**
 * Stores the CheckoutRequestID on the order. A callback may have overtaken the push's own answer (the
 * customer was quick, or our answer was slow) and been kept as unmatched: it becomes a hint of this order,
 * which is then settled on the STK query at once rather than 20 s later. The checkout lock makes the two
 * meet exactly once.
 */
async function recordPrompt(
  deps: PaymentDeps,
  order: DepositOrderRow,
  prompt: { msisdn: string; checkoutRequestId: string; merchantRequestId: string },
  log: Log,
): Promise<void> {
  const early = await retryingTransaction(deps.db, async (trx) => {
    await repository.lockCheckout(trx, prompt.checkoutRequestId);
    const holder = await repository.findOrderByCheckout(trx, prompt.checkoutRequestId);
    if (holder && holder.id !== order.id) {
      // Cannot happen while adoption leaves a number with a push on its way alone; should it, the payment
      // is on the other order, and this one is closed rather than left waiting forever.
      log.warn({ orderId: order.id, holderId: holder.id }, 'deposit: payment matched to an earlier order');
      await repository.markFailed(trx, order.id, {
        resultCode: null,
        message: MATCHED_ELSEWHERE_MESSAGE,
      });
      return false;
    }
    await repository.markPrompted(trx, order.id, {
      ...prompt,
      nextCheckAt: new Date(Date.now() + FIRST_CHECK_MS),
    });
    const stored = await repository.attachUnmatched(trx, prompt.checkoutRequestId, order.id);
    if (stored) await recordHint(trx, order.id, false, hintOfStored(stored));
    return stored !== undefined;
  });
  if (!early) return;
  const prompted = await repository.findOrderById(deps.db, order.id);
  try {
    if (prompted) await queryAndSettle(deps, prompted, log);
  } catch (error) {
    // Daraja did not answer the query: the job asks again at the order's first check.
    log.warn({ orderId: order.id, err: error }, 'deposit: STK query after an early callback failed');
  }
}

/**
 * A timeout, a 5xx or an unreadable answer after the push was sent: Daraja may have taken it. A refused
 * connection or an unknown host means nothing left this server.
 */
function mayHaveReachedDaraja(error: DarajaError): boolean {
  if (error.operation !== 'stk push') return false;
  if (error.kind === 'unusable-response') return true;
  return error.kind === 'unavailable' && !/ECONNREFUSED|ENOTFOUND|EAI_AGAIN/.test(error.message);
}

/** The member's own registered number: if M-Pesa cannot prompt it, no other number will come, so the order is closed. */
async function promptOwnPhone(
  deps: PaymentDeps,
  order: DepositOrderRow,
  mobile: string,
  log: Log,
): Promise<void> {
  try {
    await promptPhone(deps, order, mobile, log);
  } catch (error) {
    if (error instanceof AppError && error.key === 'INVALID_MOBILE') {
      await repository.markFailed(deps.db, order.id, {
        resultCode: null,
        message: ERRORS.INVALID_MOBILE.msg,
      });
    }
    throw error;
  }
}

function hallUrl(hall: PayHall, transNo: string, sign: string): string {
  return `/pay/hall/${hall}?${new URLSearchParams({ transNo, sign }).toString()}`;
}

/**
 * The top-up call (`payOrder/pay`): the order, and the payment hall to open. Hall `mpesa` prompts the
 * member's own registered number at once; hall `panpay` waits for the pay service's form (another number).
 */
export async function topUp(
  deps: PaymentDeps,
  payer: Payer,
  input: { itemId?: number | undefined; payMoney: number; payChannel: number },
  audience: Audience,
  log: Log,
): Promise<TopUpResult> {
  const { order, hall } = await createOrder(deps, payer, input, audience);
  if (hall === 'mpesa') await promptOwnPhone(deps, order, payer.mobile, log);
  return { redirectUrl: hallUrl(hall, order.trans_no, signOrder(deps, order)), transNo: order.trans_no };
}

/** The nested deposit's step 1 (`pan-pay/deposit/init`): the order, and the prompt to the member's phone at once. */
export async function initDeposit(
  deps: PaymentDeps,
  payer: Payer,
  input: { itemId?: number | undefined; payMoney: number; payChannel: number },
  audience: Audience,
  log: Log,
): Promise<DepositInitResult> {
  const { order } = await createOrder(deps, payer, input, audience);
  await promptOwnPhone(deps, order, payer.mobile, log);
  return {
    transNo: order.trans_no,
    state: DEPOSIT_STATE.waiting,
    message: WAITING_MESSAGE,
    sign: signOrder(deps, order),
  };
}

// ---- The pay service (payment hall panpay) ----------------------------------------------------------

async function signedOrder(
  deps: PaymentDeps,
  memberId: number,
  input: { payToken: string; sign: string; payChannelId?: number | undefined },
): Promise<DepositOrderRow> {
  const order = await ownOrder(deps.db, memberId, input.payToken);
  checkSign(deps, order, input.sign);
  if (input.payChannelId !== undefined && input.payChannelId !== order.channel_id) {
    throw new AppError('PAY_SIGN_INVALID');
  }
  return order;
}

export async function getPayForm(
  deps: PaymentDeps,
  payer: Payer,
  input: { payToken: string; sign: string; payChannelId?: number | undefined },
  language: string,
): Promise<PayForm> {
  const order = await signedOrder(deps, payer.id, input);
  const channel = await findChannel(deps.db, 'deposit', order.channel_id);
  if (!channel) throw new AppError('NOT_FOUND');
  const text = localize(channel, language);
  return {
    transNo: order.trans_no,
    payMoney: Number(order.pay_money),
    state: order.state,
    channelId: channel.id,
    channelCode: channel.channel_code,
    channelName: text.name,
    logoUrl: channel.logo_url,
    phone: payer.mobile,
  };
}

function phoneFrom(extendInfo: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(extendInfo);
  } catch {
    throw new AppError('INVALID_MOBILE');
  }
  const info = (parsed ?? {}) as Record<string, unknown>;
  const phone = info.phone ?? info.mobile ?? info.msisdn;
  if (typeof phone !== 'string' || phone.trim() === '') throw new AppError('INVALID_MOBILE');
  return phone;
}

/** The pay service's init-payment: the STK Push to the number typed in the hall's form. */
export async function initPayment(
  deps: PaymentDeps,
  payer: Payer,
  input: { payToken: string; sign: string; payChannelId: number; extendInfo: string },
  log: Log,
  language = 'en',
): Promise<DepositResult> {
  const order = await signedOrder(deps, payer.id, input);
  if (order.state !== DEPOSIT_STATE.created) throw new AppError('ORDER_CLOSED');
  await promptPhone(deps, order, phoneFrom(input.extendInfo), log);
  return toResult((await repository.findOrderById(deps.db, order.id)) ?? order, language);
}

export async function getPaymentResult(
  deps: PaymentDeps,
  payer: Payer,
  input: { transNo: string; sign: string },
  language = 'en',
): Promise<DepositResult> {
  return toResult(await signedOrder(deps, payer.id, { payToken: input.transNo, sign: input.sign }), language);
}

// ---- State, records --------------------------------------------------------------------------------

function toResult(order: DepositOrderRow, language: string): DepositResult {
  const coins = Number(order.coins);
  return {
    transNo: order.trans_no,
    state: order.state,
    message: depositMessageIn(
      order.message || (order.state === DEPOSIT_STATE.waiting ? WAITING_MESSAGE : ''),
      language,
    ),
    payMoney: Number(order.pay_money),
    coins,
    isBonus: coins > 0 ? 1 : 0,
    bonus: coins,
    firstDeposit: order.first_deposit,
  };
}

/** The deposit state poll by transNo (owner only). */
export async function getDepositResult(
  db: Db,
  memberId: number,
  transNo: string,
  language = 'en',
): Promise<DepositResult> {
  return toResult(await ownOrder(db, memberId, transNo), language);
}

type RecordRow = NonNullable<Awaited<ReturnType<typeof repository.findMemberOrderRecord>>>;

/** What a paid deposit's credit did to the member's cash: all of it, and its excise (by transaction id). */
type Credits = Map<number, { cash: number; tax: number }>;

async function creditsOf(db: Db, memberId: number, rows: RecordRow[]): Promise<Credits> {
  const ids = rows.flatMap((row) =>
    row.journal_transaction_id === null ? [] : [Number(row.journal_transaction_id)],
  );
  return memberCashOf(db, memberId, ids);
}

function toRecord(row: RecordRow, language: string, credits: Credits): DepositRecord {
  const channelName = localize({ name: row.channel_name, translations: row.translations }, language).name;
  const credit =
    row.journal_transaction_id === null ? undefined : credits.get(Number(row.journal_transaction_id));
  return {
    id: row.id,
    transNo: row.trans_no,
    payMoney: Number(row.pay_money),
    coins: Number(row.coins),
    channelCode: row.channel_code,
    channelName,
    state: row.state,
    message: depositMessageIn(row.message, language),
    receipt: row.receipt,
    transactionId: row.journal_transaction_id === null ? null : Number(row.journal_transaction_id),
    excise: credit ? -credit.tax : 0,
    credited: credit ? credit.cash : null,
    createTime: row.created_at.toISOString(),
  };
}

/** The member's deposit orders, newest first (spec §7 `payOrder/records`); months in the country's time. */
export async function getDepositRecords(
  deps: Pick<PaymentDeps, 'db' | 'country'>,
  memberId: number,
  query: RecordsQuery,
  language: string,
): Promise<DepositRecord[]> {
  const range = query.monthOfYear ? monthRange(query.monthOfYear, deps.country.timeZone) : {};
  const rows = await repository.findMemberOrderPage(deps.db, memberId, {
    startId: query.startId,
    quantity: query.quantity,
    ...range,
  });
  const credits = await creditsOf(deps.db, memberId, rows);
  return rows.map((row) => toRecord(row, language, credits));
}

/** One of the member's deposit orders by id (the appeal page); another member's answers NOT_FOUND. */
export async function getMemberDepositOrder(
  db: Db,
  memberId: number,
  orderId: number,
  language = 'en',
): Promise<DepositRecord> {
  const row = await repository.findMemberOrderRecord(db, memberId, orderId);
  if (!row) throw new AppError('NOT_FOUND');
  return toRecord(row, language, await creditsOf(db, memberId, [row]));
}

/** An order as another module shows it beside its own rows (an appeal): its number, amount and state. */
export type OrderSummary = { transNo: string; payMoney: number; state: number };

/** Summaries of the given orders by id; an unknown id is absent. */
export async function describeOrders(db: Db, ids: readonly number[]): Promise<Map<number, OrderSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await repository.describeOrders(db, [...new Set(ids)]);
  return new Map(
    rows.map((row) => [row.id, { transNo: row.trans_no, payMoney: Number(row.pay_money), state: row.state }]),
  );
}

/**
 * Locks the member's order inside the caller's transaction and returns its state, so another module's
 * write about the order (an appeal) takes turns with its settlement; undefined when it is not theirs.
 */
export function lockMemberOrderState(
  trx: Transaction<Database>,
  memberId: number,
  orderId: number,
): Promise<{ state: number } | undefined> {
  return repository.lockMemberOrder(trx, memberId, orderId);
}

/** Paid deposits of a member (memberInfo/persona's totalDepositCount). */
export async function countPaidDeposits(db: Db, memberId: number): Promise<number> {
  return repository.countPaidDeposits(db, memberId);
}

// ---- Settling: the callback is a hint, the query is the answer -------------------------------------

/**
 * What M-Pesa confirmed through the STK Push Query, a call we make: paid, or a final failure code. It
 * carries no amount: STK collects exactly what the push asked, so a paid order is paid its own amount.
 */
type Outcome = { paid: true } | { paid: false; resultCode: number };

/** Which order a callback's address named, and its token (`?transNo=…&token=…`); both absent on old pushes. */
export type CallbackProof = { transNo?: string | undefined; token?: string | undefined };

/** A callback's amount (whole shillings, maybe written 100.00) in minor units, or null when unusable. */
function toMinor(amount: number, scale: number): number | null {
  const minor = Math.round(amount * scale);
  return Number.isSafeInteger(minor) && minor > 0 && Math.abs(minor - amount * scale) < 1e-6 ? minor : null;
}

function hintOfCallback(callback: StkCallback, scale: number) {
  return {
    paid: callback.paid !== undefined,
    resultCode: String(callback.resultCode),
    resultDesc: callback.resultDesc,
    amount: callback.paid ? toMinor(callback.paid.amount, scale) : null,
    receipt: callback.paid?.receipt ?? null,
  };
}

function hintOfStored(row: UnmatchedStkCallbackRow) {
  return {
    paid: row.result_code === 0,
    resultCode: String(row.result_code),
    resultDesc: row.result_desc,
    amount: row.amount === null ? null : Number(row.amount),
    receipt: row.receipt,
  };
}

async function recordHint(
  trx: Transaction<Database>,
  orderId: number,
  authentic: boolean,
  hint: ReturnType<typeof hintOfCallback>,
): Promise<void> {
  await hintsRepository.insertHint(trx, {
    payment: 'deposit',
    paymentId: orderId,
    source: 'stk-callback',
    authentic,
    ...hint,
  });
}

/**
 * The one code path that finishes an order, on what the STK query confirmed. The order row is locked for
 * the whole decision and the ledger credit runs in the same database transaction (`creditDeposit` joins
 * it), so the order is paid exactly when the money is in the balance; the whole unit is retried after a
 * serialisation failure or a deadlock. A paid order changes no more.
 *
 * - Paid: the ORDER's amount is credited, package coins included, whatever any callback claimed; the
 *   receipt is taken only from a callback that reached the order's own address (its token). A receipt
 *   already credited elsewhere holds the order (state 2) for an operator: one payment, credited once.
 * - Not paid (a final failure code): failed, whatever any callback claimed.
 * - Paid for an order already failed (a late payment, the query asked again on an appeal): credited; the
 *   failure was an earlier answer, the payment is real money.
 * Then every callback about the order is judged against that answer; one that contradicts it is a case
 * for an operator (`judgeHints`), since only a forged or broken callback can.
 */
async function settleOrder(deps: PaymentDeps, orderId: number, outcome: Outcome, log: Log): Promise<void> {
  const disagreed = await retryingTransaction(deps.db, (trx) =>
    settleLocked(trx, orderId, outcome, log, deps.country),
  );
  if (disagreed > 0) {
    log.error({ orderId, disagreed }, 'deposit: a callback contradicted M-Pesa’s confirmed answer');
  }
}

async function settleLocked(
  trx: Transaction<Database>,
  orderId: number,
  outcome: Outcome,
  log: Log,
  country: CountryProfile,
): Promise<number> {
  const order = await repository.lockOrder(trx, orderId);
  if (!order) return 0;
  const hints = await hintsRepository.findPendingHints(trx, 'deposit', order.id);
  const provenReceipt = hints.find((hint) => hint.authentic && hint.paid && hint.receipt)?.receipt ?? null;
  const orderAmount = Number(order.pay_money);
  const judge = (paid: boolean, receipt: string | null) =>
    judgeHints(trx, 'deposit', order.id, {
      paid,
      amount: paid ? orderAmount : null,
      receipt,
      description: paid
        ? `STK query: paid ${orderAmount} (the order's amount)`
        : `STK query: not paid (${outcome.paid ? '' : outcome.resultCode})`,
    });

  if (order.state === DEPOSIT_STATE.paid) {
    // Settled before (the query first, or an operator): a proven receipt is kept, nothing credited again.
    if (provenReceipt && order.receipt === null) {
      if (!(await repository.receiptUsedElsewhere(trx, provenReceipt, { orderId: order.id }))) {
        await repository.fillReceipt(trx, order.id, provenReceipt);
      }
    }
    return judge(true, order.receipt ?? provenReceipt);
  }
  if (order.state === DEPOSIT_STATE.confirming) {
    // Held for an operator (a receipt credited elsewhere): they decide; the callbacks are judged anyway.
    return judge(outcome.paid, order.held_receipt);
  }
  if (!outcome.paid) {
    await repository.markFailed(trx, order.id, {
      resultCode: outcome.resultCode,
      message: stkResultMessage(outcome.resultCode),
    });
    return judge(false, null);
  }
  if (provenReceipt && (await repository.receiptUsedElsewhere(trx, provenReceipt, { orderId: order.id }))) {
    log.warn({ orderId }, 'deposit: receipt already credited elsewhere; held for an operator');
    await repository.markHeld(trx, order.id, {
      message: HELD_RECEIPT_MESSAGE,
      amount: orderAmount,
      receipt: provenReceipt,
    });
    return judge(true, provenReceipt);
  }
  if (order.state === DEPOSIT_STATE.failed) {
    log.warn({ orderId }, 'deposit: M-Pesa confirms an order marked failed was paid; credited');
  }
  const posted = await creditDeposit(trx, {
    memberId: order.member_id,
    key:
      order.checkout_request_id === null ? `mpesa-order:${order.id}` : `mpesa:${order.checkout_request_id}`,
    cash: orderAmount,
    coins: Number(order.coins),
    excise: depositExcise(orderAmount, country.taxes.deposit),
    description: `M-PESA deposit ${order.trans_no}`,
  });
  await repository.markPaid(trx, order.id, {
    journalTransactionId: posted.transactionId,
    receipt: provenReceipt,
    message: STK_RESULT_MESSAGES[0],
    paidMoney: orderAmount,
  });
  return judge(true, provenReceipt);
}

/**
 * The STK callback: a hint, never proof (Daraja signs nothing, and the path's secret can leak). What it
 * says is kept beside its order, and the order is then settled on the STK query's answer, asked at once.
 * Its order is the one that carries its CheckoutRequestID; or the one its address names with that
 * order's own token, when the push's answer was lost or is not stored yet; or, for an order from before
 * tokens, the one waiting order of the callback's number and amount. A callback no order takes is kept
 * (`unmatched_stk_callback`), a paid one for an operator, until its order takes it. Unreadable callbacks
 * are logged and change nothing; the route always answers Daraja that it was accepted.
 */
export async function handleStkCallback(
  deps: PaymentDeps,
  body: unknown,
  proof: CallbackProof,
  log: Log,
): Promise<void> {
  let callback: StkCallback;
  try {
    callback = parseStkCallback(body);
  } catch (error) {
    log.warn({ err: error }, 'deposit: unreadable STK callback ignored');
    return;
  }
  if (Math.abs(callback.resultCode) > 2_147_483_647) {
    // No result code of Daraja's is that large; the column holds 32 bits.
    log.warn({ checkoutRequestId: callback.checkoutRequestId }, 'deposit: STK callback code out of range');
    return;
  }
  const hint = hintOfCallback(callback, deps.country.scale);
  const orderId = await retryingTransaction(deps.db, async (trx) => {
    await repository.lockCheckout(trx, callback.checkoutRequestId);
    const named = proof.transNo ? await repository.findOrderByTransNo(trx, proof.transNo) : undefined;
    const proven = named !== undefined && tokenMatches(named.callback_token, proof.token);
    let order = await repository.findOrderByCheckout(trx, callback.checkoutRequestId);
    if (!order && proven && named) {
      order = await repository.adoptNamedOrder(trx, named.id, {
        checkoutRequestId: callback.checkoutRequestId,
        merchantRequestId: callback.merchantRequestId,
        nextCheckAt: new Date(Date.now() + FIRST_CHECK_MS),
      });
    }
    if (!order && hint.paid && hint.amount && callback.paid) {
      order = await repository.adoptUncertainOrder(trx, {
        checkoutRequestId: callback.checkoutRequestId,
        msisdn: callback.paid.phone,
        payMoney: hint.amount,
        since: new Date(Date.now() - UNCERTAIN_PUSH_WINDOW_MS),
      });
    }
    if (order) {
      // Under the order's lock: a settlement running now either sees this callback, or has committed
      // before it and the order is found paid below (its receipt then comes from here).
      await repository.lockOrder(trx, order.id);
      await recordHint(trx, order.id, proven && named?.id === order.id, hint);
      // Daraja sends one callback, sometimes twice: past a few, callbacks about one order are a flood
      // (the global secret leaked), and each must not cost a query of Daraja's rate-limited API. The
      // order is then asked about by the job, at its next check, like any waiting order.
      const callbacks = await hintsRepository.countHints(trx, 'deposit', order.id);
      return callbacks <= QUERIES_PER_ORDER_FROM_CALLBACKS ? order.id : undefined;
    }
    if (hint.receipt !== null && (await repository.receiptUsedElsewhere(trx, hint.receipt))) {
      log.warn({ checkoutRequestId: callback.checkoutRequestId }, 'deposit: callback of a receipt credited');
      return undefined;
    }
    const kept = await repository.insertUnmatched(trx, {
      checkoutRequestId: callback.checkoutRequestId,
      merchantRequestId: callback.merchantRequestId,
      resultCode: callback.resultCode,
      resultDesc: callback.resultDesc,
      receipt: hint.receipt,
      amount: hint.amount,
      msisdn: callback.paid?.phone ?? null,
      transactionDate: callback.paid?.transactionDate ?? null,
    });
    if (kept) {
      log.warn(
        { checkoutRequestId: callback.checkoutRequestId, paid: hint.paid },
        'deposit: STK callback for no order; kept for its order or an operator',
      );
    }
    return undefined;
  });
  if (orderId === undefined) return;
  const order = await repository.findOrderById(deps.db, orderId);
  if (!order) return;
  try {
    await queryAndSettle(deps, order, log);
  } catch (error) {
    // Daraja did not answer the query: the order waits for the job's next check, nothing moves.
    log.warn({ orderId, err: error }, 'deposit: STK query after a callback failed; asked again later');
  }
}

/**
 * Asks M-Pesa about an order and settles it on the answer. A paid order is not asked again (its callbacks
 * are judged against its payment); a held one waits for its operator; "being processed" waits for the
 * next check.
 */
async function queryAndSettle(deps: PaymentDeps, order: DepositOrderRow, log: Log): Promise<void> {
  if (order.state === DEPOSIT_STATE.paid) {
    await settleOrder(deps, order.id, { paid: true }, log);
    return;
  }
  if (order.state === DEPOSIT_STATE.confirming) return;
  if (order.checkout_request_id === null) {
    if (order.state !== DEPOSIT_STATE.waiting) return;
    // A push whose answer was lost, and no callback came within its window: nothing was paid.
    await repository.markFailed(deps.db, order.id, {
      resultCode: null,
      message: ERRORS.PROVIDER_UNAVAILABLE.msg,
    });
    return;
  }
  const answer = await deps.mpesa.stkQuery(order.checkout_request_id);
  // "Being processed": the customer has not answered yet; asked again at the next check.
  if (answer.state === 'pending') return;
  await settleOrder(
    deps,
    order.id,
    answer.resultCode === 0 ? { paid: true } : { paid: false, resultCode: answer.resultCode },
    log,
  );
}

function backoff(attempts: number): number {
  return BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0]!;
}

const consoleLog: Log = {
  info: (details, message) => console.info(message, details),
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.error(message, details),
};

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

// ---- Operators: held orders and unmatched payments -------------------------------------------------

/** Operators: orders held for review and paid callbacks no order took, oldest first. */
export async function listHeldPayments(db: Db): Promise<HeldPayments> {
  const [orders, unmatched, disagreements] = await Promise.all([
    repository.findHeldOrders(db, OPERATOR_LIST_LIMIT),
    repository.findOpenPaidUnmatched(db, OPERATOR_LIST_LIMIT),
    hintsRepository.findOpenDisagreements(db, OPERATOR_LIST_LIMIT),
  ]);
  return {
    disagreements: disagreements.map((hint) => ({
      id: Number(hint.id),
      payment: hint.payment,
      paymentId: Number(hint.payment_id),
      source: hint.source,
      authentic: hint.authentic,
      claimedPaid: hint.paid,
      resultCode: hint.result_code,
      claimedAmount: hint.amount === null ? null : Number(hint.amount),
      claimedReceipt: hint.receipt,
      confirmed: hint.confirmed ?? '',
      createTime: hint.created_at.toISOString(),
    })),
    orders: orders.map((order) => ({
      id: order.id,
      transNo: order.trans_no,
      memberId: Number(order.member_id),
      payMoney: Number(order.pay_money),
      heldAmount: order.held_amount === null ? null : Number(order.held_amount),
      heldReceipt: order.held_receipt,
      msisdn: order.msisdn,
      checkoutRequestId: order.checkout_request_id,
      message: order.message,
      createTime: order.created_at.toISOString(),
    })),
    unmatched: unmatched.map((row) => ({
      id: Number(row.id),
      checkoutRequestId: row.checkout_request_id,
      receipt: row.receipt ?? '',
      amount: row.amount === null ? null : Number(row.amount),
      msisdn: row.msisdn,
      transactionDate: row.transaction_date,
      createTime: row.created_at.toISOString(),
    })),
  };
}

/** A unique receipt raced in by another order at the same moment: the same answer as one seen before. */
async function receiptRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new AppError('RECEIPT_USED');
    throw error;
  }
}

/**
 * Credits an unpaid order (held, failed, still waiting) with a payment an operator verified: its M-PESA
 * receipt is required and is the idempotency key (`mpesa-receipt:<receipt>`), so one payment is credited
 * once whatever path it takes; the amount is the operator's, else what M-Pesa reported for a held order,
 * else the order's. The same request again answers the same result.
 */
async function creditOrderLocked(
  trx: Transaction<Database>,
  orderId: number,
  input: { receipt: string; amount?: number | undefined; note: string; unmatchedId?: number },
  country: CountryProfile,
): Promise<OperatorCreditResult> {
  const order = await repository.lockOrder(trx, orderId);
  if (!order) throw new AppError('NOT_FOUND');
  if (order.state === DEPOSIT_STATE.paid) {
    if (order.receipt === input.receipt && order.journal_transaction_id !== null) {
      return {
        memberId: Number(order.member_id),
        orderId: order.id,
        amount: Number(order.paid_money ?? order.pay_money),
        receipt: input.receipt,
        transactionId: Number(order.journal_transaction_id),
      };
    }
    throw new AppError('ORDER_CLOSED');
  }
  const exceptions = {
    orderId: order.id,
    ...(input.unmatchedId === undefined ? {} : { unmatchedId: input.unmatchedId }),
  };
  if (await repository.receiptUsedElsewhere(trx, input.receipt, exceptions)) {
    throw new AppError('RECEIPT_USED');
  }
  const orderAmount = Number(order.pay_money);
  const cash = input.amount ?? (order.held_amount === null ? orderAmount : Number(order.held_amount));
  const posted = await creditDeposit(trx, {
    memberId: order.member_id,
    key: `mpesa-receipt:${input.receipt}`,
    cash,
    coins: cash >= orderAmount ? Number(order.coins) : 0,
    excise: depositExcise(cash, country.taxes.deposit),
    description: `M-PESA deposit ${order.trans_no} (confirmed by support)`,
  });
  await repository.markPaid(trx, order.id, {
    journalTransactionId: posted.transactionId,
    receipt: input.receipt,
    message: STK_RESULT_MESSAGES[0],
    paidMoney: cash,
    operatorNote: input.note,
  });
  await repository.attachUnmatchedByReceipt(trx, input.receipt, order.id, input.unmatchedId);
  return {
    memberId: Number(order.member_id),
    orderId: order.id,
    amount: cash,
    receipt: input.receipt,
    transactionId: posted.transactionId,
  };
}

export async function operatorCreditOrder(
  deps: Pick<PaymentDeps, 'db' | 'country'>,
  orderId: number,
  input: { receipt: string; amount?: number | undefined; note: string },
  log: Log = consoleLog,
): Promise<OperatorCreditResult> {
  const result = await receiptRace(() =>
    retryingTransaction(deps.db, (trx) => creditOrderLocked(trx, orderId, input, deps.country)),
  );
  log.warn({ orderId, receipt: input.receipt, amount: result.amount }, 'deposit credited by an operator');
  return result;
}

/** A held order an operator found unpaid (a forged or mistaken callback): failed, nothing credited. */
export async function operatorRejectOrder(
  deps: Pick<PaymentDeps, 'db'>,
  orderId: number,
  note: string,
): Promise<void> {
  const rejected = await repository.markRejected(deps.db, orderId, { message: REJECTED_MESSAGE, note });
  if (rejected) return;
  if (!(await repository.findOrderById(deps.db, orderId))) throw new AppError('NOT_FOUND');
  throw new AppError('ORDER_CLOSED', 'Only an order held for review can be rejected');
}

/**
 * Credits a paid callback no order took: to one of the member's orders (the order becomes paid with it),
 * or to a member directly. Keyed by its receipt like every operator credit. A callback already credited
 * the same way answers the same result; one resolved otherwise answers ORDER_CLOSED.
 */
export async function operatorCreditUnmatched(
  deps: Pick<PaymentDeps, 'db' | 'country'>,
  id: number,
  input: { orderId?: number | undefined; memberId?: number | undefined; note: string },
  log: Log = consoleLog,
): Promise<OperatorCreditResult> {
  const result = await receiptRace(() =>
    retryingTransaction(deps.db, async (trx): Promise<OperatorCreditResult> => {
      const row = await repository.lockUnmatched(trx, id);
      if (!row || row.result_code !== 0 || row.receipt === null) throw new AppError('NOT_FOUND');
      if (row.state === 'credited' && row.journal_transaction_id !== null && row.member_id !== null) {
        const same =
          input.orderId === undefined
            ? Number(row.member_id) === input.memberId && row.deposit_order_id === null
            : row.deposit_order_id !== null && Number(row.deposit_order_id) === input.orderId;
        if (!same) throw new AppError('ORDER_CLOSED');
        return {
          memberId: Number(row.member_id),
          orderId: row.deposit_order_id === null ? null : Number(row.deposit_order_id),
          amount: Number(row.amount),
          receipt: row.receipt,
          transactionId: Number(row.journal_transaction_id),
        };
      }
      if (row.state !== 'open') throw new AppError('ORDER_CLOSED');
      if (row.amount === null) {
        throw new AppError(
          'BAD_REQUEST',
          'M-PESA reported no usable amount: credit the order with an amount',
        );
      }
      const amount = Number(row.amount);
      let credited: OperatorCreditResult;
      if (input.orderId !== undefined) {
        credited = await creditOrderLocked(
          trx,
          input.orderId,
          {
            receipt: row.receipt,
            amount,
            note: input.note,
            unmatchedId: row.id,
          },
          deps.country,
        );
      } else {
        const memberId = input.memberId as number;
        if (!(await hasPlayerAccount(trx, memberId))) throw new AppError('NOT_FOUND');
        if (await repository.receiptUsedElsewhere(trx, row.receipt, { unmatchedId: row.id })) {
          throw new AppError('RECEIPT_USED');
        }
        const posted = await creditDeposit(trx, {
          memberId,
          key: `mpesa-receipt:${row.receipt}`,
          cash: amount,
          coins: 0,
          excise: depositExcise(amount, deps.country.taxes.deposit),
          description: `M-PESA payment ${row.receipt} (confirmed by support)`,
        });
        credited = {
          memberId,
          orderId: null,
          amount,
          receipt: row.receipt,
          transactionId: posted.transactionId,
        };
      }
      await repository.markUnmatchedResolved(trx, row.id, {
        state: 'credited',
        memberId: credited.memberId,
        orderId: credited.orderId,
        journalTransactionId: credited.transactionId,
        note: input.note,
      });
      return credited;
    }),
  );
  log.warn({ unmatchedId: id, receipt: result.receipt, amount: result.amount }, 'M-PESA payment credited');
  return result;
}

/**
 * Closes a callback that contradicted M-Pesa's confirmed answer, with the operator's note (what they found:
 * a leaked secret rotated, a broken proxy). It moved no money. Closing it again changes nothing.
 */
export async function operatorCloseDisagreement(
  deps: Pick<PaymentDeps, 'db'>,
  id: number,
  note: string,
): Promise<void> {
  if (await hintsRepository.closeDisagreement(deps.db, id, note)) return;
  const hint = await hintsRepository.findHint(deps.db, id);
  if (!hint || hint.verdict !== 'disagrees') throw new AppError('NOT_FOUND');
}

/** Closes a paid callback no order took without crediting it (refunded outside, not a payment of ours). */
export async function operatorDismissUnmatched(
  deps: Pick<PaymentDeps, 'db'>,
  id: number,
  note: string,
): Promise<void> {
  await retryingTransaction(deps.db, async (trx) => {
    const row = await repository.lockUnmatched(trx, id);
    if (!row || row.result_code !== 0) throw new AppError('NOT_FOUND');
    if (row.state === 'dismissed') return;
    if (row.state !== 'open') throw new AppError('ORDER_CLOSED');
    await repository.markUnmatchedResolved(trx, row.id, { state: 'dismissed', note });
  });
}
