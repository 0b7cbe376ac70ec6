import { siteDayOf, siteDayRange } from '@app/contracts/market-calendar';
import type { Kysely, Transaction } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import { maskMobile } from '@app/contracts/message-rules';
import {
  parseGuidCode,
  REFERRAL_ACTIVITY_ID,
  ReferralSettingsSchema,
  type InviteTask,
  type ReferralAdminRow,
  type ReferralReward,
  type ReferralSettings,
  type ReferralSummary,
  type RefusalReason,
} from '@app/contracts/referral';
import type { Database } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Job } from '../../../jobs/job-runner.ts';
import { findPaidMsisdns } from '../../payments/deposit/deposit.service.ts';
import { findIdentityNumbers } from '../../platform/kyc/kyc.service.ts';
import {
  findInvitation,
  findMemberIdByInviteCode,
  findMobiles,
  findSessionSignals,
  lockMemberInGoodStanding,
} from '../../platform/member/member.service.ts';
import { claimOnce, defineProgramme, loadProgramme, payReward, type Programme } from '../kit/programmes.ts';
import { programmeFactConsumer } from '../kit/fact-consumer.ts';
import * as repository from './referral.repository.ts';
import {
  addProgress,
  capReached,
  dueAtOf,
  findSignals,
  inviteTaskStatus,
  isQualified,
  progressOf,
  type MemberSignals,
} from './referral.rules.ts';

type Db = Kysely<Database>;
type Market = Pick<CountryProfile, 'timeZone' | 'promotions'>;

/**
 * The referral programme (issue 15 §5, docs/promotions.md "Invitation and referral"): a referrer is paid
 * for each invited friend who qualifies (paid deposits and stakes reaching the settings' thresholds, counted
 * from the money facts) once a hold has passed, from `promo:referral:budget`, exactly once per (referrer,
 * invitee), within per-referrer caps; abuse (a device id, an M-Pesa number or a KYC id shared with the
 * referrer or another of their invitees) is refused, an address shared is only flagged.
 */
export const REFERRAL = defineProgramme<ReferralSettings>({
  code: 'referral',
  settings: ReferralSettingsSchema,
  defaults: {
    enabled: true,
    settings: {
      reward: { cash: 50_00, coins: 0 },
      qualification: { minDeposit: 100_00, minWager: 100_00 },
      holdDays: 7,
      caps: { perDay: 10, perMonth: 50, total: 500 },
      tasks: [
        { id: 1, invites: 1, cash: 20_00, coins: 0 },
        { id: 2, invites: 3, cash: 100_00, coins: 0 },
        { id: 3, invites: 10, cash: 500_00, coins: 0 },
      ],
    },
  },
});

/**
 * Players may earn: the programme is on, and the market allows rewards conditioned on a deposit (the friend's
 * qualification is one; Brazil also lists the programme in `programmesOff`).
 */
export function referralOpen(
  programme: Pick<Programme<ReferralSettings>, 'enabled'>,
  market: Market,
): boolean {
  return programme.enabled && market.promotions.depositLinkedRewards;
}

function requireActivity(id: number): void {
  if (id !== REFERRAL_ACTIVITY_ID) throw new AppError('ACTIVITY_INVALID');
}

/**
 * After a registration (the member module's `welcome` hook): a member who signed up with a code, typed or
 * from the guid cookie of an invitation link, gets a referral row naming their referrer and the link's
 * channel (0 when the code was typed or the cookie names another code). Recorded whether or not the programme
 * is on: it is a fact of the registration; only the payment asks the programme.
 */
export async function recordRegistration(db: Db, memberId: number): Promise<void> {
  const invitation = await findInvitation({ db }, memberId);
  if (!invitation?.invitedBy || invitation.invitedBy === memberId) return;
  const fromLink = parseGuidCode(invitation.guidCode);
  const linkReferrer = fromLink ? await findMemberIdByInviteCode({ db }, fromLink.code) : undefined;
  await repository.insertReferral(db, {
    inviteeId: memberId,
    referrerId: invitation.invitedBy,
    channel: fromLink && linkReferrer === invitation.invitedBy ? fromLink.channel : 0,
  });
}

/** An invitation link was opened: counted per referrer, channel and site day; `valid` says the code exists. */
export async function recordVisit(
  db: Db,
  market: Market,
  visit: { code: string; channel: number },
): Promise<{ valid: boolean }> {
  const referrerId = await findMemberIdByInviteCode({ db }, visit.code);
  if (referrerId === undefined) return { valid: false };
  await repository.addVisit(db, { referrerId, channel: visit.channel, day: siteDayOf(new Date(), market) });
  return { valid: true };
}

/** Every signal of these members' accounts, read through the modules that own them. */
async function signalsOf(db: Db, memberIds: number[]): Promise<Map<number, MemberSignals>> {
  const [sessions, msisdns, kycIds] = await Promise.all([
    findSessionSignals({ db }, memberIds),
    findPaidMsisdns(db, memberIds),
    findIdentityNumbers(db, memberIds),
  ]);
  return new Map(
    memberIds.map((id) => [
      id,
      {
        deviceIds: sessions.get(id)?.deviceIds ?? [],
        ips: sessions.get(id)?.ips ?? [],
        msisdns: msisdns.get(id) ?? [],
        kycIds: kycIds.get(id) ?? [],
      },
    ]),
  );
}

/** What the invitee shares with the referrer and the referrer's other invitees. */
async function checkAbuse(db: Db, referral: { invitee_id: number; referrer_id: number }) {
  const invitee = Number(referral.invitee_id);
  const referrer = Number(referral.referrer_id);
  const others = await repository.findInviteeIds(db, referrer, invitee);
  const signals = await signalsOf(db, [invitee, referrer, ...others]);
  const circle = new Map([...signals].filter(([id]) => id !== invitee));
  return findSignals(signals.get(invitee) as MemberSignals, circle);
}

/**
 * Counts the facts of registered invitees (each fact once: this runs in the transaction that moves the
 * cursor) and qualifies those that reach the thresholds: their reward and due date are copied from the
 * settings of that moment, and an invitee found sharing a device, an M-Pesa number or a KYC id is refused
 * at once (with the reason). Facts that arrive while the programme is off count for nothing.
 */
export const referralProgress = (market: Market, now: () => Date = () => new Date()) =>
  programmeFactConsumer({
    name: 'referral-progress',
    programme: REFERRAL,
    market,
    handle: async (trx, facts, programme) => {
      const members = [...new Set(facts.map((fact) => fact.memberId))];
      if (!referralOpen(programme, market)) return;
      const rows = await repository.lockRegistered(trx, members);
      if (rows.length === 0) return;
      const batch = progressOf(facts, new Set(rows.map((row) => Number(row.invitee_id))));
      for (const row of rows) {
        const more = batch.get(Number(row.invitee_id));
        if (!more) continue;
        const progress = addProgress(
          { deposited: Number(row.deposited), wagered: Number(row.wagered) },
          more,
        );
        await repository.setProgress(trx, Number(row.invitee_id), progress);
        if (!isQualified(progress, programme.settings.qualification)) continue;
        const abuse = await checkAbuse(trx, row);
        if (abuse.refusal) {
          await repository.setEnded(trx, Number(row.invitee_id), {
            state: 'refused',
            reason: abuse.refusal,
            signals: abuse.signals,
            ipFlagged: abuse.ipFlagged,
          });
          continue;
        }
        const qualifiedAt = now();
        await repository.setQualified(trx, Number(row.invitee_id), {
          cash: programme.settings.reward.cash,
          coins: programme.settings.reward.coins,
          qualifiedAt,
          dueAt: dueAtOf(qualifiedAt, programme.settings.holdDays),
          signals: abuse.signals,
          ipFlagged: abuse.ipFlagged,
        });
      }
    },
  });

export type PayOutcome = 'paid' | 'refused' | 'capped' | 'skipped';

/**
 * Pays one due referral in its own transaction: the referrer's row locked (caps are counted one payment at
 * a time), the referral re-read locked and still `qualified`, both members' standing and the abuse signals
 * checked again, the caps, then `payReward` under `friend:<invitee>:<referrer>` and qualified → paid by a
 * conditional update. A second run (or a parallel one) finds it paid and does nothing.
 */
export async function payReferral(
  db: Db,
  market: Market,
  programme: Programme<ReferralSettings>,
  inviteeId: number,
  now: Date,
): Promise<PayOutcome> {
  return retryingTransaction(db, async (trx) => {
    const referrerId = await repository.findReferrerOf(trx, inviteeId);
    if (referrerId === undefined) return 'skipped';
    await repository.lockReferrer(trx, referrerId);
    const referral = await repository.lockReferral(trx, inviteeId);
    if (!referral || referral.state !== 'qualified' || !referral.due_at || referral.due_at > now)
      return 'skipped';
    const end = (
      state: 'refused' | 'capped',
      reason: string,
      abuse = { signals: [] as unknown[], ipFlagged: false },
    ) =>
      repository
        .setEnded(trx, inviteeId, { state, reason, signals: abuse.signals, ipFlagged: abuse.ipFlagged })
        .then(() => state);
    const abuse = await checkAbuse(trx, referral);
    if (abuse.refusal) return end('refused', abuse.refusal, abuse);
    if (!(await lockMemberInGoodStanding(trx, inviteeId)))
      return end('refused', 'invitee-blocked' satisfies RefusalReason, abuse);
    if (!(await lockMemberInGoodStanding(trx, referrerId)))
      return end('refused', 'referrer-blocked' satisfies RefusalReason, abuse);
    const day = siteDayOf(now, market);
    const cap = capReached(
      await repository.countPaid(trx, referrerId, {
        day: siteDayRange(day, market).from,
        month: siteDayRange(`${day.slice(0, 8)}01`, market).from,
      }),
      programme.settings.caps,
    );
    if (cap) return end('capped', cap, abuse);
    const cash = Number(referral.cash);
    const coins = Number(referral.coins);
    let transactionId: number | null = null;
    if (cash > 0 || coins > 0) {
      const paid = await payReward(trx, {
        programme: 'referral',
        memberId: referrerId,
        key: `friend:${inviteeId}:${referrerId}`,
        ...(cash > 0 ? { cash } : {}),
        ...(coins > 0 ? { coins } : {}),
        description: 'Referral: an invited friend qualified',
      });
      transactionId = paid.transactionId;
    }
    const updated = await repository.setPaid(trx, inviteeId, {
      transactionId,
      signals: abuse.signals,
      ipFlagged: abuse.ipFlagged,
    });
    return updated ? 'paid' : 'skipped';
  });
}

/**
 * The payout job's pass: every referral due by `now`, each in its own transaction (a refusal or a failure of
 * one never holds up the others). Nothing is paid while the programme is off: due referrals wait.
 */
export async function payDueReferrals(
  db: Db,
  market: Market,
  now = new Date(),
  { limit = 200 }: { limit?: number } = {},
): Promise<Record<PayOutcome, number>> {
  const outcomes: Record<PayOutcome, number> = { paid: 0, refused: 0, capped: 0, skipped: 0 };
  const programme = await loadProgramme(db, REFERRAL, market);
  if (!referralOpen(programme, market)) return outcomes;
  for (const inviteeId of await repository.findDue(db, now, limit)) {
    outcomes[await payReferral(db, market, programme, inviteeId, now)] += 1;
  }
  return outcomes;
}

/** How often the payout job looks for due referrals (seconds). */
export const REFERRAL_PAYOUT_SECONDS = 10;

export function referralJobs(db: Db, market: Market): Job[] {
  return [
    referralProgress(market).job(db),
    {
      name: 'referral-payout',
      schedule: { everySeconds: REFERRAL_PAYOUT_SECONDS },
      run: async () => {
        await payDueReferrals(db, market);
      },
    },
  ];
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The programme as the caller sees it (refer-friend): code, terms, invitees (the latest 200) and their state. */
export async function getSummary(
  db: Db,
  market: Market,
  memberId: number | undefined,
  activityId: number,
): Promise<ReferralSummary> {
  requireActivity(activityId);
  const programme = await loadProgramme(db, REFERRAL, market);
  // A visitor sees the terms (visitors see, members act); the code and the friends are a member's.
  const invitation = memberId === undefined ? undefined : await findInvitation({ db }, memberId);
  const rows = memberId === undefined ? [] : await repository.findByReferrer(db, memberId);
  const mobiles = await findMobiles(
    { db },
    rows.map((row) => Number(row.invitee_id)),
  );
  const paid = rows.filter((row) => row.state === 'paid');
  return {
    id: activityId,
    enable: referralOpen(programme, market),
    inviteCode: invitation?.inviteCode ?? '',
    reward: programme.settings.reward,
    qualification: programme.settings.qualification,
    holdDays: programme.settings.holdDays,
    invitees: rows.map((row) => ({
      mobile: maskMobile(mobiles.get(Number(row.invitee_id)) ?? ''),
      channel: row.channel,
      state: row.state,
      registeredAt: row.registered_at.toISOString(),
      deposited: Number(row.deposited),
      wagered: Number(row.wagered),
      dueAt: iso(row.due_at),
      paidAt: iso(row.paid_at),
      cash: Number(row.cash),
      coins: Number(row.coins),
    })),
    rewarded: memberId === undefined ? 0 : await repository.countByState(db, memberId, 'paid'),
    earned: {
      cash: paid.reduce((sum, row) => sum + Number(row.cash), 0),
      coins: paid.reduce((sum, row) => sum + Number(row.coins), 0),
    },
  };
}

/** The caller's rewards (refer-detail): each friend paid and each invite task collected, newest first. */
export async function getRewards(db: Db, memberId: number, activityId: number): Promise<ReferralReward[]> {
  requireActivity(activityId);
  const rows = (await repository.findByReferrer(db, memberId)).filter((row) => row.state === 'paid');
  const mobiles = await findMobiles(
    { db },
    rows.map((row) => Number(row.invitee_id)),
  );
  const friends: ReferralReward[] = rows.map((row) => ({
    kind: 'friend',
    label: maskMobile(mobiles.get(Number(row.invitee_id)) ?? ''),
    cash: Number(row.cash),
    coins: Number(row.coins),
    paidAt: (row.paid_at as Date).toISOString(),
  }));
  const tasks: ReferralReward[] = (await repository.findTaskClaims(db, memberId)).map((claim) => ({
    kind: 'task',
    label: String(claim.invites),
    cash: Number(claim.cash),
    coins: Number(claim.coins),
    paidAt: claim.created_at.toISOString(),
  }));
  return [...friends, ...tasks].sort((a, b) => b.paidAt.localeCompare(a.paidAt));
}

/** The invite tasks with the caller's rewarded friends (friends paid) as progress. */
export async function getInviteTasks(
  db: Db,
  market: Market,
  memberId: number,
  activityId: number,
): Promise<InviteTask[]> {
  requireActivity(activityId);
  const programme = await loadProgramme(db, REFERRAL, market);
  if (!referralOpen(programme, market)) return [];
  const rewarded = await repository.countByState(db, memberId, 'paid');
  const claims = new Map(
    (await repository.findTaskClaims(db, memberId)).map((claim) => [claim.task_id, claim]),
  );
  return programme.settings.tasks.map((task) => {
    const claim = claims.get(task.id);
    return {
      id: task.id,
      invites: task.invites,
      cash: task.cash,
      coins: task.coins,
      current: rewarded,
      status: inviteTaskStatus(rewarded, task.invites, claim !== undefined),
      collectedAt: claim ? claim.created_at.toISOString() : null,
    };
  });
}

/**
 * Collects an invite task: once per (referrer, task) by the claim's primary key, inserted in the
 * transaction that pays it (`task<id>:<member>`), and only when enough friends were paid.
 */
export async function collectInviteTask(
  db: Db,
  market: Market,
  memberId: number,
  activityId: number,
  taskId: number,
): Promise<InviteTask[]> {
  requireActivity(activityId);
  const programme = await loadProgramme(db, REFERRAL, market);
  if (!referralOpen(programme, market)) throw new AppError('ACTIVITY_INVALID');
  const task = programme.settings.tasks.find((candidate) => candidate.id === taskId);
  if (!task) throw new AppError('INVITE_TASK_NOT_FOUND');
  await retryingTransaction(db, async (trx: Transaction<Database>) => {
    if ((await repository.countByState(trx, memberId, 'paid')) < task.invites)
      throw new AppError('INVITE_TASK_NOT_REACHED');
    await claimOnce(trx, {
      record: () =>
        repository.insertTaskClaim(trx, {
          referrerId: memberId,
          taskId: task.id,
          invites: task.invites,
          cash: task.cash,
          coins: task.coins,
        }),
      alreadyClaimed: 'INVITE_TASK_COLLECTED',
      reward: () => ({
        programme: 'referral',
        memberId,
        key: `task${task.id}:${memberId}`,
        ...(task.cash > 0 ? { cash: task.cash } : {}),
        ...(task.coins > 0 ? { coins: task.coins } : {}),
        description: `Invite task: ${task.invites} friends`,
      }),
      link: (_, transactionId) =>
        repository.setTaskClaimTransaction(trx, { referrerId: memberId, taskId: task.id, transactionId }),
    });
  });
  return getInviteTasks(db, market, memberId, activityId);
}

/** Referrals for operators: state, reason, signals, amounts; filtered by state or by flags. */
export async function listReferrals(
  db: Db,
  query: {
    state?: ReferralAdminRow['state'] | undefined;
    flagged?: '1' | '0' | undefined;
    page: number;
    size: number;
  },
): Promise<{ list: ReferralAdminRow[]; total: number; page: number; size: number }> {
  const { rows, total } = await repository.findAdminPage(db, {
    state: query.state,
    flagged: query.flagged === undefined ? undefined : query.flagged === '1',
    page: query.page,
    size: query.size,
  });
  return {
    list: rows.map((row) => ({
      referrerId: Number(row.referrer_id),
      inviteeId: Number(row.invitee_id),
      channel: row.channel,
      state: row.state,
      reason: row.reason,
      signals: row.signals.map((signal) => ({
        kind: signal.kind,
        otherMemberId: Number(signal.otherMemberId),
      })),
      ipFlagged: row.ip_flagged,
      deposited: Number(row.deposited),
      wagered: Number(row.wagered),
      cash: Number(row.cash),
      coins: Number(row.coins),
      registeredAt: row.registered_at.toISOString(),
      qualifiedAt: iso(row.qualified_at),
      dueAt: iso(row.due_at),
      paidAt: iso(row.paid_at),
    })),
    total,
    page: query.page,
    size: query.size,
  };
}
