import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';

/**
 * Responsible-gambling limits a player sets on themselves (issue 25 §2; docs/compliance.md "Limits that
 * hold"): deposits, losses (stakes less wins) and stakes per day, week and month of the market's calendar
 * (the week from Monday), in minor units. A lower limit applies at once; a higher one, or removing one,
 * after the market's cooling-off (`compliance.limits.coolingOffHours`). The wallet checks them inside the
 * transaction that moves the money.
 */
export const LIMIT_KINDS = ['deposit', 'loss', 'stake'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** A limit's name: `deposit:day` … `stake:month`. */
export type LimitName = `${LimitKind}:${LimitPeriod}`;
export const LIMIT_NAMES: readonly LimitName[] = LIMIT_KINDS.flatMap((kind) =>
  LIMIT_PERIODS.map((period) => `${kind}:${period}` as const),
);
export const LimitNameSchema = zod.enum(LIMIT_NAMES as [LimitName, ...LimitName[]]);

/** The error key of a refusal by a limit: it names the limit, and its text says when it resets. */
export const LIMIT_ERROR_KEYS = {
  'deposit:day': 'LIMIT_DEPOSIT_DAY',
  'deposit:week': 'LIMIT_DEPOSIT_WEEK',
  'deposit:month': 'LIMIT_DEPOSIT_MONTH',
  'loss:day': 'LIMIT_LOSS_DAY',
  'loss:week': 'LIMIT_LOSS_WEEK',
  'loss:month': 'LIMIT_LOSS_MONTH',
  'stake:day': 'LIMIT_STAKE_DAY',
  'stake:week': 'LIMIT_STAKE_WEEK',
  'stake:month': 'LIMIT_STAKE_MONTH',
} as const satisfies Record<LimitName, string>;

/** The largest limit accepted, minor units (a billion of the major unit: no real limit is above it). */
export const LIMIT_MAX = 100_000_000_000;

/**
 * One change asked: `amount` the new limit in minor units, or null to remove it (counts as a raise).
 * Only the limits named change; the others stay as they are.
 */
export const SetLimitsBodySchema = zod.object({
  limits: zod
    .array(zod.object({ name: LimitNameSchema, amount: wholeNumber(1, LIMIT_MAX).nullable() }))
    .min(1)
    .max(LIMIT_NAMES.length)
    .refine((changes) => new Set(changes.map((change) => change.name)).size === changes.length, {
      message: 'Each limit once',
    }),
});
export type SetLimitsBody = zod.infer<typeof SetLimitsBodySchema>;

/**
 * The limits a player chooses at registration where the market's law asks for them
 * (`compliance.limits.requiredAtRegistration`: Brazil): each an amount (nothing to remove yet), at least one a
 * deposit limit.
 */
export const RegistrationLimitsSchema = zod
  .array(zod.object({ name: LimitNameSchema, amount: wholeNumber(1, LIMIT_MAX) }))
  .min(1)
  .max(LIMIT_NAMES.length)
  .refine((limits) => new Set(limits.map((limit) => limit.name)).size === limits.length, {
    message: 'Each limit once',
  })
  .refine((limits) => limits.some((limit) => limit.name.startsWith('deposit:')), {
    message: 'A deposit limit at least',
  });
export type RegistrationLimits = zod.infer<typeof RegistrationLimitsSchema>;

/** An operator lowers a player's limit (never raises it), with the reason the audit log keeps. */
export const LowerLimitBodySchema = zod.object({
  name: LimitNameSchema,
  amount: wholeNumber(1, LIMIT_MAX),
  reason: zod.string().trim().min(3).max(500),
});
export type LowerLimitBody = zod.infer<typeof LowerLimitBodySchema>;

export const PlayerLimitSchema = zod.object({
  name: LimitNameSchema,
  /** The limit in force (null: none). */
  amount: zod.number().int().nullable(),
  /** What counts against it so far this period (losses may be below 0 after wins). */
  used: zod.number().int(),
  /** When the period ends and `used` starts again from 0, epoch ms. */
  resetsAt: zod.number().int(),
  /** A raise or removal waiting for its cooling-off: the amount (null: removal) and when it applies. */
  pending: zod.object({ amount: zod.number().int().nullable(), appliesAt: zod.number().int() }).nullable(),
});
export type PlayerLimit = zod.infer<typeof PlayerLimitSchema>;

export const PlayerLimitsSchema = zod.object({
  limits: zod.array(PlayerLimitSchema),
  /** How long a raise or a removal waits, hours (the market's law). */
  coolingOffHours: zod.number().int(),
});
export type PlayerLimits = zod.infer<typeof PlayerLimitsSchema>;

/** A limit moved down at once or up after the cooling-off: the rule both the server and the app show. */
export function isRaise(current: number | null, next: number | null): boolean {
  if (current === null) return false;
  return next === null || next > current;
}

/** The player an operator names (`/admin/members/:id/limits`). */
export const MemberIdParamsSchema = zod.object({ id: wholeNumber(1, Number.MAX_SAFE_INTEGER) });
