import type { ReferralSettings, RefusalReason } from '@app/contracts/referral';
import type { Fact } from '../../platform/wallet/money-facts.ts';

/**
 * The referral programme's pure rules (docs/promotions.md "Invitation and referral"): what the money facts
 * add to an invitee's progress, when an invitee qualifies, when the reward falls due, the referrer's caps,
 * and which shared signals refuse a referral.
 */

export type Progress = { deposited: number; wagered: number };

/** What a batch of facts adds to the listed invitees: paid deposits, and stakes less rolled-back stakes. */
export function progressOf(facts: readonly Fact[], invitees: ReadonlySet<number>): Map<number, Progress> {
  const byMember = new Map<number, Progress>();
  for (const fact of facts) {
    if (!invitees.has(fact.memberId)) continue;
    const progress = byMember.get(fact.memberId) ?? { deposited: 0, wagered: 0 };
    if (fact.kind === 'deposit') progress.deposited += fact.amount;
    else if (fact.kind === 'bet') progress.wagered += fact.amount;
    else if (fact.kind === 'rollback') progress.wagered -= fact.amount;
    else continue;
    byMember.set(fact.memberId, progress);
  }
  return byMember;
}

/** Adds a batch's progress to what was counted; wagering never goes below zero (a rollback of an older stake). */
export function addProgress(counted: Progress, more: Progress): Progress {
  return {
    deposited: counted.deposited + more.deposited,
    wagered: Math.max(0, counted.wagered + more.wagered),
  };
}

/** Qualified: paid deposits and stakes reach the settings' thresholds (both, spec issue 15 §5). */
export function isQualified(progress: Progress, qualification: ReferralSettings['qualification']): boolean {
  return progress.deposited >= qualification.minDeposit && progress.wagered >= qualification.minWager;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a reward qualified at `qualifiedAt` falls due: after the hold. */
export function dueAtOf(qualifiedAt: Date, holdDays: number): Date {
  return new Date(qualifiedAt.getTime() + holdDays * DAY_MS);
}

export function isDue(dueAt: Date | null, now: Date): boolean {
  return dueAt !== null && dueAt.getTime() <= now.getTime();
}

export type CapReason = 'cap-day' | 'cap-month' | 'cap-total';

/** The first cap the referrer's paid rewards have reached (one more would exceed it), else undefined. */
export function capReached(
  paid: { day: number; month: number; total: number },
  caps: ReferralSettings['caps'],
): CapReason | undefined {
  if (paid.total >= caps.total) return 'cap-total';
  if (paid.month >= caps.perMonth) return 'cap-month';
  if (paid.day >= caps.perDay) return 'cap-day';
  return undefined;
}

/** The signals a member's accounts leave: device ids of sessions, M-Pesa numbers of deposits, KYC ids, IPs. */
export type MemberSignals = { deviceIds: string[]; msisdns: string[]; kycIds: string[]; ips: string[] };

export type Signal = {
  kind: 'same-device' | 'same-mpesa' | 'same-kyc-id' | 'same-ip';
  otherMemberId: number;
};

const HARD: readonly { kind: Signal['kind']; of: keyof MemberSignals }[] = [
  { kind: 'same-device', of: 'deviceIds' },
  { kind: 'same-mpesa', of: 'msisdns' },
  { kind: 'same-kyc-id', of: 'kycIds' },
];

/**
 * What the invitee shares with the referrer or another invitee of the same referrer (matched with OR,
 * reference §1). A device id, an M-Pesa number or a KYC id refuses the referral (`refusal`, the first
 * found); an address is only a soft signal: flagged for review, never a refusal alone (one mobile carrier
 * address fronts thousands of players).
 */
export function findSignals(
  invitee: MemberSignals,
  others: ReadonlyMap<number, MemberSignals>,
): { signals: Signal[]; refusal: RefusalReason | undefined; ipFlagged: boolean } {
  const signals: Signal[] = [];
  for (const [otherMemberId, other] of others) {
    for (const { kind, of } of HARD) {
      if (invitee[of].some((value) => other[of].includes(value))) signals.push({ kind, otherMemberId });
    }
    if (invitee.ips.some((ip) => other.ips.includes(ip))) signals.push({ kind: 'same-ip', otherMemberId });
  }
  const hard = signals.find((signal) => signal.kind !== 'same-ip');
  return {
    signals,
    refusal: hard ? (hard.kind as RefusalReason) : undefined,
    ipFlagged: signals.some((signal) => signal.kind === 'same-ip'),
  };
}

/** An invite task's state: 0 going, 1 reached, 4 collected (as the diamond tasks). */
export function inviteTaskStatus(rewarded: number, invites: number, collected: boolean): number {
  if (collected) return 4;
  return rewarded >= invites ? 1 : 0;
}
