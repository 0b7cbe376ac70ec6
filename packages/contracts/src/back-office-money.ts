import { z as zod } from 'zod';
import { SYSTEM_OPTION, WithdrawSwitchSchema } from './config.ts';
import { TotpCodeSchema } from './staff.ts';
import { wholeNumber } from './whole-number.ts';

/**
 * The back office's money with two people (issue 26 §3; docs/api.md "Operators: system options" and
 * "Operators: manual adjustments"): the system options an operator reads and changes, and manual credits
 * and debits as maker-checker requests. Amounts in minor units (cash) or whole units (coins, diamonds,
 * tickets).
 */

// ---- System options -------------------------------------------------------------------------------------

/** The amounts of option 6003: whole minor units, two approvers from at least the automatic amount. */
export const WithdrawApprovalOptionSchema = zod
  .object({
    automaticUpTo: zod.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    twoApproversAbove: zod.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  })
  .strict()
  .refine((value) => value.twoApproversAbove >= value.automaticUpTo, {
    message: 'twoApproversAbove must be at least automaticUpTo',
    path: ['twoApproversAbove'],
  });

/** A JSON text whose value `schema` accepts (the options stored as JSON). */
function jsonText(schema: zod.ZodType) {
  return zod.string().superRefine((text, context) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      context.addIssue({ code: 'custom', message: 'Must be JSON' });
      return;
    }
    const parsed = schema.safeParse(value);
    for (const issue of parsed.error?.issues ?? []) {
      context.addIssue({ code: 'custom', message: issue.message, path: issue.path as (string | number)[] });
    }
  });
}

const switchText = zod.enum(['0', '1'], { error: 'Must be 0 (off) or 1 (on)' });
const wholeText = zod.string().regex(/^\d{1,12}$/, 'Must be a whole number');

/**
 * What each option's content must be, where the server reads it as data (the others are texts shown to
 * players, at most OPTION_TEXT_MAX characters). The same schema checks the back office's form and the route.
 */
export const OPTION_CONTENT_SCHEMAS: Partial<Record<number, zod.ZodType<string>>> = {
  [SYSTEM_OPTION.WITHDRAW_LIMIT]: zod
    .string()
    .regex(/^\d{1,12}:\d{1,12}:\d{1,4}$/, 'Must be minimum:maximum:count a day (e.g. 100:150000:1)'),
  [SYSTEM_OPTION.SMS_CODE_SWITCH]: switchText,
  [SYSTEM_OPTION.MIN_DEPOSIT]: wholeText,
  [SYSTEM_OPTION.WITHDRAW_TAX_SWITCH]: switchText,
  [SYSTEM_OPTION.WITHDRAW_TAX_AMOUNT]: zod
    .string()
    .regex(/^(100|\d{1,2})(\.\d{1,2})?$/, 'Must be a percentage from 0 to 100'),
  [SYSTEM_OPTION.WITHDRAW_ENABLE]: jsonText(WithdrawSwitchSchema),
  [SYSTEM_OPTION.WITHDRAW_APPROVAL]: jsonText(WithdrawApprovalOptionSchema),
};
export const OPTION_TEXT_MAX = 20_000;

/** The schema an option's content must meet: its own, or a text of at most OPTION_TEXT_MAX characters. */
export function optionContentSchema(type: number): zod.ZodType<string> {
  return OPTION_CONTENT_SCHEMAS[type] ?? zod.string().max(OPTION_TEXT_MAX);
}

/**
 * Options an operator may set that are not stored until they do (absent, the market's own apply): their
 * name when the first is made.
 */
export const SETTABLE_OPTION_NAMES: Partial<Record<number, string>> = {
  [SYSTEM_OPTION.WITHDRAW_APPROVAL]: 'withdrawal approval amounts',
};

export const AdminSystemOptionSchema = zod.object({
  /** The stored row's id; null for a settable option not stored yet. */
  id: zod.number().int().nullable(),
  type: zod.number().int(),
  name: zod.string(),
  /** The stored content (the default language's; translations are kept as they are). */
  content: zod.string(),
  /** 0: every platform, otherwise the `platform` header value it is for. */
  platform: zod.number().int(),
  /** Read by the server only, never served to players' apps (OPERATOR_ONLY_OPTION_TYPES). */
  operatorOnly: zod.boolean(),
  /** ISO 8601, null when not stored yet. */
  updatedAt: zod.string().nullable(),
});
export type AdminSystemOption = zod.infer<typeof AdminSystemOptionSchema>;

export const AdminSystemOptionsSchema = zod.object({
  options: zod.array(AdminSystemOptionSchema),
  /** The market's own withdrawal approval amounts, which apply while option 6003 is not set (or invalid). */
  marketWithdrawalApproval: WithdrawApprovalOptionSchema,
});
export type AdminSystemOptions = zod.infer<typeof AdminSystemOptionsSchema>;

export const SystemOptionTypeParamsSchema = zod.object({ type: wholeNumber(1, 2_147_483_647) });

/**
 * A new content for an option of `type` (the route's): `id` names the row when several of the type are
 * stored; none stored (a settable option) makes it. The content is checked by optionContentSchema(type).
 */
export const SystemOptionChangeSchema = zod.object({
  id: wholeNumber(1, 2_147_483_647).optional(),
  content: zod.string().max(OPTION_TEXT_MAX),
});
export type SystemOptionChange = zod.infer<typeof SystemOptionChangeSchema>;

// ---- Manual adjustments (maker-checker) -----------------------------------------------------------------

export const ADJUSTMENT_ASSETS = ['cash', 'coins', 'diamonds', 'tickets'] as const;
export type AdjustmentAsset = (typeof ADJUSTMENT_ASSETS)[number];
export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export const ADJUSTMENT_STATES = ['pending', 'executed', 'rejected'] as const;
/** The largest single adjustment: KSh 10 million in cents, or as many units. */
export const ADJUSTMENT_MAX = 1_000_000_000;

/** A maker's request: who, what, how much, why; `key` makes a repeated submission the same request. */
export const AdjustmentRequestSchema = zod.object({
  memberId: wholeNumber(1, 2 ** 31 - 1),
  asset: zod.enum(ADJUSTMENT_ASSETS),
  direction: zod.enum(ADJUSTMENT_DIRECTIONS),
  amount: wholeNumber(1, ADJUSTMENT_MAX),
  /** A cash credit the member may withdraw (a missing deposit), not bonus cash; ignored otherwise. */
  withdrawable: zod.boolean().default(false),
  /** Kept by the ledger (the journal transaction's description) and the audit log. */
  reason: zod.string().trim().min(5).max(300),
  /** The request's idempotency key, made by the form once: the same key answers the same request. */
  key: zod.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'Must be 8 to 64 letters, digits or dashes'),
});
export type AdjustmentRequest = zod.infer<typeof AdjustmentRequestSchema>;

export const AdjustmentApproveSchema = zod.object({ code: TotpCodeSchema });
export const AdjustmentRejectSchema = zod.object({
  code: TotpCodeSchema,
  note: zod.string().trim().min(3).max(300),
});

export const AdjustmentSchema = zod.object({
  id: zod.number().int(),
  memberId: zod.number().int(),
  mobile: zod.string(),
  asset: zod.enum(ADJUSTMENT_ASSETS),
  direction: zod.enum(ADJUSTMENT_DIRECTIONS),
  amount: zod.number().int(),
  withdrawable: zod.boolean(),
  reason: zod.string(),
  state: zod.enum(ADJUSTMENT_STATES),
  requestedBy: zod.object({ id: zod.number().int(), login: zod.string() }),
  requestedAt: zod.string(),
  decidedBy: zod.object({ id: zod.number().int(), login: zod.string() }).nullable(),
  decidedAt: zod.string().nullable(),
  /** The checker's note on a rejection. */
  note: zod.string().nullable(),
  /** The journal transaction that executed it. */
  transactionId: zod.number().int().nullable(),
});
export type Adjustment = zod.infer<typeof AdjustmentSchema>;

export const AdjustmentListQuerySchema = zod.object({
  state: zod.enum(ADJUSTMENT_STATES).default('pending'),
});
export const AdjustmentListSchema = zod.object({ adjustments: zod.array(AdjustmentSchema) });
export type AdjustmentList = zod.infer<typeof AdjustmentListSchema>;
export const AdjustmentIdParamsSchema = zod.object({ id: wholeNumber(1, 2 ** 31 - 1) });
