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

/** A money limit's name: `deposit:day` … `stake:month`. */
export type MoneyLimitName = `${LimitKind}:${LimitPeriod}`;
export const MONEY_LIMIT_NAMES: readonly MoneyLimitName[] = LIMIT_KINDS.flatMap((kind) =>
  LIMIT_PERIODS.map((period) => `${kind}:${period}` as const),
);

/**
 * The session time limit (docs/decisions.md "The session time limit"): the longest one play session may
 * last, in minutes. A session is a stretch of real-money bets without a pause of `SESSION_PAUSE_MINUTES`;
 * it is timed from its first bet; past its limit every bet is refused until that pause has passed since its
 * last bet, which ends it. Its changes follow the money limits' rules (a shorter one at once, a longer one
 * or none after the cooling-off).
 */
export const SESSION_LIMIT = 'session';
/** A break of this long without a bet ends a play session; after a session's limit, play waits for it. */
export const SESSION_PAUSE_MINUTES = 30;
/** The lengths the player chooses from, minutes (an operator may set any shorter one). */
export const SESSION_LIMIT_CHOICES = [15, 30, 45, 60, 90, 120, 180, 240, 360] as const;
/** The longest session limit accepted, minutes: a day. */
export const SESSION_LIMIT_MAX_MINUTES = 24 * 60;

/** A limit's name: a money limit, or the session time limit. */
export type LimitName = MoneyLimitName | typeof SESSION_LIMIT;
export const LIMIT_NAMES: readonly LimitName[] = [...MONEY_LIMIT_NAMES, SESSION_LIMIT];
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
  session: 'LIMIT_SESSION',
} as const satisfies Record<LimitName, string>;

/** The largest limit accepted, minor units (a billion of the major unit: no real limit is above it). */
export const LIMIT_MAX = 100_000_000_000;

/** The largest amount a limit accepts: minutes up to a day for the session limit, else LIMIT_MAX. */
export function limitMaxOf(name: LimitName): number {
  return name === SESSION_LIMIT ? SESSION_LIMIT_MAX_MINUTES : LIMIT_MAX;
}

const limitAmountFits = ({ name, amount }: { name: LimitName; amount: number | null }) =>
  amount === null || amount <= limitMaxOf(name);
const LIMIT_AMOUNT_FITS = {
  message: `A session limit is at most ${SESSION_LIMIT_MAX_MINUTES} minutes`,
  path: ['amount'],
};

/**
 * One change asked: `amount` the new limit in minor units (minutes for `session`), or null to remove it
 * (counts as a raise).
 * Only the limits named change; the others stay as they are.
 */
export const SetLimitsBodySchema = zod.object({
  limits: zod
    .array(
      zod
        .object({ name: LimitNameSchema, amount: wholeNumber(1, LIMIT_MAX).nullable() })
        .refine(limitAmountFits, LIMIT_AMOUNT_FITS),
    )
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
  .array(
    zod
      .object({ name: LimitNameSchema, amount: wholeNumber(1, LIMIT_MAX) })
      .refine(limitAmountFits, LIMIT_AMOUNT_FITS),
  )
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
export const LowerLimitBodySchema = zod
  .object({
    name: LimitNameSchema,
    amount: wholeNumber(1, LIMIT_MAX),
    reason: zod.string().trim().min(3).max(500),
  })
  .refine(limitAmountFits, LIMIT_AMOUNT_FITS);
export type LowerLimitBody = zod.infer<typeof LowerLimitBodySchema>;

export const PlayerLimitSchema = zod.object({
  name: LimitNameSchema,
  /** The limit in force (null: none): minor units, or minutes for the session limit. */
  amount: zod.number().int().nullable(),
  /**
   * What counts against it so far this period (losses may be below 0 after wins); for the session limit,
   * the minutes the current play session has lasted (0: none under way).
   */
  used: zod.number().int(),
  /**
   * When the period ends and `used` starts again from 0, epoch ms; for the session limit, when the
   * current session ends unless another bet is placed (its last bet and the pause): after its limit, when
   * play may start again.
   */
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
