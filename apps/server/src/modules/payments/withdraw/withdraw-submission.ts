import { startOfDay } from '@app/contracts/market-calendar';
import { randomBytes } from 'node:crypto';
import { SYSTEM_OPTION } from '@app/contracts/config';
import type { WithdrawChannel, WithdrawInit, WithdrawInitResult } from '@app/contracts/withdraw';
import {
  approvalsRequired,
  limitInMinorUnits,
  parseWithdrawLimit,
  readWithdrawApproval,
  readTaxOptions,
  readWithdrawDailyCount,
  readWithdrawSwitch,
  wholeUnitPayout,
  WithdrawFeeNotSupportedError,
  withdrawFee,
  withdrawNet,
} from '@app/contracts/withdraw-rules';
import { effectiveWithdrawalTax, withdrawalTax } from '@app/contracts/tax-rules';
import { certainlyNotProcessed } from '../../../adapters/mpesa/daraja-error.ts';
import { normaliseKenyanMsisdn } from '../../../adapters/mpesa/msisdn.ts';
import { phoneIdentity, refuseExcluded } from '../../platform/exclusion/exclusion.service.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { AppError } from '../../../http/app-error.ts';
import * as config from '../../platform/config/config.service.ts';
import * as kyc from '../../platform/kyc/kyc.service.ts';
import { newCallbackToken, withCallbackProof } from '../channels/callbacks.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import {
  findChannel,
  isMaintenanceAnswer,
  isMpesaPaused,
  listChannelViews,
  pauseForMaintenance,
  takePushSlot,
} from '../channels/channels.service.ts';
import * as wallet from '../../platform/wallet/wallet.service.ts';
import * as repository from './withdraw.repository.ts';
import { memberMessageOf, memberStatusOf, moneyOf } from './withdraw-records.ts';
import type { WithdrawalRow } from './withdraw.repository.ts';
import { resolveFailed } from './withdraw-settlement.ts';
import {
  keyOf,
  type Log,
  proofOf,
  silent,
  SUBMITTED_CHECK_AFTER_MS,
  UNKNOWN_CHECK_AFTER_MS,
} from './withdraw-shared.ts';

/**
 * A member's withdrawal request (`withdraw/init`): the channels, the rules of spec §5 (switch, KYC, limits,
 * fee, tax), the money reserved in the ledger, then the B2C payment request sent to Daraja.
 */

type Client = { platform: number; language: string };

export async function listChannels(deps: PaymentDeps, language: string): Promise<WithdrawChannel[]> {
  return listChannelViews(deps.db, 'withdraw', language, (row) => ({
    withdrawFeeType: row.withdraw_fee_type,
    withdrawFeeValue: row.withdraw_fee_value === null ? 0 : Number(row.withdraw_fee_value),
  }));
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

/** Identity verified first (issue 25 §1): every market's law gates withdrawals at the latest. */
async function requireKyc(deps: PaymentDeps, memberId: number): Promise<void> {
  if (!kyc.getConfig().enable) return;
  await kyc.requireVerifiedFor(deps.db, deps.country, memberId, 'withdrawal');
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

/** Option 6003's approval amounts where the operator set them, else the market's (country profile). */
async function approvalAmounts(deps: PaymentDeps, client: Client) {
  const option = readWithdrawApproval(await optionContent(deps, client, SYSTEM_OPTION.WITHDRAW_APPROVAL));
  return option ?? deps.country.withdrawalApproval;
}

function newWithdrawNo(): string {
  // Daraja's OriginatorConversationID: ours, unique, and never reused (a retry would be a new withdrawal).
  return `W${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;
}

function toInitResult(row: WithdrawalRow, language: string): WithdrawInitResult {
  // Just submitted, a withdrawal is queued only by a pause of M-Pesa payments.
  const paused = row.state === 'queued';
  return { ...moneyOf(row), status: memberStatusOf(row), message: memberMessageOf(row, language, paused) };
}

/**
 * `pan-pay/withdraw/init`: checks everything again on the server with the shared rules, reserves
 * payout + fee + tax, and asks Daraja to pay the member's OWN registered number (never one from the
 * request: a stolen session could otherwise empty the account to another phone). While M-Pesa payments
 * are paused (a maintenance window, mpesa-pause.ts) the withdrawal is accepted the same way, its money
 * reserved, and queued: sendQueuedPayouts sends it when the pause ends. Above the market's automatic
 * amount it is held the same way for staff approval (withdraw-approvals.ts), and sent once approved.
 */
export async function submit(
  deps: PaymentDeps,
  member: { id: number; mobile: string; demo: boolean; sessionId: number },
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
  // No payout to a number a self-exclusion covers, whoever's account asks (issue 25 §3).
  await refuseExcluded(deps.db, [phoneIdentity(msisdn)]);

  const scale = deps.country.scale;
  const dailyCount = readWithdrawDailyCount(await optionContent(deps, client, SYSTEM_OPTION.WITHDRAW_CONFIG));
  const approval = await approvalAmounts(deps, client);
  // The row and its reservation commit together (or not at all: not enough withdrawable money leaves no
  // trace): a withdrawal row always has its money in the hold, which lets the job return an unsent one.
  const row = await retryingTransaction(deps.db, async (trx) => {
    await repository.lockMemberWithdrawals(trx, member.id);
    // Counted under the member's lock, so parallel submissions are counted one after the other.
    if (dailyCount !== null) {
      const today = startOfDay(new Date(), deps.country.timeZone);
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
    // Read under the member's lock with the reservation: a pause set now queues this withdrawal or the next.
    const queued = await isMpesaPaused(trx);
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
      queued,
      approvalsRequired: approvalsRequired(payout + fee + tax, approval),
      memberSessionId: member.sessionId,
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
  if (row.state === 'queued' || row.state === 'approval') return toInitResult(row, client.language);

  // From this mark on Daraja may have the request. The job returns a reserved row without it at once (the
  // process died before sending); one with it only when Transaction Status keeps not finding it. The mark
  // is conditional: if the job already returned this row (this process stalled past the check), nothing
  // is sent.
  if (!(await repository.markSending(deps.db, row.id))) {
    log.warn({ withdrawNo: row.withdraw_no }, 'withdrawal closed before its B2C was sent');
    throw new AppError('WITHDRAW_PAYOUT_FAILED');
  }

  const sent = await sendPayout(deps, row, log);
  if (sent.refused) throw new AppError('WITHDRAW_PAYOUT_FAILED');
  return toInitResult(sent.row, client.language);
}

/**
 * Sends a reserved withdrawal's B2C payment request, its send mark already set, and answers the row as
 * it then stands, and whether Daraja refused it before processing (the money went back to the member).
 * Daraja's maintenance answer pauses M-Pesa payments and queues the withdrawal again, its money still
 * reserved: it is sent again when the pause ends, with the same OriginatorConversationID, which Daraja
 * deduplicates, so a request it did take is not paid twice (a duplicate leaves it to Transaction Status).
 */
async function sendPayout(
  deps: PaymentDeps,
  row: WithdrawalRow,
  log: Log,
): Promise<{ row: WithdrawalRow; refused: boolean }> {
  const current = async (updated: WithdrawalRow | undefined) =>
    updated ?? (await repository.findByNo(deps.db, row.withdraw_no)) ?? row;
  try {
    const accepted = await deps.mpesa.b2cPayment({
      withdrawalId: row.withdraw_no,
      phone: row.msisdn,
      amount: Math.round(Number(row.payout) / deps.country.scale),
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
    return { row: await current(submitted), refused: false };
  } catch (error) {
    if (isMaintenanceAnswer(error)) {
      log.warn({ withdrawNo: row.withdraw_no }, 'M-Pesa under maintenance: withdrawal queued');
      await pauseForMaintenance(deps, log);
      const queued = await repository.updateIfIn(deps.db, row.id, ['reserved'], {
        state: 'queued',
        next_check_at: null,
      });
      return { row: await current(queued), refused: false };
    }
    // Only a refusal before sending or a 4xx returns the money now; a 5xx (even Daraja's enveloped
    // "rejected"), a timeout or a network failure may have been paid: held until Transaction Status says.
    if (certainlyNotProcessed(error)) {
      log.warn({ err: error, withdrawNo: row.withdraw_no }, 'B2C refused: withdrawal returned');
      await resolveFailed(deps, row, (error as Error).message.slice(0, 200), null);
      return { row: await current(undefined), refused: true };
    }
    log.error({ err: error, withdrawNo: row.withdraw_no }, 'B2C outcome unknown: money held');
    const unknown = await repository.updateIfIn(deps.db, row.id, ['reserved'], {
      state: 'unknown',
      next_check_at: new Date(Date.now() + UNKNOWN_CHECK_AFTER_MS),
    });
    return { row: await current(unknown), refused: false };
  }
}

/** Payouts one pass of the queue may send at most (each still needs a slot of the B2C shortcode's bucket). */
const QUEUE_PASS_LIMIT = 200;

/**
 * The payout queue (a background job, every 2 seconds): once M-Pesa payments are no longer paused, the
 * withdrawals queued during the pause are sent, oldest first, each when the B2C shortcode's token bucket
 * (admission.ts, shared by every instance) gives it a slot; the pass stops at the first missing slot. A
 * claim moves one row from queued to reserved, so each is sent by exactly one instance, once.
 */
export async function sendQueuedPayouts(deps: PaymentDeps, log: Log = silent): Promise<{ sent: number }> {
  const sends: Promise<unknown>[] = [];
  while (
    sends.length < QUEUE_PASS_LIMIT &&
    (await repository.hasQueued(deps.db)) &&
    !(await isMpesaPaused(deps.db)) &&
    (await takePushSlot(deps.db, deps.b2cShortcode, deps.pushRate))
  ) {
    const row = await repository.claimNextQueued(deps.db, new Date(Date.now() + SUBMITTED_CHECK_AFTER_MS));
    if (!row) break;
    sends.push(
      sendPayout(deps, row, log).catch((error: unknown) => {
        // Its send mark is set: the reconciliation job asks Transaction Status about it.
        log.error({ err: error, withdrawNo: row.withdraw_no }, 'queued payout not sent');
      }),
    );
  }
  await Promise.all(sends);
  return { sent: sends.length };
}
