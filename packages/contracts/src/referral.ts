import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';

/**
 * Invitation and referral (issue 15 §5, spec promotions-and-games §2–§4, platform-core §3, §7, §9): every
 * member's invite code, the invitation link `invitation/{inviteCode}/{channelIndex}`, the share popup, and
 * the referral programme that pays a referrer once an invitee has qualified and a hold has passed
 * (docs/promotions.md "Invitation and referral").
 */

/** The share networks in the spec's order; an invitation's channel is the network's place, from 1 (§4). */
export const SHARE_NETWORKS = ['facebook', 'linkedin', 'twitter', 'whatsapp', 'sms'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

/** The channel number of a network: facebook 1, linkedin 2, twitter 3, whatsapp 4, sms 5. */
export function channelOf(network: ShareNetwork): number {
  return SHARE_NETWORKS.indexOf(network) + 1;
}

/** The network of a channel number, or undefined for anything else (a hostile or old link). */
export function networkOf(channel: number): ShareNetwork | undefined {
  return Number.isInteger(channel) ? SHARE_NETWORKS[channel - 1] : undefined;
}

/** Invite codes: 4 to 16 letters and digits (the member module makes 8 of an unambiguous alphabet). */
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;

export function isInviteCode(code: string): boolean {
  return INVITE_CODE_PATTERN.test(code);
}

/** The invitation link's path for a code and a channel (spec §2: invitation/{inviteCode}/{channelIndex}). */
export function invitationPath(code: string, channel: number): string {
  return `/invitation/${encodeURIComponent(code)}/${channel}`;
}

/**
 * The guid cookie's value after an invitation visit: the code and the channel, `CODE.channel`. The
 * registration sends it as `guidCode` (platform-core §7: "a code derived from a guid cookie is added when
 * set"); it lives 1 day (§9).
 */
export function guidCookieValue(code: string, channel: number): string {
  return `${code.toUpperCase()}.${channel}`;
}

export const GUID_COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;

/** The code and channel a guid cookie names; undefined when it is not an invitation's. */
export function parseGuidCode(
  value: string | undefined | null,
): { code: string; channel: number } | undefined {
  const match = value?.trim().match(/^([A-Za-z0-9]{4,16})(?:\.([1-9]))?$/);
  if (!match?.[1]) return undefined;
  const channel = Number(match[2] ?? 0);
  return { code: match[1].toUpperCase(), channel: networkOf(channel) ? channel : 0 };
}

/** What a share carries (spec §3 "Share options per network": url, title, summary; the source for LinkedIn). */
export type ShareOptions = { url: string; title: string; summary: string; source?: string };

/** The network's own share address for these options (opened by the player; we never call it). */
export function shareHref(network: ShareNetwork, options: ShareOptions): string {
  const url = encodeURIComponent(options.url);
  const title = encodeURIComponent(options.title);
  const message = encodeURIComponent(`${options.summary} ${options.url}`.trim());
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${url}&quote=${encodeURIComponent(options.summary)}`;
    case 'linkedin':
      return (
        `https://www.linkedin.com/shareArticle?mini=true&url=${url}&title=${title}` +
        `&summary=${encodeURIComponent(options.summary)}&source=${encodeURIComponent(options.source ?? '')}`
      );
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${url}&text=${title}`;
    case 'whatsapp':
      return `https://wa.me/?text=${message}`;
    case 'sms':
      return `sms:?body=${message}`;
  }
}

/**
 * The share popup's entries for an invitation: each network with its channel and its share address carrying
 * the invitation link of that channel. `hideLinkedIn` drops LinkedIn and keeps the others' numbers (the
 * spec hides it "in one place": we hide it in the cash rain's win share, docs/decisions.md).
 */
export function invitationShares(
  options: { origin: string; code: string; title: string; summary: string; source?: string },
  { hideLinkedIn = false }: { hideLinkedIn?: boolean } = {},
): { network: ShareNetwork; channel: number; link: string; href: string }[] {
  return SHARE_NETWORKS.filter((network) => !(hideLinkedIn && network === 'linkedin')).map((network) => {
    const channel = channelOf(network);
    const link = `${options.origin}${invitationPath(options.code, channel)}`;
    return {
      network,
      channel,
      link,
      href: shareHref(network, {
        url: link,
        title: options.title,
        summary: options.summary,
        ...(options.source ? { source: options.source } : {}),
      }),
    };
  });
}

/** The referral programme's one activity id (spec routes carry `{id}`; another id is "The activity is invalid"). */
export const REFERRAL_ACTIVITY_ID = 1;

const Minor = zod.number().int().min(0).max(100_000_000);

/** One invite task (spec §2 invite-tasks): `invites` rewarded friends → its reward, collected once. */
export const InviteTaskSettingSchema = zod.object({
  id: zod.number().int().positive().max(1000),
  invites: zod.number().int().positive().max(10_000),
  cash: Minor,
  coins: Minor,
});
export type InviteTaskSetting = zod.infer<typeof InviteTaskSettingSchema>;

/** Programme `referral` settings (PUT /api/admin/promotions/referral). Amounts in minor units. */
export const ReferralSettingsSchema = zod
  .object({
    /** What the referrer gets per qualified friend, after the hold. */
    reward: zod.object({ cash: Minor, coins: Minor }),
    /** The friend qualifies with paid deposits of at least `minDeposit` and stakes of at least `minWager`. */
    qualification: zod.object({ minDeposit: Minor, minWager: Minor }),
    /** Days between qualifying and the payment (0: the next payout run). */
    holdDays: zod.number().int().min(0).max(90),
    /** Rewards (friends paid) per referrer: per site day, per calendar month of the market, in all. */
    caps: zod.object({
      perDay: zod.number().int().positive().max(10_000),
      perMonth: zod.number().int().positive().max(100_000),
      total: zod.number().int().positive().max(1_000_000),
    }),
    tasks: zod.array(InviteTaskSettingSchema).max(20),
  })
  .refine((settings) => new Set(settings.tasks.map((task) => task.id)).size === settings.tasks.length, {
    message: 'task ids must be unique',
    path: ['tasks'],
  });
export type ReferralSettings = zod.infer<typeof ReferralSettingsSchema>;

/**
 * A referral's state: `registered` (the friend signed up with the code), `qualified` (deposit and wagering
 * reached; waiting for the hold), `paid`, `refused` (abuse or a blocked member: `reason`), `capped` (the
 * referrer's cap was reached when it fell due).
 */
export const REFERRAL_STATES = ['registered', 'qualified', 'paid', 'refused', 'capped'] as const;
export const ReferralStateSchema = zod.enum(REFERRAL_STATES);
export type ReferralState = zod.infer<typeof ReferralStateSchema>;

/** Why a referral was refused (docs/promotions.md): shared signals, or a blocked member. */
export const REFUSAL_REASONS = [
  'same-device',
  'same-mpesa',
  'same-kyc-id',
  'referrer-blocked',
  'invitee-blocked',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export const InvitationVisitSchema = zod.object({
  code: zod.string().trim().regex(INVITE_CODE_PATTERN, 'Not an invitation code'),
  channel: wholeNumber(1, SHARE_NETWORKS.length),
});
export type InvitationVisit = zod.infer<typeof InvitationVisitSchema>;

export const InvitationVisitResultSchema = zod.object({ valid: zod.boolean() });

export const ActivityParamsSchema = zod.object({ id: wholeNumber(1, 1_000_000) });

/** An invitee as the referrer sees them: masked mobile, state, progress towards qualifying. */
export const InviteeSchema = zod.object({
  mobile: zod.string(),
  channel: zod.number().int(),
  state: ReferralStateSchema,
  registeredAt: zod.string(),
  deposited: zod.number().int(),
  wagered: zod.number().int(),
  /** When the reward falls due (qualified) or was paid. */
  dueAt: zod.string().nullable(),
  paidAt: zod.string().nullable(),
  cash: zod.number().int(),
  coins: zod.number().int(),
});
export type Invitee = zod.infer<typeof InviteeSchema>;

/** `GET …/invite/{id}`: the programme as the caller sees it (refer-friend page). */
export const ReferralSummarySchema = zod.object({
  id: zod.number().int(),
  enable: zod.boolean(),
  inviteCode: zod.string(),
  reward: zod.object({ cash: zod.number().int(), coins: zod.number().int() }),
  qualification: zod.object({ minDeposit: zod.number().int(), minWager: zod.number().int() }),
  holdDays: zod.number().int(),
  invitees: zod.array(InviteeSchema),
  /** Friends whose reward was paid. */
  rewarded: zod.number().int(),
  earned: zod.object({ cash: zod.number().int(), coins: zod.number().int() }),
});
export type ReferralSummary = zod.infer<typeof ReferralSummarySchema>;

/** One reward the caller was paid (refer-detail): a friend's or an invite task's. */
export const ReferralRewardSchema = zod.object({
  kind: zod.enum(['friend', 'task']),
  /** The friend's masked mobile, or the task's number of friends. */
  label: zod.string(),
  cash: zod.number().int(),
  coins: zod.number().int(),
  paidAt: zod.string(),
});
export type ReferralReward = zod.infer<typeof ReferralRewardSchema>;

/** Invite task states: 0 going, 1 reached (collect), 4 collected (as the diamond tasks). */
export const InviteTaskSchema = zod.object({
  id: zod.number().int(),
  invites: zod.number().int(),
  cash: zod.number().int(),
  coins: zod.number().int(),
  current: zod.number().int(),
  status: zod.number().int(),
  collectedAt: zod.string().nullable(),
});
export type InviteTask = zod.infer<typeof InviteTaskSchema>;

export const InviteTaskCollectSchema = zod.object({ taskId: wholeNumber(1, 1000) });

/** `GET /admin/referrals` query. */
export const ReferralAdminQuerySchema = zod.object({
  state: ReferralStateSchema.optional(),
  flagged: zod.enum(['1', '0']).optional(),
  page: wholeNumber(1, 100_000).default(1),
  size: wholeNumber(1, 200).default(50),
});

/** A referral as an operator reviews it: both members, state, reason, the signals found. */
export const ReferralAdminRowSchema = zod.object({
  referrerId: zod.number().int(),
  inviteeId: zod.number().int(),
  channel: zod.number().int(),
  state: ReferralStateSchema,
  reason: zod.string().nullable(),
  /** Signals shared with the referrer or another invitee of theirs: kind and the other member. */
  signals: zod.array(zod.object({ kind: zod.string(), otherMemberId: zod.number().int() })),
  /** A shared IP address: reviewed by a person, never a refusal alone. */
  ipFlagged: zod.boolean(),
  deposited: zod.number().int(),
  wagered: zod.number().int(),
  cash: zod.number().int(),
  coins: zod.number().int(),
  registeredAt: zod.string(),
  qualifiedAt: zod.string().nullable(),
  dueAt: zod.string().nullable(),
  paidAt: zod.string().nullable(),
});
export type ReferralAdminRow = zod.infer<typeof ReferralAdminRowSchema>;

export const ReferralAdminPageSchema = zod.object({
  list: zod.array(ReferralAdminRowSchema),
  total: zod.number().int(),
  page: zod.number().int(),
  size: zod.number().int(),
});
