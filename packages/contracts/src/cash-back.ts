import { z as zod } from 'zod';
import { CalendarDaySchema } from './calendar-day.ts';
import { wholeNumber } from './whole-number.ts';

/**
 * Weekly cash back (issue 15 §3, spec §4 "VIP benefit claim", §9 "Cash back"; docs/promotions.md "Weekly
 * cash back"). A week is Monday 00:00 to Sunday 23:59 in the market's time zone, named by its Monday
 * (`YYYY-MM-DD`). Amounts in minor units.
 */

/** VIP levels 1 to 10 (spec §4). */
export const VIP_LEVELS = 10;

/** The operator's settings (programme `cash-back`). */
export const CashBackSettingsSchema = zod.object({
  /** Percent of the week's own-money net loss paid back, for VIP levels 1 to 10 in order (0 to 100, 2 decimals). */
  rates: zod
    .array(
      zod
        .number()
        .min(0)
        .max(100)
        .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-9, 'at most 2 decimals'),
    )
    .length(VIP_LEVELS, 'one rate for each VIP level 1 to 10'),
  /** At most this much per member and week (minor units; spec §9: 300 in the local currency). */
  cap: zod.number().int().min(0).max(1_000_000_000),
  /** The claim opens this hour (market time) on the Monday after the week (spec §9: 06:00). */
  claimOpensHour: zod.number().int().min(0).max(23),
  /** The claim closes this many days after the week ended (spec §9: Sunday 23:59, so 7). */
  claimDays: zod.number().int().min(1).max(28),
});
export type CashBackSettings = zod.infer<typeof CashBackSettingsSchema>;

/** Where an entitlement of a closed week stands for its member. */
export const CASH_BACK_STATES = [
  /** The week has closed but the job has not settled it yet (minutes after Monday 00:00). */
  'pending',
  /** Nothing to claim: no own-money net loss that week (or nothing for a blocked member). */
  'none',
  /** Settled; the claim window has not opened yet. */
  'not-open',
  'claimable',
  'claimed',
  /** The claim window closed unclaimed. */
  'expired',
] as const;
export const CashBackStateSchema = zod.enum(CASH_BACK_STATES);
export type CashBackState = zod.infer<typeof CashBackStateSchema>;

export const CashBackWeekSchema = zod.object({
  /** The week's Monday, YYYY-MM-DD (market time). */
  week: zod.string(),
  /** The week's first instant and the instant after its last (ISO). */
  from: zod.string(),
  to: zod.string(),
  /** Own-money net loss (real stakes − real rollbacks − real wins), never below 0. */
  loss: zod.number().int(),
  level: zod.number().int(),
  /** Percent. */
  rate: zod.number(),
  /** min(cap, rate × loss): an estimate for the week in play, the entitlement for a settled one. */
  amount: zod.number().int(),
  cap: zod.number().int(),
});
export type CashBackWeek = zod.infer<typeof CashBackWeekSchema>;

/** `cash-back/summary`: the week in play and the last closed week with its claim. */
export const CashBackSummarySchema = zod.object({
  enable: zod.boolean(),
  currency: zod.string(),
  current: CashBackWeekSchema,
  last: CashBackWeekSchema.extend({
    state: CashBackStateSchema,
    /** The claim window (ISO). */
    claimOpensAt: zod.string(),
    claimClosesAt: zod.string(),
    claimedAt: zod.string().nullable(),
  }),
  /** Percent for levels 1 to 10 (the rate table shown to the member). */
  rates: zod.array(zod.number()),
});
export type CashBackSummary = zod.infer<typeof CashBackSummarySchema>;

/** POST `cash-back/claim`: names the week the member saw, so a late tap never claims another week. */
export const CashBackClaimSchema = zod.object({
  /** The week's Monday, YYYY-MM-DD. */
  week: CalendarDaySchema,
});
export type CashBackClaim = zod.infer<typeof CashBackClaimSchema>;

/** The claim's answer (spec §3 "Claim response: cashbackAmount") and the new balance. */
export const CashBackClaimResultSchema = zod.object({
  week: zod.string(),
  cashbackAmount: zod.number().int(),
  money: zod.number().int(),
  withdrawMoney: zod.number().int(),
});
export type CashBackClaimResult = zod.infer<typeof CashBackClaimResultSchema>;

export const CashBackRecordSchema = zod.object({
  week: zod.string(),
  loss: zod.number().int(),
  level: zod.number().int(),
  rate: zod.number(),
  amount: zod.number().int(),
  state: CashBackStateSchema,
  claimedAt: zod.string().nullable(),
});
export type CashBackRecord = zod.infer<typeof CashBackRecordSchema>;

export const CashBackRecordsQuerySchema = zod.object({
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, 50).default(20),
});

export const CashBackRecordPageSchema = zod.object({
  list: zod.array(CashBackRecordSchema),
  total: zod.number().int(),
  page: zod.number().int(),
  size: zod.number().int(),
});
export type CashBackRecordPage = zod.infer<typeof CashBackRecordPageSchema>;
