import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import { SYSTEM_OPTION } from '@app/contracts/config';
import type { CountryProfile } from '@app/contracts/country';
import type {
  DepositChannel,
  DepositInitResult,
  DepositResult,
  PayForm,
  PayItem,
  TopUpResult,
} from '@app/contracts/deposit';
import { isWholeUnits, minimumDepositMinor, STK_PROMPT_SECONDS } from '@app/contracts/deposit-rules';
import { ERRORS } from '@app/contracts/errors';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import { DarajaError } from '../../../adapters/mpesa/daraja-error.ts';
import { normaliseKenyanMsisdn } from '../../../adapters/mpesa/msisdn.ts';
import { phoneIdentity, refuseExcluded } from '../../platform/exclusion/exclusion.service.ts';
import type { Database, PayHall } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { AppError } from '../../../http/app-error.ts';
import { getSystemOptions } from '../../platform/config/config.service.ts';
import { localize } from '../../platform/config/localize.ts';
import { newCallbackToken, withCallbackProof } from '../channels/callbacks.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import {
  emptyPushBucket,
  findChannel,
  isMpesaPaused,
  listChannelViews,
  pauseForMaintenance,
  takePushSlot,
} from '../channels/channels.service.ts';
import { refuseDepositPastLimits } from '../../platform/wallet/player-limits.service.ts';
import { memberCashOf } from '../../platform/wallet/wallet.service.ts';
import { requireVerifiedFor } from '../../platform/kyc/kyc.service.ts';
import {
  depositMessageIn,
  MATCHED_ELSEWHERE_MESSAGE,
  queuedMessage,
  WAITING_MESSAGE,
  pendingMessageOf,
} from './deposit-messages.ts';
import { MAX_PUSH_ATTEMPTS, pushBackoffMs, slotWaitMs } from './deposit-queue.ts';
import * as repository from './deposit.repository.ts';
import type { DepositOrderRow } from './deposit.repository.ts';
import {
  FIRST_CHECK_MS,
  hintOfStored,
  queryAndSettle,
  recordHint,
  UNCERTAIN_PUSH_WINDOW_MS,
} from './deposit-settlement.ts';
import { consoleLog, type Db, type Log } from './deposit-shared.ts';

/**
 * A member's deposit: the packages and channels, the order (every rule of spec §5 checked again here), the
 * signed payment hall link, and the STK Push prompt sent to the member's phone.
 */

/** Who pays: the session's member. */
export type Payer = { id: number; mobile: string };

export type Audience = { platform: number; language: string };

/**
 * The coins a deposit package adds. Where a market forbids rewards conditioned on a deposit (Brazil, Law
 * 14.790 art. 42: `depositLinkedRewards` false) a package is only a preset amount: it shows and pays no coins.
 */
function packageCoins(coins: string | number, country: CountryProfile): number {
  return country.promotions.depositLinkedRewards ? Number(coins) : 0;
}

export async function listPayItems(db: Db, country: CountryProfile): Promise<PayItem[]> {
  const rows = await repository.findEnabledPayItems(db);
  return rows.map((row) => ({
    id: row.id,
    itemId: row.id,
    money: packageCoins(row.coins, country),
    payMoney: Number(row.pay_money),
    img: row.img,
    hot: row.hot,
  }));
}

export async function listDepositChannels(db: Db, language: string): Promise<DepositChannel[]> {
  return listChannelViews(db, 'deposit', language, (row) => ({
    minAmount: row.min_amount === null ? null : Number(row.min_amount),
    maxAmount: row.max_amount === null ? null : Number(row.max_amount),
  }));
}

async function minimumDeposit(deps: PaymentDeps, audience: Audience): Promise<number> {
  const [option] = await getSystemOptions(deps.db, audience, SYSTEM_OPTION.MIN_DEPOSIT);
  return minimumDepositMinor(option?.content, deps.country.scale);
}

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
  options: { ownPhone?: boolean } = {},
): Promise<{ order: DepositOrderRow; hall: PayHall; reused: boolean }> {
  // Every deposit starts here: the market's identity gate first (issue 25 §1).
  await requireVerifiedFor(deps.db, deps.country, payer.id, 'deposit');
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
    coins = packageCoins(item.coins, deps.country);
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

  const fresh = {
    transNo: newTransNo(),
    memberId: payer.id,
    channelId: channel.id,
    payItemId: input.itemId ?? null,
    payMoney,
    coins,
    callbackToken: newCallbackToken(),
  };
  // The member's deposit limits first, under their lock (issue 25 §2): parallel asks are counted one
  // after another, each with the deposits still under way.
  const withinLimits = async (trx: Transaction<Database>) =>
    refuseDepositPastLimits(trx, payer.id, payMoney, () =>
      repository.sumDepositsUnderWay(trx, payer.id, new Date(Date.now() - UNDER_WAY_MS)),
    );
  // Hall `panpay` prompts only when its form is sent: nothing is on a phone yet, so nothing to reuse.
  if (channel.hall !== 'mpesa' && !options.ownPhone) {
    const order = await retryingTransaction(deps.db, async (trx) => {
      await withinLimits(trx);
      return repository.insertOrder(trx, fresh);
    });
    return { order, hall: channel.hall, reused: false };
  }
  // A prompt to the member's own phone may already be waiting (Pay pressed twice, a second tab): M-Pesa
  // would refuse a second one, and a refused order would read as a failed deposit for money that never
  // moved. Under the member's lock, one such order at a time: the same deposit again is that order (its
  // hall, no new prompt), another one is refused until the prompt is answered or expires.
  const hall = channel.hall;
  return retryingTransaction(deps.db, async (trx) => {
    await repository.lockMemberDeposits(trx, payer.id);
    const waiting = await repository.findWaitingOwnPhoneOrder(trx, payer.id, {
      since: new Date(Date.now() - OPEN_PROMPT_MS),
    });
    if (waiting) {
      const same =
        Number(waiting.pay_money) === payMoney &&
        waiting.channel_id === channel.id &&
        (waiting.pay_item_id ?? null) === (input.itemId ?? null);
      if (!same) throw new AppError('PAYMENT_IN_PROGRESS');
      return { order: waiting, hall, reused: true };
    }
    await withinLimits(trx);
    return { order: await repository.insertOrder(trx, fresh), hall, reused: false };
  });
}

/**
 * How far back a deposit not yet paid or failed counts as under way for the deposit limits: a day, far
 * past any prompt's, queue's or confirmation's life (an order older than that was abandoned on a form).
 */
const UNDER_WAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long an order whose prompt went to the member's own phone counts as waiting for a new Pay: the
 * prompt's life on the phone, and half a minute for M-Pesa's answer to reach us. After that the order is
 * settled by the job whatever happens, and a new Pay sends a new prompt.
 */
const OPEN_PROMPT_MS = (STK_PROMPT_SECONDS + 30) * 1000;

/**
 * Sends the STK Push for an order to `phone`, when the paybill's token bucket has a slot for it (every
 * instance shares it); without one, or when Daraja refuses for its rate (500.003.02/03, before processing
 * anything), the order is queued (state 5, "we will prompt your phone shortly") and the push-queue job
 * sends it later. A prompt already open on that phone answers PAYMENT_IN_PROGRESS; a provider that does
 * not answer fails the order (never left hanging) and answers PROVIDER_UNAVAILABLE. A number M-Pesa cannot
 * prompt answers INVALID_MOBILE and leaves the order as it was, so the pay service's form can be sent
 * again with another number. `admitted`: the caller took the slot already (the queue job).
 *
 * While M-Pesa payments are paused (a maintenance window, mpesa-pause.ts) nothing is sent: the order is
 * queued as it is, and the queue job sends it once the pause ends. Daraja's maintenance answer to this
 * push starts that pause and queues the order the same way: refused at the gateway, nothing reached the
 * phone, and the push goes again when M-Pesa is back (never counted against the order's pushes).
 */
async function promptPhone(
  deps: PaymentDeps,
  order: DepositOrderRow,
  phone: string,
  log: Log,
  options: { admitted?: boolean } = {},
): Promise<void> {
  let msisdn: string;
  try {
    msisdn = normaliseKenyanMsisdn(phone);
  } catch {
    throw new AppError('INVALID_MOBILE');
  }
  // No deposit from a number a self-exclusion covers, whoever's account asks (issue 25 §3). The queue
  // job's push (admitted) was checked when the player asked.
  if (!options.admitted) await refuseExcluded(deps.db, [phoneIdentity(msisdn)]);
  if (!options.admitted && (await isMpesaPaused(deps.db))) {
    await repository.markQueued(deps.db, order.id, { from: 0, msisdn, nextPushAt: new Date() });
    return;
  }
  if (!options.admitted && !(await takePushSlot(deps.db, deps.paybill, deps.pushRate))) {
    await repository.markQueued(deps.db, order.id, {
      from: 0,
      msisdn,
      nextPushAt: new Date(Date.now() + slotWaitMs(deps.pushRate)),
    });
    return;
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
    if (error.kind === 'under-maintenance') {
      log.warn({ orderId: order.id, operation: error.operation }, 'M-Pesa under maintenance; deposit queued');
      await pauseForMaintenance(deps, log);
      await repository.markQueued(deps.db, order.id, { from: 0, msisdn, nextPushAt: new Date() });
      return;
    }
    const attempts = order.push_attempts + 1;
    if (error.kind === 'rate-limited' && attempts < MAX_PUSH_ATTEMPTS) {
      // Refused before processing: nothing reached the phone. Every instance pauses (the bucket emptied)
      // and this push goes again after a growing pause.
      log.warn({ orderId: order.id, errorCode: error.errorCode, attempts }, 'stk push over the rate; queued');
      await emptyPushBucket(deps.db, deps.paybill);
      await repository.markQueued(deps.db, order.id, {
        from: 0,
        msisdn,
        nextPushAt: new Date(Date.now() + pushBackoffMs('rate-limited', attempts)),
      });
      return;
    }
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

/** Pushes one pass of the queue may send at most (each still needs a slot of the bucket). */
const QUEUE_PASS_LIMIT = 200;
/**
 * How long one pass waits for the bucket's slots, about the job's interval (2 s): the queue drains at the
 * configured rate, where a pass stopping at the first empty bucket drained it at about half (bench:mpesa).
 */
const QUEUE_PASS_MS = 1_800;

/**
 * The push queue (a background job, every 2 seconds): queued orders whose time has come, oldest first, each
 * sent when the bucket gives it a slot; the pass stops at the first missing slot (the order goes back to
 * wait a slot's time). Claims skip rows another instance holds, so a push is sent by one of them. The
 * pushes of a pass go out together, as the slots allow.
 */
export async function pushQueuedDeposits(
  deps: PaymentDeps,
  now: Date = new Date(),
  log: Log = consoleLog,
): Promise<{ pushed: number }> {
  const pushes: Promise<void>[] = [];
  const passEnds = Date.now() + QUEUE_PASS_MS;
  /** A slot of the bucket, waiting for one while the pass lasts. */
  const slot = async (): Promise<boolean> => {
    for (;;) {
      if (await takePushSlot(deps.db, deps.paybill, deps.pushRate)) return true;
      const wait = slotWaitMs(deps.pushRate);
      if (Date.now() + wait > passEnds) return false;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  // Paused (a maintenance window): everything waits; checked before each claim, so a pause a push of this
  // pass discovers stops the rest of it.
  while (pushes.length < QUEUE_PASS_LIMIT && !(await isMpesaPaused(deps.db))) {
    const order = await repository.claimNextQueued(deps.db, now);
    if (!order) break;
    if (!(await slot())) {
      await repository.markQueued(deps.db, order.id, {
        from: 0,
        msisdn: order.msisdn ?? '',
        nextPushAt: new Date(Date.now() + slotWaitMs(deps.pushRate)),
      });
      break;
    }
    pushes.push(
      promptPhone(deps, order, order.msisdn ?? '', log, { admitted: true }).catch((error: unknown) => {
        // The order was failed or left waiting by promptPhone; the member sees that state.
        log.warn({ orderId: order.id, err: error }, 'deposit: queued push failed');
      }),
    );
  }
  await Promise.all(pushes);
  return { pushed: pushes.length };
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

/** Refusals of the number itself: M-Pesa cannot prompt it, or a self-exclusion covers it. */
const REFUSED_NUMBER: ReadonlySet<string> = new Set([
  'INVALID_MOBILE',
  'SELF_EXCLUDED',
  'SELF_EXCLUDED_PERMANENTLY',
]);

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
    if (error instanceof AppError && REFUSED_NUMBER.has(error.key)) {
      await repository.markFailed(deps.db, order.id, { resultCode: null, message: error.message });
    }
    throw error;
  }
}

function hallUrl(hall: PayHall, transNo: string, sign: string): string {
  return `${PAGE_PATHS.payHall(hall)}?${new URLSearchParams({ transNo, sign }).toString()}`;
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
  const { order, hall, reused } = await createOrder(deps, payer, input, audience);
  if (hall === 'mpesa' && !reused) await promptOwnPhone(deps, order, payer.mobile, log);
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
  const { order, reused } = await createOrder(deps, payer, input, audience, { ownPhone: true });
  if (!reused) await promptOwnPhone(deps, order, payer.mobile, log);
  // Queued when M-Pesa is at its rate (the prompt comes shortly) or paused (it comes after the maintenance).
  const queued = (await repository.findOrderById(deps.db, order.id))?.state === DEPOSIT_STATE.queued;
  return {
    transNo: order.trans_no,
    state: queued ? DEPOSIT_STATE.queued : DEPOSIT_STATE.waiting,
    message: queued ? await queuedMessage(deps.db, audience.language) : WAITING_MESSAGE,
    sign: signOrder(deps, order),
  };
}

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
  return toResult(deps, (await repository.findOrderById(deps.db, order.id)) ?? order, language);
}

export async function getPaymentResult(
  deps: PaymentDeps,
  payer: Payer,
  input: { transNo: string; sign: string },
  language = 'en',
): Promise<DepositResult> {
  const order = await signedOrder(deps, payer.id, { payToken: input.transNo, sign: input.sign });
  return toResult(deps, order, language);
}

/**
 * The payment hall's "send the prompt again": an order whose prompt expired, was cancelled or never came
 * (failed, nothing paid) is followed by a new order for the same deposit (amount, package, channel) with a
 * new prompt to the member's phone. Orders are never reopened: M-Pesa's answer to the old prompt may still
 * come, and it must find the order it belongs to. A prompt still waiting is refused (PAYMENT_IN_PROGRESS),
 * a paid order is finished (ORDER_CLOSED).
 */
export async function promptAgain(
  deps: PaymentDeps,
  payer: Payer,
  input: { transNo: string; sign: string },
  audience: Audience,
  log: Log,
): Promise<TopUpResult> {
  const previous = await signedOrder(deps, payer.id, { payToken: input.transNo, sign: input.sign });
  if (previous.state === DEPOSIT_STATE.paid || previous.state === DEPOSIT_STATE.confirming) {
    throw new AppError('ORDER_CLOSED');
  }
  if (previous.state !== DEPOSIT_STATE.failed) throw new AppError('PAYMENT_IN_PROGRESS');
  const channel = await findChannel(deps.db, 'deposit', previous.channel_id);
  if (channel?.hall !== 'mpesa') throw new AppError('ORDER_CLOSED');
  return topUp(
    deps,
    payer,
    {
      itemId: previous.pay_item_id ?? undefined,
      payMoney: Number(previous.pay_money),
      payChannel: previous.channel_id,
    },
    audience,
    log,
  );
}

async function toResult(
  deps: Pick<PaymentDeps, 'db' | 'paybill'>,
  order: DepositOrderRow,
  language: string,
): Promise<DepositResult> {
  const coins = Number(order.coins);
  // What the credit put into the balance and withheld, as the ledger booked it (not the amount asked).
  const creditId = order.journal_transaction_id === null ? undefined : Number(order.journal_transaction_id);
  const credit =
    order.state === DEPOSIT_STATE.paid && creditId !== undefined
      ? (await memberCashOf(deps.db, order.member_id, [creditId])).get(creditId)
      : undefined;
  const channel = await findChannel(deps.db, 'deposit', order.channel_id);
  return {
    transNo: order.trans_no,
    state: order.state,
    message:
      order.state === DEPOSIT_STATE.queued && !order.message
        ? await queuedMessage(deps.db, language)
        : depositMessageIn(order.message || pendingMessageOf(order.state), language),
    payMoney: Number(order.pay_money),
    coins,
    isBonus: coins > 0 ? 1 : 0,
    bonus: coins,
    firstDeposit: order.first_deposit,
    createTime: order.created_at.toISOString(),
    credited: credit ? credit.cash : null,
    excise: credit ? -credit.tax : 0,
    manualPay: channel?.provider === 'mpesa' ? { paybill: deps.paybill, account: order.trans_no } : null,
  };
}

/** The deposit state poll by transNo (owner only; another member's order answers like a missing one). */
export async function getDepositResult(
  deps: Pick<PaymentDeps, 'db' | 'paybill'>,
  memberId: number,
  transNo: string,
  language = 'en',
): Promise<DepositResult> {
  return toResult(deps, await ownOrder(deps.db, memberId, transNo), language);
}
