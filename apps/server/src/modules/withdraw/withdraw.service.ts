import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { SYSTEM_OPTION } from '@app/contracts/config';
import { maskMobile } from '@app/contracts/message-rules';
import type { WithdrawRecord } from '@app/contracts/payment-records';
import type { RecordsQuery } from '@app/contracts/payment-records';
import type {
  WithdrawChannel,
  WithdrawInit,
  WithdrawInitResult,
  WithdrawNotice,
} from '@app/contracts/withdraw';
import {
  limitInMinorUnits,
  parseWithdrawLimit,
  readTaxOptions,
  readWithdrawDailyCount,
  readWithdrawSwitch,
  wholeUnitPayout,
  WithdrawFeeNotSupportedError,
  withdrawFee,
  withdrawNet,
} from '@app/contracts/withdraw-rules';
import { effectiveWithdrawalTax, withdrawalTax } from '@app/contracts/tax-rules';
import { certainlyNotProcessed } from '../../adapters/mpesa/daraja-error.ts';
import type { B2cResult, TransactionStatusResult } from '../../adapters/mpesa/daraja-callbacks.ts';
import { normaliseKenyanMsisdn } from '../../adapters/mpesa/msisdn.ts';
import type { Database } from '../../db/schema.ts';
import { retryingTransaction } from '../../db/transactions.ts';
import { AppError } from '../../http/app-error.ts';
import * as config from '../config/config.service.ts';
import { localize } from '../config/localize.ts';
import * as kyc from '../kyc/kyc.service.ts';
import { judgeHints, newCallbackToken, tokenMatches, withCallbackProof } from '../payment-callbacks.ts';
import type { PaymentDeps } from '../payment-deps.ts';
import * as hintsRepository from '../payment-hints.repository.ts';
import { findChannel, findEnabledChannels } from '../payment-channels.repository.ts';
import { dayStart, monthRange } from '../records-month.ts';
import * as wallet from '../wallet/wallet.service.ts';
import * as repository from './withdraw.repository.ts';
import {
  OPEN_STATES,
  type NewReview,
  type WithdrawalReviewRow,
  type WithdrawalRow,
} from './withdraw.repository.ts';
import type { WithdrawalDecision, WithdrawalReviews } from './withdraw-review.schemas.ts';

/**
 * Withdrawals to M-Pesa (spec §4, §5; issue 4 item 6). The money is reserved from the member's
 * withdrawable balance in one ledger transaction before Daraja hears of it; the B2C result posts it out
 * (settle) or gives it back (return). An outcome we cannot know (timeout, 5xx, a duplicate id) keeps the
 * money held and the reconciliation job asks Transaction Status: only a definite answer settles or returns,
 * so nothing is refunded that may have been paid, and nothing is paid twice (withdraw_no is the
 * OriginatorConversationID Daraja deduplicates on).
 */

type Log = {
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};
const silent: Log = { warn: () => {}, error: () => {} };

/** A submitted payout without a result after this long is asked about. */
const SUBMITTED_CHECK_AFTER_MS = 2 * 60_000;
/** An unknown outcome is asked about this soon, then with backoff. */
const UNKNOWN_CHECK_AFTER_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** A final row whose ledger step has not run yet (a crash in between) is finished by the job after this. */
const REPAIR_AFTER_MS = 60_000;
const CLAIM_BATCH = 20;
/** Marks a withdrawal Daraja gave up on in its queue (B2C QueueTimeOutURL): nothing was paid. */
export const QUEUE_TIMEOUT_CODE = 'queue-timeout';
/**
 * A withdrawal that may have reached Daraja (sent, but its answer lost; or answered with a 5xx, a
 * timeout, a duplicate id) and that Transaction Status does not find is returned only when this many
 * consecutive status queries agree, the first at least NOT_FOUND_WINDOW_MS before the last: a B2C still
 * in Daraja's queue is not found either, and returning it then would pay the member twice.
 */
export const NOT_FOUND_ANSWERS = 3;
export const NOT_FOUND_WINDOW_MS = 30 * 60_000;
/**
 * A withdrawal sent this long ago that no answer has settled or returned (every Result and Transaction
 * Status answer lost, or only timeouts and refused credentials) becomes a held case for an operator: the
 * money stays held as before, and the job keeps asking, but somebody now looks at it. A day: well past
 * Daraja's own retries and the not-found window, short enough that a member's money is not stuck unseen.
 */
export const NO_ANSWER_REVIEW_AFTER_MS = 24 * 60 * 60_000;
export const NO_ANSWER_REVIEW_DESC = 'No definite answer from M-Pesa within a day of sending';
const NOTICES = 20;

const keyOf = (withdrawNo: string, step: 'reserve' | 'settle' | 'return' | 'recover' | 'difference') =>
  `withdraw:${withdrawNo}:${step}`;

/** Which withdrawal a callback address belongs to, and its token (`?withdrawNo=…&token=…`). */
export type WithdrawalCallbackProof = { withdrawNo?: string | undefined; token?: string | undefined };

function proofOf(row: Pick<WithdrawalRow, 'withdraw_no' | 'callback_token'>): Record<string, string> {
  return { withdrawNo: row.withdraw_no, token: row.callback_token ?? '' };
}

/** Whether a result reached the address we gave Daraja for this withdrawal (its own token). */
function isProven(row: WithdrawalRow, proof: WithdrawalCallbackProof): boolean {
  return proof.withdrawNo === row.withdraw_no && tokenMatches(row.callback_token, proof.token);
}

/** Not final: a result or the status query's answer may still come. */
const isOpen = (row: WithdrawalRow) => OPEN_STATES.includes(row.state as (typeof OPEN_STATES)[number]);

type Client = { platform: number; language: string };

/** 254712345678 → 0712345678, the form members know their number by (and maskMobile shows). */
function nationalOf(msisdn: string): string {
  return msisdn.startsWith('254') ? `0${msisdn.slice(3)}` : msisdn;
}

function toChannel(row: Awaited<ReturnType<typeof findEnabledChannels>>[number], language: string) {
  const local = localize(row, language);
  return {
    id: local.id,
    channelCode: local.channel_code,
    name: local.name,
    logoUrl: local.logo_url,
    memo: local.memo,
    mobilePattern: local.mobile_pattern,
    withdrawFeeType: local.withdraw_fee_type,
    withdrawFeeValue: local.withdraw_fee_value === null ? 0 : Number(local.withdraw_fee_value),
    wholeUnits: local.whole_units,
  } satisfies WithdrawChannel;
}

export async function listChannels(deps: PaymentDeps, language: string): Promise<WithdrawChannel[]> {
  const rows = await findEnabledChannels(deps.db, 'withdraw');
  return rows.map((row) => toChannel(row, language));
}

async function optionContent(deps: PaymentDeps, client: Client, type: number): Promise<string | undefined> {
  const [option] = await config.getSystemOptions(deps.db, client, type);
  return option?.content;
}

/** Config 6002: refuses when withdrawals are switched off, or not set up (not exactly one entry). */
async function requireEnabled(deps: PaymentDeps, client: Client): Promise<void> {
  const entries = await config.getSystemConfigByCode(deps.db, SYSTEM_OPTION.WITHDRAW_ENABLE, client.platform);
  const state = readWithdrawSwitch(entries);
  if (!state.enabled) throw new AppError('WITHDRAW_DISABLED', state.message || undefined);
}

/** Identity verification first, when it is on: a member with nothing submitted (or rejected) may not withdraw. */
async function requireKyc(deps: PaymentDeps, memberId: number): Promise<void> {
  if (!kyc.getConfig().enable) return;
  const record = await kyc.getRecord(deps.db, memberId);
  if (record.status === 'none' || record.status === 'rejected') throw new AppError('KYC_REQUIRED');
}

/**
 * The tax withheld from a withdrawal of `money`: the market's law (country profile), or where it sets
 * none, the operator's options 4025/4026 on winnings (`effectiveWithdrawalTax`). The winnings base needs
 * what the member deposited (net of excise) and took out before; the gross base only the amount.
 */
async function taxFor(
  deps: PaymentDeps,
  client: Client,
  memberId: number,
  money: number,
  earlierWithdrawals: number,
): Promise<number> {
  const rule = effectiveWithdrawalTax(
    deps.country.taxes.withdrawal,
    readTaxOptions(
      await optionContent(deps, client, SYSTEM_OPTION.WITHDRAW_TAX_SWITCH),
      await optionContent(deps, client, SYSTEM_OPTION.WITHDRAW_TAX_AMOUNT),
    ),
  );
  if (rule?.base !== 'winnings') return withdrawalTax({ money, rule });
  return withdrawalTax({
    money,
    rule,
    deposits: await wallet.depositedCash(deps.db, memberId),
    earlierWithdrawals,
  });
}

/** `withdraw/getMemberTax?money`: the tax a withdrawal of `money` (minor units) would have withheld now. */
export async function memberTax(
  deps: PaymentDeps,
  client: Client,
  memberId: number,
  money: number,
): Promise<number> {
  return taxFor(deps, client, memberId, money, await repository.sumEarlierWithdrawals(deps.db, memberId));
}

function newWithdrawNo(): string {
  // Daraja's OriginatorConversationID: ours, unique, and never reused (a retry would be a new withdrawal).
  return `W${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;
}

function statusOf(row: WithdrawalRow): WithdrawRecord['status'] {
  if (row.state === 'paid') return 'success';
  if (row.state === 'failed') return 'failed';
  return 'pending';
}

function toInitResult(row: WithdrawalRow): WithdrawInitResult {
  return {
    id: Number(row.id),
    withdrawNo: row.withdraw_no,
    money: Number(row.money),
    fee: Number(row.fee),
    tax: Number(row.tax),
    payout: Number(row.payout),
    status: statusOf(row),
    message: row.message,
  };
}

/**
 * `pan-pay/withdraw/init`: checks everything again on the server with the shared rules, reserves
 * payout + fee + tax, and asks Daraja to pay the member's OWN registered number (never one from the
 * request: a stolen session could otherwise empty the account to another phone).
 */
export async function submit(
  deps: PaymentDeps,
  member: { id: number; mobile: string; demo: boolean },
  input: WithdrawInit,
  client: Client,
  log: Log = silent,
): Promise<WithdrawInitResult> {
  // A demonstration account plays with whatever the operator gave it: none of it may leave.
  if (member.demo) throw new AppError('DEMO_CANNOT_WITHDRAW');
  await requireEnabled(deps, client);
  await requireKyc(deps, member.id);

  const channel = await findChannel(deps.db, 'withdraw', input.payChannel);
  // The channel code must name the same channel: a mismatch answers like a missing channel.
  if (!channel || !channel.enabled || channel.channel_code !== input.channel) throw new AppError('NOT_FOUND');

  const money = input.money;
  const limit = parseWithdrawLimit(await optionContent(deps, client, SYSTEM_OPTION.WITHDRAW_LIMIT));
  if (limit) {
    const { min, max } = limitInMinorUnits(limit);
    if (money < min || money > max) throw new AppError('WITHDRAW_LIMIT');
  }
  let fee: number;
  try {
    fee = withdrawFee(
      money,
      channel.withdraw_fee_type,
      channel.withdraw_fee_value === null ? 0 : Number(channel.withdraw_fee_value),
    );
  } catch (error) {
    if (error instanceof WithdrawFeeNotSupportedError) throw new AppError('WITHDRAW_NOT_SUPPORTED');
    throw error;
  }
  if (money <= fee) throw new AppError('WITHDRAW_BELOW_FEE');

  let msisdn: string;
  try {
    msisdn = normaliseKenyanMsisdn(member.mobile);
  } catch {
    throw new AppError('INVALID_MOBILE', 'Your registered number cannot receive M-PESA');
  }

  const scale = deps.country.scale;
  const dailyCount = readWithdrawDailyCount(await optionContent(deps, client, SYSTEM_OPTION.WITHDRAW_CONFIG));
  // The row and its reservation commit together (or not at all: not enough withdrawable money leaves no
  // trace): a withdrawal row always has its money in the hold, which lets the job return an unsent one.
  const row = await retryingTransaction(deps.db, async (trx) => {
    await repository.lockMemberWithdrawals(trx, member.id);
    // Counted under the member's lock, so parallel submissions are counted one after the other.
    if (dailyCount !== null) {
      const today = dayStart(new Date(), deps.country.timeZone);
      if ((await repository.countWithdrawalsSince(trx, member.id, today)) >= dailyCount) {
        throw new AppError('WITHDRAW_DAILY_COUNT');
      }
    }
    const earlier = await repository.sumEarlierWithdrawals(trx, member.id);
    const tax = await taxFor({ ...deps, db: trx }, client, member.id, money, earlier);
    const net = withdrawNet(money, fee, tax);
    // M-Pesa pays whole shillings: the cents of the net stay in the balance.
    const payout = channel.whole_units ? wholeUnitPayout(net, scale) : net;
    if (payout <= 0) throw new AppError('WITHDRAW_BELOW_FEE');
    const inserted = await repository.insertWithdrawal(trx, {
      withdrawNo: newWithdrawNo(),
      memberId: member.id,
      channelId: channel.id,
      money: payout + fee + tax,
      fee,
      tax,
      payout,
      msisdn,
      bankAccountName: input.bankAccountName,
      bankAccount: input.bankAccount,
      bankCode: input.bankCode,
      bankName: input.bankName,
      // A safety net: if this process dies before Daraja answers, the job asks about it.
      nextCheckAt: new Date(Date.now() + SUBMITTED_CHECK_AFTER_MS),
      callbackToken: newCallbackToken(),
    });
    const reserved = await wallet.reserveWithdrawal(trx, {
      memberId: member.id,
      key: keyOf(inserted.withdraw_no, 'reserve'),
      payout,
      fee,
      tax,
      description: inserted.withdraw_no,
    });
    await repository.setLedgerIds(trx, inserted.id, { reserve: reserved.transactionId });
    return { ...inserted, reserve_transaction_id: reserved.transactionId };
  });

  // From this mark on Daraja may have the request. The job returns a reserved row without it at once (the
  // process died before sending); one with it only when Transaction Status keeps not finding it. The mark
  // is conditional: if the job already returned this row (this process stalled past the check), nothing
  // is sent.
  if (!(await repository.markSending(deps.db, row.id))) {
    log.warn({ withdrawNo: row.withdraw_no }, 'withdrawal closed before its B2C was sent');
    throw new AppError('WITHDRAW_PAYOUT_FAILED');
  }

  try {
    const accepted = await deps.mpesa.b2cPayment({
      withdrawalId: row.withdraw_no,
      phone: msisdn,
      amount: Math.round(Number(row.payout) / scale),
      remarks: `Withdrawal ${row.withdraw_no}`,
      occasion: 'Withdrawal',
      // The withdrawal's own token in both addresses: only a result there may return money (a leaked
      // global secret cannot forge one); any other is a hint that makes us ask Transaction Status.
      resultUrl: withCallbackProof(deps.callbackUrls.b2cResult, proofOf(row)),
      queueTimeoutUrl: withCallbackProof(deps.callbackUrls.b2cTimeout, proofOf(row)),
    });
    // The result may already have arrived (and resolved it): only a still-reserved row becomes submitted.
    const submitted = await repository.updateIfIn(deps.db, row.id, ['reserved'], {
      state: 'submitted',
      conversation_id: accepted.conversationId,
      next_check_at: new Date(Date.now() + SUBMITTED_CHECK_AFTER_MS),
    });
    return toInitResult(submitted ?? (await repository.findByNo(deps.db, row.withdraw_no)) ?? row);
  } catch (error) {
    // Only a refusal before sending or a 4xx returns the money now; a 5xx (even Daraja's enveloped
    // "rejected"), a timeout or a network failure may have been paid: held until Transaction Status says.
    if (certainlyNotProcessed(error)) {
      log.warn({ err: error, withdrawNo: row.withdraw_no }, 'B2C refused: withdrawal returned');
      await resolveFailed(deps, row, (error as Error).message.slice(0, 200), null);
      throw new AppError('WITHDRAW_PAYOUT_FAILED');
    }
    log.error({ err: error, withdrawNo: row.withdraw_no }, 'B2C outcome unknown: money held');
    const unknown = await repository.updateIfIn(deps.db, row.id, ['reserved'], {
      state: 'unknown',
      next_check_at: new Date(Date.now() + UNKNOWN_CHECK_AFTER_MS),
    });
    return toInitResult(unknown ?? (await repository.findByNo(deps.db, row.withdraw_no)) ?? row);
  }
}

/**
 * Paid: the row becomes final first (once), then the hold goes out in one ledger transaction. A case for
 * an operator (M-Pesa paid another amount) is opened in the same database transaction as the final state,
 * so it cannot be lost between the two. Answers the row when this call made it final.
 */
async function resolvePaid(
  deps: PaymentDeps,
  row: WithdrawalRow,
  paid: {
    receipt: string | undefined;
    receiverName: string | undefined;
    resultCode: string;
    message: string;
    conversationId?: string | undefined;
  },
  review?: NewReview,
): Promise<WithdrawalRow | undefined> {
  const patch = {
    state: 'paid' as const,
    ...(paid.conversationId && !row.conversation_id ? { conversation_id: paid.conversationId } : {}),
    receipt: paid.receipt ?? null,
    receiver_name: paid.receiverName ?? null,
    result_code: paid.resultCode,
    message: paid.message,
    // Until the ledger step below is recorded, the job would finish it after a crash.
    next_check_at: new Date(Date.now() + REPAIR_AFTER_MS),
  };
  const updated =
    review === undefined
      ? await repository.updateIfIn(deps.db, row.id, OPEN_STATES, patch)
      : await retryingTransaction(deps.db, async (trx) => {
          const won = await repository.updateIfIn(trx, row.id, OPEN_STATES, patch);
          if (won) await repository.openReview(trx, row.id, review);
          return won;
        });
  if (updated) await finishLedger(deps, updated);
  return updated;
}

async function resolveFailed(
  deps: PaymentDeps,
  row: WithdrawalRow,
  message: string,
  resultCode: string | null,
  conversationId?: string,
): Promise<void> {
  const updated = await repository.updateIfIn(deps.db, row.id, OPEN_STATES, {
    state: 'failed',
    ...(conversationId && !row.conversation_id ? { conversation_id: conversationId } : {}),
    message,
    result_code: resultCode,
    next_check_at: new Date(Date.now() + REPAIR_AFTER_MS),
  });
  if (updated) await finishLedger(deps, updated);
}

/**
 * The ledger step of a final withdrawal: settle a paid one, return a failed one. Idempotent by key, so
 * running it again (the job after a crash) changes nothing. A failed row whose reservation never happened
 * (the process died before it) has nothing to return.
 */
async function finishLedger(deps: PaymentDeps, row: WithdrawalRow): Promise<void> {
  const memberId = Number(row.member_id);
  let posted: number | undefined;
  if (row.state === 'paid') {
    posted = (
      await wallet.settleWithdrawal(deps.db, {
        memberId,
        key: keyOf(row.withdraw_no, 'settle'),
        payout: Number(row.payout),
        fee: Number(row.fee),
        tax: Number(row.tax),
        description: row.withdraw_no,
      })
    ).transactionId;
  } else if (row.state === 'failed') {
    const reserved = await wallet.findPostedTransaction(deps.db, keyOf(row.withdraw_no, 'reserve'));
    if (reserved !== undefined) {
      posted = (
        await wallet.returnWithdrawal(deps.db, {
          memberId,
          key: keyOf(row.withdraw_no, 'return'),
          amount: Number(row.money),
          description: row.withdraw_no,
        })
      ).transactionId;
    }
  } else {
    return;
  }
  await judgeWithdrawalHints(deps, row);
  // M-Pesa answered after all: a held case has nothing left to decide (an operator's decision closed it
  // already, with the final state). Here, so that the job's repair after a crash closes it too.
  await repository.closeReview(deps.db, row.id, 'held', {
    resolution: row.state === 'paid' ? 'paid' : 'returned',
    closedBy: 'mpesa',
    receipt: row.receipt,
  });
  // settle_transaction_id holds the transaction that closed the withdrawal: the payout or the return.
  await repository.setLedgerIds(deps.db, row.id, {
    ...(posted === undefined ? {} : { settle: posted }),
    clearCheck: true,
  });
}

async function markUnknown(deps: PaymentDeps, row: WithdrawalRow, resultCode: string | null): Promise<void> {
  await repository.updateIfIn(deps.db, row.id, OPEN_STATES, {
    state: 'unknown',
    ...(resultCode === null ? {} : { result_code: resultCode }),
    next_check_at: new Date(Date.now() + UNKNOWN_CHECK_AFTER_MS),
  });
}

/** Minor units of a shilling amount M-Pesa reported; undefined when it reported none. */
function reportedMinor(deps: PaymentDeps, amount: number | undefined): number | undefined {
  return amount === undefined ? undefined : Math.round(amount * deps.country.scale);
}

/**
 * M-Pesa says it paid a withdrawal that is no longer open. Paid already: nothing to do. Returned to the
 * member already: the member has the money twice, and only an operator can recover it, so the case is
 * recorded (once, whatever number of times M-Pesa says so).
 */
async function paidNewsForClosed(
  deps: PaymentDeps,
  row: WithdrawalRow,
  news: Omit<NewReview, 'kind'>,
  log: Log,
): Promise<void> {
  if (row.state !== 'failed') return;
  log.error(
    { withdrawNo: row.withdraw_no, receipt: news.receipt },
    'M-Pesa paid a withdrawal already returned',
  );
  await repository.openReview(deps.db, row.id, { kind: 'paid-after-return', ...news });
}

/**
 * Paid news for an open withdrawal: settled for its payout, with a case for an operator when M-Pesa
 * reports another amount. If another answer made it final first (a return), it is news for a closed one.
 */
async function paidNewsForOpen(
  deps: PaymentDeps,
  row: WithdrawalRow,
  paid: Parameters<typeof resolvePaid>[2],
  news: Omit<NewReview, 'kind'>,
  log: Log,
): Promise<void> {
  const reported = news.reportedAmount;
  const differs = reported !== undefined && reported !== Number(row.payout);
  if (differs) {
    log.error(
      { withdrawNo: row.withdraw_no, paid: reported, expected: Number(row.payout) },
      'M-Pesa paid another amount',
    );
  }
  const won = await resolvePaid(deps, row, paid, differs ? { kind: 'amount-differs', ...news } : undefined);
  if (won) return;
  const now = await repository.findById(deps.db, row.id);
  if (now) await paidNewsForClosed(deps, now, news, log);
}

/** A B2C Result (ResultURL) or queue timeout (QueueTimeOutURL). Idempotent by OriginatorConversationID. */
export async function handleB2cResult(
  deps: PaymentDeps,
  result: B2cResult,
  proof: WithdrawalCallbackProof,
  log: Log = silent,
): Promise<void> {
  const row = await repository.findByNo(deps.db, result.originatorConversationId);
  if (!row) {
    log.warn({ originatorConversationId: result.originatorConversationId }, 'B2C result for no withdrawal');
    return;
  }
  const paid = result.resultCode === '0' && !result.timedOut;
  if (!isProven(row, proof)) {
    // Not at the address we gave Daraja for this withdrawal: a hint. It is kept, to be judged against
    // what Transaction Status confirms, which is asked now; nothing moves on it.
    log.warn({ withdrawNo: row.withdraw_no }, 'B2C result without the withdrawal’s token: asking M-Pesa');
    await keepHint(deps, row, result.timedOut ? 'b2c-timeout' : 'b2c-result', {
      paid,
      timedOut: result.timedOut,
      resultCode: result.resultCode,
      resultDesc: result.resultDesc,
      amount: reportedMinor(deps, result.amount),
      receipt: result.receipt,
    });
    if (isOpen(row)) await askStatus(deps, row);
    return;
  }
  const news = {
    reportedAmount: reportedMinor(deps, result.amount),
    receipt: result.receipt,
    resultCode: result.resultCode,
    resultDesc: result.resultDesc,
    conversationId: result.conversationId,
  };
  if (!isOpen(row)) {
    if (paid) await paidNewsForClosed(deps, row, news, log);
    return;
  }
  if (result.timedOut) {
    // Daraja gave up in its queue: not paid yet, not final either. Held until Transaction Status answers.
    await markUnknown(deps, row, QUEUE_TIMEOUT_CODE);
    return;
  }
  if (paid) {
    await paidNewsForOpen(
      deps,
      row,
      {
        receipt: result.receipt,
        receiverName: result.receiverName,
        resultCode: result.resultCode,
        message: result.resultDesc,
        conversationId: result.conversationId,
      },
      news,
      log,
    );
    return;
  }
  await resolveFailed(deps, row, result.resultDesc, result.resultCode, result.conversationId);
}

/**
 * A reserved withdrawal whose B2C never left (the process stopped before sending): returned at once, with
 * no query. Conditional on the send mark still missing, so a submission that wakes up later sends nothing.
 */
async function returnUnsent(deps: PaymentDeps, row: WithdrawalRow): Promise<void> {
  const updated = await repository.failIfUnsent(deps.db, row.id, {
    message: 'The withdrawal was not sent to M-PESA',
    nextCheckAt: new Date(Date.now() + REPAIR_AFTER_MS),
  });
  if (updated) await finishLedger(deps, updated);
}

/**
 * A Transaction Status Result. The withdrawal is the one the transaction names, or, when the query found
 * nothing, the one whose number we put in the ResultURL. Found and Completed settles; found and Failed
 * returns. Not found is final at once only when Daraja told us it dropped the payment from its queue, or
 * the request never left; a withdrawal Daraja accepted (it has a ConversationID) stays held for an
 * operator; any other (sent but its answer lost, a 5xx, a timeout, a duplicate id) is returned only after
 * NOT_FOUND_ANSWERS consecutive not-found answers spanning NOT_FOUND_WINDOW_MS. Anything else (a status
 * timeout, a credential error) leaves it held for the next check.
 */
export async function handleStatusResult(
  deps: PaymentDeps,
  result: TransactionStatusResult,
  proof: WithdrawalCallbackProof,
  log: Log = silent,
  now: Date = new Date(),
): Promise<void> {
  const withdrawNoInUrl = proof.withdrawNo;
  const withdrawNo = result.transaction?.originatorConversationId ?? withdrawNoInUrl;
  if (!withdrawNo) return;
  if (withdrawNoInUrl && result.transaction?.originatorConversationId && withdrawNo !== withdrawNoInUrl) {
    log.warn({ withdrawNo, withdrawNoInUrl }, 'status result names another withdrawal than its URL');
  }
  const row = await repository.findByNo(deps.db, withdrawNo);
  if (!row) return;
  const transaction = result.resultCode === '0' ? result.transaction : undefined;
  const completed = transaction !== undefined && /^completed$/i.test(transaction.status);
  if (!isProven(row, proof)) {
    // Only the answer to our own query, at the address we gave it, is M-Pesa's word.
    log.warn({ withdrawNo }, 'Transaction Status result without the withdrawal’s token: kept as a hint');
    await keepHint(deps, row, result.timedOut ? 'status-timeout' : 'status-result', {
      paid: completed,
      timedOut:
        result.timedOut || (transaction !== undefined && !completed && !/^failed$/i.test(transaction.status)),
      resultCode: result.resultCode,
      resultDesc: result.resultDesc,
      amount: reportedMinor(deps, transaction?.amount),
      receipt: transaction?.receipt,
    });
    return;
  }
  const news = {
    reportedAmount: reportedMinor(deps, transaction?.amount),
    receipt: transaction?.receipt,
    resultCode: result.resultCode,
    resultDesc: result.resultDesc,
    conversationId: result.conversationId,
  };
  if (!isOpen(row)) {
    if (completed) await paidNewsForClosed(deps, row, news, log);
    return;
  }
  if (result.timedOut) return;

  if (transaction) {
    if (completed) {
      await paidNewsForOpen(
        deps,
        row,
        {
          receipt: transaction.receipt,
          receiverName: transaction.creditPartyName?.replace(/^\+?\d+\s*-\s*/, ''),
          resultCode: '0',
          message: result.resultDesc,
        },
        news,
        log,
      );
    } else if (/^failed$/i.test(transaction.status)) {
      await resolveFailed(deps, row, `Payout failed (${transaction.status})`, result.resultCode);
    } else {
      // Found, not finished: the not-found answers before it were not the truth.
      await repository.resetNotFound(deps.db, row.id);
    }
    return;
  }
  // 2001: our initiator credentials were refused; that says nothing about the payment.
  if (result.resultCode === '2001') return;

  // Not found.
  if (row.state === 'reserved' && row.b2c_sent_at === null) {
    await returnUnsent(deps, row);
    return;
  }
  if (row.result_code === QUEUE_TIMEOUT_CODE) {
    // Daraja itself told us it gave up on the payment in its queue.
    await resolveFailed(deps, row, result.resultDesc, result.resultCode);
    return;
  }
  if (row.conversation_id !== null) {
    // Returning it could pay the member twice; settling it could lose the money: an operator decides,
    // with what the M-PESA portal shows (and M-Pesa's own answer still settles it if one comes).
    log.error({ withdrawNo }, 'Daraja accepted this B2C but Transaction Status does not find it: held');
    await repository.openReview(deps.db, row.id, {
      kind: 'held',
      resultCode: result.resultCode,
      resultDesc: result.resultDesc,
      conversationId: result.conversationId,
    });
    return;
  }
  const counted = await repository.countNotFound(deps.db, row.id, result.conversationId, now);
  // Undefined: this very answer was counted before (Daraja delivers a callback more than once).
  if (!counted) return;
  const first = counted.first_not_found_at ?? now;
  if (
    counted.not_found_count >= NOT_FOUND_ANSWERS &&
    now.getTime() - first.getTime() >= NOT_FOUND_WINDOW_MS
  ) {
    await resolveFailed(deps, row, result.resultDesc, result.resultCode);
  }
}

function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, UNKNOWN_CHECK_AFTER_MS * 2 ** Math.min(attempts, 16));
}

/**
 * The reconciliation job: withdrawals sent without a result for a while, or whose outcome is unknown,
 * are asked about with Transaction Status (the answer arrives on the status-result callback); final ones
 * whose ledger step did not run are finished. Rows are claimed FOR UPDATE SKIP LOCKED with backoff.
 */
export async function reconcileWithdrawals(
  deps: PaymentDeps,
  now: Date = new Date(),
  log: Log = silent,
): Promise<{ asked: number; finished: number }> {
  const rows = await repository.claimDue(deps.db, now, CLAIM_BATCH, (row) =>
    isOpen(row)
      ? new Date(now.getTime() + backoffMs(row.check_attempts))
      : new Date(now.getTime() + REPAIR_AFTER_MS),
  );
  let asked = 0;
  let finished = 0;
  for (const row of rows) {
    try {
      if (row.state === 'paid' || row.state === 'failed') {
        await finishLedger(deps, row);
        finished += 1;
        continue;
      }
      if (row.state === 'reserved' && row.b2c_sent_at === null) {
        // Reserved long ago and never sent: the submitting process stopped. Daraja has nothing to say.
        await returnUnsent(deps, row);
        finished += 1;
        continue;
      }
      await holdUnansweredForOperator(deps, row, now, log);
      await askStatus(deps, row);
      asked += 1;
    } catch (error) {
      log.error({ err: error, withdrawNo: row.withdraw_no }, 'withdrawal reconciliation failed');
    }
  }
  return { asked, finished };
}

/**
 * Asks Transaction Status about a withdrawal; the answer comes to the status ResultURL, which carries the
 * withdrawal's number (a not-found answer names no transaction) and its token (only that answer is
 * M-Pesa's word). A withdrawal from before tokens is given one now.
 */
async function askStatus(deps: PaymentDeps, row: WithdrawalRow): Promise<void> {
  const token =
    row.callback_token ?? (await repository.ensureCallbackToken(deps.db, row.id, newCallbackToken()));
  const proof = proofOf({ withdraw_no: row.withdraw_no, callback_token: token });
  await deps.mpesa.transactionStatus({
    originatorConversationId: row.withdraw_no,
    resultUrl: withCallbackProof(deps.callbackUrls.statusResult, proof),
    queueTimeoutUrl: withCallbackProof(deps.callbackUrls.statusTimeout, proof),
    remarks: `Status of ${row.withdraw_no}`,
    occasion: row.withdraw_no,
  });
}

/**
 * Keeps what an unproven callback said about a withdrawal. A timeout, or a payout found but unfinished,
 * claims no outcome and is not kept. A hint about a withdrawal already final is judged at once.
 */
async function keepHint(
  deps: PaymentDeps,
  row: WithdrawalRow,
  source: string,
  hint: {
    paid: boolean;
    timedOut: boolean;
    resultCode: string;
    resultDesc: string;
    amount: number | undefined;
    receipt: string | undefined;
  },
): Promise<void> {
  if (hint.timedOut) return;
  await hintsRepository.insertHint(deps.db, {
    payment: 'withdrawal',
    paymentId: row.id,
    source,
    authentic: false,
    paid: hint.paid,
    resultCode: hint.resultCode,
    resultDesc: hint.resultDesc,
    amount: hint.amount ?? null,
    receipt: hint.receipt ?? null,
  });
  if (!isOpen(row)) await judgeWithdrawalHints(deps, row);
}

/** Judges the hints about a final withdrawal against its confirmed outcome (disagreements go to operators). */
async function judgeWithdrawalHints(deps: PaymentDeps, row: WithdrawalRow): Promise<void> {
  await judgeHints(deps.db, 'withdrawal', row.id, {
    paid: row.state === 'paid',
    amount: row.state === 'paid' ? Number(row.payout) : null,
    receipt: row.receipt,
    description: row.state === 'paid' ? `paid ${Number(row.payout)}` : `not paid: ${row.message}`,
  });
}

/**
 * Opens a held case for a withdrawal sent at least NO_ANSWER_REVIEW_AFTER_MS ago and still open, unless it
 * has one (a held case Transaction Status opened keeps its own, more telling, description). An answer that
 * comes later still settles or returns it, and closes the case, as for any held withdrawal.
 */
async function holdUnansweredForOperator(
  deps: PaymentDeps,
  row: WithdrawalRow,
  now: Date,
  log: Log,
): Promise<void> {
  if (row.b2c_sent_at === null || now.getTime() - row.b2c_sent_at.getTime() < NO_ANSWER_REVIEW_AFTER_MS)
    return;
  if (await repository.findReview(deps.db, row.id, 'held')) return;
  log.error(
    { withdrawNo: row.withdraw_no },
    'no answer from M-Pesa a day after sending: held for an operator',
  );
  await repository.openReview(deps.db, row.id, {
    kind: 'held',
    resultCode: row.result_code ?? undefined,
    resultDesc: NO_ANSWER_REVIEW_DESC,
    conversationId: row.conversation_id ?? undefined,
  });
}

export async function records(
  deps: PaymentDeps,
  memberId: number,
  query: RecordsQuery,
  language: string,
): Promise<WithdrawRecord[]> {
  const rows = await repository.findMemberPage(deps.db, memberId, {
    startId: query.startId,
    quantity: query.quantity,
    ...(query.monthOfYear ? monthRange(query.monthOfYear, deps.country.timeZone) : {}),
  });
  return rows.map((row) => {
    const local = localize({ name: row.channel_name, translations: row.translations }, language);
    return {
      id: Number(row.id),
      withdrawNo: row.withdraw_no,
      money: Number(row.money),
      fee: Number(row.fee),
      tax: Number(row.tax),
      payout: Number(row.payout),
      channelCode: row.channel_code,
      channelName: local.name,
      account: maskMobile(nationalOf(row.msisdn)),
      status: row.state === 'paid' ? 'success' : row.state === 'failed' ? 'failed' : 'pending',
      message: row.message,
      receipt: row.receipt,
      createTime: row.created_at.toISOString(),
    };
  });
}

export async function lastSuccessful(deps: PaymentDeps, memberId: number, channelCode: string) {
  const row = await repository.findLastPaid(deps.db, memberId, channelCode);
  if (!row) return null;
  return {
    payChannel: row.channel_id,
    channel: row.channel_code,
    account: maskMobile(nationalOf(row.msisdn)),
  };
}

export async function notices(deps: PaymentDeps): Promise<WithdrawNotice[]> {
  const rows = await repository.findRecentPaid(deps.db, NOTICES);
  return rows.map((row) => ({
    mobile: maskMobile(nationalOf(row.msisdn)),
    money: Number(row.payout),
    time: row.updated_at.toISOString(),
  }));
}

// ---- Operators: withdrawals M-Pesa's answers leave undecided ---------------------------------------------

const OPERATOR_LIST_LIMIT = 200;
/** What the member's records say of a withdrawal an operator resolved. */
const PAID_BY_OPERATOR = 'Paid to your M-PESA number';
const NOT_PAID_BY_OPERATOR = 'M-PESA did not pay this withdrawal: the money is back in your balance';

/** Operators: open cases, oldest first, with the member's balance now (what a recovery can take). */
export async function listWithdrawalReviews(deps: Pick<PaymentDeps, 'db'>): Promise<WithdrawalReviews> {
  const rows = await repository.findOpenReviews(deps.db, OPERATOR_LIST_LIMIT);
  const withdrawals = [];
  for (const row of rows) {
    const balance = await wallet.getBalances(deps.db, Number(row.member_id));
    withdrawals.push({
      id: Number(row.id),
      withdrawNo: row.withdraw_no,
      review: row.kind,
      state: row.state,
      memberId: Number(row.member_id),
      mobile: row.mobile,
      msisdn: row.msisdn,
      money: Number(row.money),
      fee: Number(row.fee),
      tax: Number(row.tax),
      payout: Number(row.payout),
      memberCash: Number(balance.cash),
      memberWithdrawable: Number(balance.withdrawable),
      receipt: row.receipt,
      conversationId: row.conversation_id,
      resultCode: row.result_code,
      message: row.message,
      reportedAmount: row.reported_amount === null ? null : Number(row.reported_amount),
      reportedReceipt: row.reported_receipt,
      reportedResultCode: row.reported_result_code,
      reportedMessage: row.reported_result_desc,
      reportedConversationId: row.reported_conversation_id,
      createTime: row.created_at.toISOString(),
      sentTime: row.b2c_sent_at?.toISOString() ?? null,
      reportedTime: row.reported_at.toISOString(),
      updateTime: row.review_updated_at.toISOString(),
    });
  }
  return { withdrawals };
}

function toDecision(row: WithdrawalRow, review: WithdrawalReviewRow): WithdrawalDecision {
  if (review.resolution === null || review.closed_by === null || review.closed_at === null) {
    throw new Error(`withdrawal review ${review.id} is not closed`);
  }
  // A held case's decision is the withdrawal's own ledger step (its settlement or its return).
  const transactionId = review.transaction_id ?? (review.kind === 'held' ? row.settle_transaction_id : null);
  return {
    id: Number(row.id),
    withdrawNo: row.withdraw_no,
    memberId: Number(row.member_id),
    review: review.kind,
    resolution: review.resolution,
    state: row.state,
    receipt: review.receipt,
    recovered: Number(review.recovered),
    writtenOff: Number(review.written_off),
    refunded: Number(review.refunded),
    transactionId: transactionId === null ? null : Number(transactionId),
    closedBy: review.closed_by,
    note: review.note,
    closeTime: review.closed_at.toISOString(),
  };
}

async function decisionOf(
  deps: Pick<PaymentDeps, 'db'>,
  withdrawalId: number,
  kind: WithdrawalReviewRow['kind'],
): Promise<WithdrawalDecision> {
  const row = await repository.findById(deps.db, withdrawalId);
  const review = await repository.findReview(deps.db, withdrawalId, kind);
  if (!row || !review) throw new AppError('NOT_FOUND');
  return toDecision(row, review);
}

/** A withdrawal with no case of this kind: missing (1004), or not waiting for this decision (3017). */
async function noSuchCase(deps: Pick<PaymentDeps, 'db'>, withdrawalId: number, what: string): Promise<never> {
  if (!(await repository.findById(deps.db, withdrawalId))) throw new AppError('NOT_FOUND');
  throw new AppError('ORDER_CLOSED', what);
}

/**
 * A decision repeated while the first call is still posting its ledger step (or after a crash before it):
 * the step is finished here too (idempotent by its key), so the repeat answers the same transaction.
 */
async function finishPendingLedger(deps: PaymentDeps, withdrawalId: number): Promise<void> {
  const row = await repository.findById(deps.db, withdrawalId);
  if (row && !isOpen(row) && row.next_check_at !== null) await finishLedger(deps, row);
}

/** A receipt already on another withdrawal (the unique index) is a payment already accounted for. */
async function receiptRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new AppError('RECEIPT_USED');
    throw error;
  }
}

/**
 * A held withdrawal an operator found paid in the M-PESA portal: made final by the same conditional update
 * and settled by the same ledger step as M-Pesa's own paid answer, so it is settled once whoever comes
 * first. An amount other than the payout opens an amount-differs case. The same call again answers the
 * same; another receipt for a paid withdrawal, or any call for one returned, answers 3017.
 */
export async function operatorWithdrawalPaid(
  deps: PaymentDeps,
  withdrawalId: number,
  input: { receipt: string; amount?: number | undefined; note: string },
  log: Log = silent,
): Promise<WithdrawalDecision> {
  const updated = await receiptRace(() =>
    retryingTransaction(deps.db, async (trx) => {
      const held = await repository.lockReview(trx, withdrawalId, 'held');
      if (!held) return 'none' as const;
      if (held.state === 'closed') {
        if (held.resolution === 'paid' && held.receipt === input.receipt) return undefined;
        throw new AppError('ORDER_CLOSED', 'This withdrawal was already resolved');
      }
      const won = await repository.updateIfIn(trx, withdrawalId, OPEN_STATES, {
        state: 'paid',
        receipt: input.receipt,
        result_code: '0',
        message: PAID_BY_OPERATOR,
        next_check_at: new Date(Date.now() + REPAIR_AFTER_MS),
      });
      // M-Pesa answered a moment ago: its answer stands (and closes the case).
      if (!won) throw new AppError('ORDER_CLOSED', 'M-PESA has just answered for this withdrawal');
      await repository.closeReview(trx, withdrawalId, 'held', {
        resolution: 'paid',
        closedBy: 'operator',
        receipt: input.receipt,
        note: input.note,
      });
      if (input.amount !== undefined && input.amount !== Number(won.payout)) {
        await repository.openReview(trx, withdrawalId, {
          kind: 'amount-differs',
          reportedAmount: input.amount,
          receipt: input.receipt,
          resultDesc: 'Amount confirmed by support',
        });
      }
      return won;
    }),
  );
  if (updated === 'none') {
    return noSuchCase(deps, withdrawalId, 'This withdrawal is not held for an operator');
  }
  if (updated) {
    await finishLedger(deps, updated);
    log.warn(
      { withdrawNo: updated.withdraw_no, receipt: input.receipt },
      'held withdrawal paid by an operator',
    );
  } else {
    await finishPendingLedger(deps, withdrawalId);
  }
  return decisionOf(deps, withdrawalId, 'held');
}

/**
 * A held withdrawal an operator found unpaid in the M-PESA portal: failed and returned through the normal
 * return step. If M-Pesa pays it after all, that is a paid-after-return case. Repeats answer the same.
 */
export async function operatorWithdrawalNotPaid(
  deps: PaymentDeps,
  withdrawalId: number,
  note: string,
  log: Log = silent,
): Promise<WithdrawalDecision> {
  const updated = await retryingTransaction(deps.db, async (trx) => {
    const held = await repository.lockReview(trx, withdrawalId, 'held');
    if (!held) return 'none' as const;
    if (held.state === 'closed') {
      if (held.resolution === 'returned') return undefined;
      throw new AppError('ORDER_CLOSED', 'This withdrawal was already resolved');
    }
    const won = await repository.updateIfIn(trx, withdrawalId, OPEN_STATES, {
      state: 'failed',
      message: NOT_PAID_BY_OPERATOR,
      next_check_at: new Date(Date.now() + REPAIR_AFTER_MS),
    });
    if (!won) throw new AppError('ORDER_CLOSED', 'M-PESA has just answered for this withdrawal');
    await repository.closeReview(trx, withdrawalId, 'held', {
      resolution: 'returned',
      closedBy: 'operator',
      note,
    });
    return won;
  });
  if (updated === 'none') {
    return noSuchCase(deps, withdrawalId, 'This withdrawal is not held for an operator');
  }
  if (updated) {
    await finishLedger(deps, updated);
    log.warn({ withdrawNo: updated.withdraw_no }, 'held withdrawal returned by an operator');
  } else {
    await finishPendingLedger(deps, withdrawalId);
  }
  return decisionOf(deps, withdrawalId, 'held');
}

/**
 * Money M-Pesa paid out that the member still has in their balance, recovered through the wallet
 * (`recoverPaidOut`: from the member's cash as far as it goes, the rest written off by the house). Its key
 * makes it happen once.
 */
async function recoverFromMember(
  trx: Transaction<Database>,
  input: { memberId: number; key: string; amount: number; description: string },
): Promise<{ transactionId: number; recovered: number; writtenOff: number }> {
  const posted = await wallet.recoverPaidOut(trx, input);
  // The case is closed in the same database transaction as this posting: a replay means they disagree.
  if (posted.replayed) throw new Error(`ledger: ${input.key} was posted for a case still open`);
  return posted;
}

/** Recovers money M-Pesa paid out (recoverFromMember) and closes the operator's case with what it moved. */
async function recoverAndClose(
  trx: Transaction<Database>,
  withdrawalId: number,
  kind: 'paid-after-return' | 'amount-differs',
  note: string,
  recovery: Parameters<typeof recoverFromMember>[1],
): Promise<void> {
  const recovered = await recoverFromMember(trx, recovery);
  await repository.closeReview(trx, withdrawalId, kind, {
    resolution: 'recovered',
    closedBy: 'operator',
    recovered: recovered.recovered,
    writtenOff: recovered.writtenOff,
    transactionId: recovered.transactionId,
    note,
  });
}

/** Locks an open or closed case of a kind; 'none' when the withdrawal has no such case. */
async function lockCase(
  trx: Transaction<Database>,
  withdrawalId: number,
  kind: 'amount-differs' | 'paid-after-return',
): Promise<{ review: WithdrawalReviewRow; row: WithdrawalRow } | 'none'> {
  const review = await repository.lockReview(trx, withdrawalId, kind);
  if (!review) return 'none';
  const row = await repository.findById(trx, withdrawalId);
  if (!row) return 'none';
  return { review, row };
}

/**
 * A closed case met by a money decision (recover, settle the difference): the same decision again answers
 * as the first time; a case dismissed without moving money answers 3017 (the contrary decision).
 */
function closedCaseDecision(row: WithdrawalRow, review: WithdrawalReviewRow): WithdrawalDecision {
  if (review.resolution === 'dismissed') {
    throw new AppError('ORDER_CLOSED', 'This case was dismissed: M-PESA’s report was found wrong');
  }
  return toDecision(row, review);
}

/**
 * Closes an amount-differs or paid-after-return case without moving money: the report that opened it was
 * found wrong (a payment M-Pesa reversed, an amount the portal shows as the payout). The same call again
 * answers the same; a case already recovered or refunded answers 3017. A held case cannot be dismissed.
 */
export async function operatorDismissWithdrawalCase(
  deps: PaymentDeps,
  withdrawalId: number,
  input: { review: 'amount-differs' | 'paid-after-return'; note: string },
  log: Log = silent,
): Promise<WithdrawalDecision> {
  const found = await retryingTransaction(deps.db, async (trx) => {
    const locked = await lockCase(trx, withdrawalId, input.review);
    if (locked === 'none') return 'none' as const;
    const { review, row } = locked;
    if (review.state === 'closed') {
      if (review.resolution === 'dismissed') return toDecision(row, review);
      throw new AppError('ORDER_CLOSED', 'This case was already settled with money moved');
    }
    await repository.closeReview(trx, withdrawalId, input.review, {
      resolution: 'dismissed',
      closedBy: 'operator',
      note: input.note,
    });
    return undefined;
  });
  if (found === 'none') return noSuchCase(deps, withdrawalId, `This withdrawal has no ${input.review} case`);
  if (found) return found;
  const decision = await decisionOf(deps, withdrawalId, input.review);
  log.warn(decision, 'withdrawal case dismissed: no money moved');
  return decision;
}

/**
 * A withdrawal M-Pesa paid after its money had been returned to the member: the amount M-Pesa paid (the
 * payout unless it reported another) is recovered from the member's cash as far as it goes, the rest
 * written off by the house, and the case closed. Repeats answer the same.
 */
export async function operatorRecoverWithdrawal(
  deps: PaymentDeps,
  withdrawalId: number,
  note: string,
  log: Log = silent,
): Promise<WithdrawalDecision> {
  const found = await retryingTransaction(deps.db, async (trx) => {
    const locked = await lockCase(trx, withdrawalId, 'paid-after-return');
    if (locked === 'none') return 'none' as const;
    const { review, row } = locked;
    if (review.state === 'closed') return closedCaseDecision(row, review);
    const amount = review.reported_amount === null ? Number(row.payout) : Number(review.reported_amount);
    await recoverAndClose(trx, withdrawalId, 'paid-after-return', note, {
      memberId: Number(row.member_id),
      key: keyOf(row.withdraw_no, 'recover'),
      amount,
      description: `${row.withdraw_no} paid by M-PESA after its return`,
    });
    return undefined;
  });
  if (found === 'none') {
    return noSuchCase(deps, withdrawalId, 'M-PESA has not paid this withdrawal after its return');
  }
  if (found) return found;
  const decision = await decisionOf(deps, withdrawalId, 'paid-after-return');
  log.warn(decision, 'withdrawal paid after its return: recovery recorded');
  return decision;
}

/**
 * A withdrawal M-Pesa paid with another amount than its payout (it was settled for the payout). Paid more:
 * the extra is recovered from the member's cash as far as it goes, the rest written off. Paid less: the
 * difference comes back from the world to the member's withdrawable money. Repeats answer the same.
 */
export async function operatorSettleWithdrawalDifference(
  deps: PaymentDeps,
  withdrawalId: number,
  note: string,
  log: Log = silent,
): Promise<WithdrawalDecision> {
  const found = await retryingTransaction(deps.db, async (trx) => {
    const locked = await lockCase(trx, withdrawalId, 'amount-differs');
    if (locked === 'none') return 'none' as const;
    const { review, row } = locked;
    if (review.state === 'closed') return closedCaseDecision(row, review);
    const difference = Number(review.reported_amount) - Number(row.payout);
    // Opened only with an amount, and only another one than the payout.
    if (review.reported_amount === null || difference === 0) {
      throw new Error(`withdrawal review ${review.id} has no difference to settle`);
    }
    const memberId = Number(row.member_id);
    const key = keyOf(row.withdraw_no, 'difference');
    if (difference > 0) {
      await recoverAndClose(trx, withdrawalId, 'amount-differs', note, {
        memberId,
        key,
        amount: difference,
        description: `${row.withdraw_no} paid more by M-PESA`,
      });
    } else {
      const refunded = -difference;
      const posted = await wallet.creditMember(trx, {
        memberId,
        from: wallet.ACCOUNT.world,
        key,
        kind: 'refund',
        cash: refunded,
        withdrawable: refunded,
        description: `${row.withdraw_no} paid less by M-PESA`,
      });
      await repository.closeReview(trx, withdrawalId, 'amount-differs', {
        resolution: 'refunded',
        closedBy: 'operator',
        refunded,
        transactionId: posted.transactionId,
        note,
      });
    }
    return undefined;
  });
  if (found === 'none') {
    return noSuchCase(deps, withdrawalId, 'M-PESA paid this withdrawal its own amount');
  }
  if (found) return found;
  const decision = await decisionOf(deps, withdrawalId, 'amount-differs');
  log.warn(decision, 'withdrawal amount difference settled');
  return decision;
}
