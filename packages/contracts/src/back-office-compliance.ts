import { z as zod } from 'zod';
import { LimitNameSchema } from './limits.ts';
import { wholeNumber } from './whole-number.ts';

/**
 * The back office's identity and responsible-gambling screens (issue 26 §4; docs/back-office.md): the KYC
 * review queue's photo, the register of self-exclusions and time-outs, and each player's limit changes.
 * Every one of these reads is identity data, so each is itself an audit entry.
 */
export const COMPLIANCE_PATHS = {
  /** GET: the photo sent with a member's attempt in review, as the image it was (kyc.read, audited). */
  kycPhoto: '/admin/kyc/reviews/:memberId/photo',
  /** GET: self-exclusions and time-outs, newest first, with a filter (players.read, audited). */
  register: '/admin/compliance/register',
  /** GET: every change of a player's limits, newest first (players.read, audited). */
  limitChanges: '/admin/members/:id/limit-changes',
} as const;

/** What the verification service's result codes mean (the Smile ID style vocabulary, docs/compliance.md). */
export const IDENTITY_RESULT_CODES = ['1020', '1022', '1023', '1015'] as const;

/** The most rows one read of the register answers: an operator narrows the filter rather than scrolls. */
export const REGISTER_LIMIT = 200;

export const REGISTER_KINDS = ['self-exclusion', 'time-out'] as const;
export type RegisterKind = (typeof REGISTER_KINDS)[number];

export const RegisterQuerySchema = zod.object({
  /** Only one kind of record; both by default. */
  kind: zod.enum(REGISTER_KINDS).optional(),
  /** `in-force` (default): running now; `all`: ended ones too. */
  state: zod.enum(['in-force', 'all']).default('in-force'),
  /** One member's records. */
  memberId: wholeNumber(1, Number.MAX_SAFE_INTEGER).optional(),
  /**
   * A self-exclusion covering this identity, as recorded: a phone as E.164 digits (254712345678), a device
   * id, an ID key (KE:NATIONAL_ID:12345678) or a social login (facebook:123).
   */
  identity: zod.string().trim().min(3).max(200).optional(),
});
export type RegisterQuery = zod.input<typeof RegisterQuerySchema>;

export const ExcludedIdentitySchema = zod.object({
  kind: zod.enum(['identity', 'phone', 'device', 'social']),
  value: zod.string(),
});

export const RegisterEntrySchema = zod.object({
  kind: zod.enum(REGISTER_KINDS),
  /** The record's own id (self_exclusion or member_break); with `kind`, unique. */
  id: zod.number().int(),
  memberId: zod.number().int(),
  mobile: zod.string().nullable(),
  /** ISO 8601. */
  since: zod.string(),
  /** ISO 8601; null: a permanent self-exclusion. */
  until: zod.string().nullable(),
  /** A self-exclusion's chosen length (null: permanent, or a time-out). */
  months: zod.number().int().nullable(),
  inForce: zod.boolean(),
  /** What a self-exclusion matches: the identities gathered when it began (none for a time-out). */
  identities: zod.array(ExcludedIdentitySchema),
});
export type RegisterEntry = zod.infer<typeof RegisterEntrySchema>;

export const LimitChangeSchema = zod.object({
  id: zod.number().int(),
  name: LimitNameSchema,
  /** Minor units (minutes for `session`); null: no limit. */
  from: zod.number().nullable(),
  to: zod.number().nullable(),
  /** ISO 8601: when the change was asked. */
  requestedAt: zod.string(),
  /** ISO 8601: when it takes (or took) effect; later than `requestedAt` for a raise waiting its cooling-off. */
  appliesAt: zod.string(),
  by: zod.enum(['player', 'operator']),
  staffId: zod.number().int().nullable(),
  staffLogin: zod.string().nullable(),
  /** An operator's reason (empty for the player's own change). */
  reason: zod.string(),
});
export type LimitChange = zod.infer<typeof LimitChangeSchema>;
