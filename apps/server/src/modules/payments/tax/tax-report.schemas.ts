import { z } from 'zod';
import { CalendarDaySchema } from '@app/contracts/calendar-day';
import { GamingRevenueSchema } from '@app/contracts/regulator';

/**
 * The operator's daily tax report (ADMIN_TOKEN; docs/api.md "Operators: the daily tax report"). Only the
 * server and an operator's tools speak it, so it lives beside its route. Amounts in minor units.
 */

export const TaxReportQuerySchema = z.object({
  /** In the market's time zone; absent means today there. */
  day: CalendarDaySchema.optional(),
});

export const TAXES = ['deposit-excise', 'withdrawal'] as const;

export const TaxLineSchema = z.object({
  /** deposit-excise: on deposits, booked with their credit; withdrawal: on paid withdrawals, at settlement. */
  kind: z.enum(TAXES),
  /** The tax-payable ledger account it was booked to. */
  account: z.string(),
  /** How many deposits credited, or withdrawals paid, booked a tax that day. */
  transactions: z.number().int(),
  /** What they moved: the deposits' amounts paid, the withdrawals' amounts taken from the balance. */
  amount: z.number().int(),
  /** The tax booked. */
  tax: z.number().int(),
});

export const TaxReportSchema = z.object({
  day: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  /** The instants the day spans: `from` inclusive, `to` exclusive (ISO 8601). */
  from: z.string(),
  to: z.string(),
  lines: z.array(TaxLineSchema),
  /** Every tax booked that day: what is owed for it. */
  total: z.number().int(),
  /** The day's gross and net gaming revenue (the revenue module's one definition; docs/compliance.md). */
  revenue: GamingRevenueSchema,
});
export type TaxReport = z.infer<typeof TaxReportSchema>;
