import { monthRange } from '@app/contracts/market-calendar';
import { maskMobile } from '@app/contracts/message-rules';
import type { WithdrawRecord } from '@app/contracts/payment-records';
import type { RecordsQuery } from '@app/contracts/payment-records';
import type { WithdrawNotice } from '@app/contracts/withdraw';
import { localize } from '../../platform/config/localize.ts';
import { isMpesaPaused, pausedMessage } from '../channels/channels.service.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import * as repository from './withdraw.repository.ts';
import { approvedMessage, rejectedMessage, underReviewMessage } from './withdraw-messages.ts';
import type { WithdrawalRow } from './withdraw.repository.ts';

/** What members read of their withdrawals: the month's records, the last successful number, the notices. */

const NOTICES = 20;

/** 254712345678 → 0712345678, the form members know their number by (and maskMobile shows). */
function nationalOf(msisdn: string): string {
  return msisdn.startsWith('254') ? `0${msisdn.slice(3)}` : msisdn;
}

/** A withdrawal's number and money as the member's screens show them: the amount, fee, tax and payout. */
export function moneyOf(row: Pick<WithdrawalRow, 'id' | 'withdraw_no' | 'money' | 'fee' | 'tax' | 'payout'>) {
  return {
    id: Number(row.id),
    withdrawNo: row.withdraw_no,
    money: Number(row.money),
    fee: Number(row.fee),
    tax: Number(row.tax),
    payout: Number(row.payout),
  };
}

/** A withdrawal's state as the member's screens name it: paid, failed, or still on its way (held too). */
export function memberStatusOf(row: Pick<WithdrawalRow, 'state'>): WithdrawRecord['status'] {
  if (row.state === 'paid') return 'success';
  if (row.state === 'failed') return 'failed';
  return 'pending';
}

/**
 * A withdrawal's text for its owner, in their language: a queued one waits for M-Pesa's maintenance to
 * end (or, approved by staff, is on its way, or waits for that end if `paused`: M-Pesa payments are paused
 * now), a held one is under review, a rejected one says so with the reason staff gave.
 */
export function memberMessageOf(
  row: Pick<WithdrawalRow, 'state' | 'message' | 'rejection_reason' | 'approvals_required'>,
  language: string,
  paused: boolean,
): string {
  if (row.state === 'queued') {
    return Number(row.approvals_required) > 0
      ? approvedMessage(language, paused)
      : pausedMessage('withdrawal', language);
  }
  if (row.state === 'approval') return underReviewMessage(language);
  if (row.state === 'failed' && row.rejection_reason !== null) {
    return rejectedMessage(row.rejection_reason, language);
  }
  return row.message;
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
  const paused = await isMpesaPaused(deps.db);
  return rows.map((row) => {
    const local = localize({ name: row.channel_name, translations: row.translations }, language);
    return {
      ...moneyOf(row),
      channelCode: row.channel_code,
      channelName: local.name,
      account: maskMobile(nationalOf(row.msisdn)),
      status: memberStatusOf(row),
      message: memberMessageOf(row, language, paused),
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

/** Withdrawals queued while M-Pesa payments are paused, for the operators' view of the pause. */
/** The M-Pesa numbers a member's withdrawals went to (E.164 digits), for a self-exclusion. */
export function withdrawalMsisdnsOf(deps: Pick<PaymentDeps, 'db'>, memberId: number): Promise<string[]> {
  return repository.findMemberMsisdns(deps.db, memberId);
}

export function countQueuedWithdrawals(deps: Pick<PaymentDeps, 'db'>): Promise<number> {
  return repository.countQueued(deps.db);
}

/**
 * The back office's search by payment (issue 26 §2): the members whose withdrawal's M-Pesa receipt or number is
 * `query`, as typed or in upper case (receipts are upper case; operators type them any way).
 */
export async function membersByWithdrawalReference(db: PaymentDeps['db'], query: string): Promise<number[]> {
  const reference = query.trim();
  if (!/^[A-Za-z0-9_-]{4,60}$/.test(reference)) return [];
  return repository.memberIdsByReference(db, [...new Set([reference, reference.toUpperCase()])]);
}
