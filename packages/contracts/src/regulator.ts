import { z as zod } from 'zod';
import { CalendarDaySchema } from './calendar-day.ts';
import { RegulatorFeedFormatSchema } from './compliance.ts';
import { addDays, midnightOf } from './market-calendar.ts';

/**
 * The regulator's feed as operators read it (issue 25 §4; docs/api.md "Operators: the regulator's feed";
 * docs/compliance.md "The regulator's feed"). Amounts in minor units of the market's currency.
 */

/** Gross and net gaming revenue of a span, as the revenue module defines them (docs/compliance.md). */
export const GamingRevenueSchema = zod.object({
  bets: zod.number().int(),
  betAmount: zod.number().int(),
  /** Stakes given back (rollbacks: a cancelled bet, a stopped round refunded): never wins. */
  refunds: zod.number().int(),
  refundAmount: zod.number().int(),
  /** betAmount − refundAmount, real and bonus money alike. */
  stakes: zod.number().int(),
  /** The part of the stakes paid from bonus cash. */
  bonusStakes: zod.number().int(),
  wins: zod.number().int(),
  winAmount: zod.number().int(),
  /** stakes − winAmount. */
  ggr: zod.number().int(),
  /** What the promotion budgets paid out in cash, net of what came back to them. */
  bonusCost: zod.number().int(),
  /** ggr − bonusCost. */
  ngr: zod.number().int(),
});
export type GamingRevenueFigures = zod.infer<typeof GamingRevenueSchema>;

export const RegulatorExportFileSchema = zod.object({
  /** The file's name in the format (`transactions.csv`, `apostas.csv`…): the download's `:file`. */
  name: zod.string(),
  rows: zod.number().int(),
  bytes: zod.number().int(),
  /** SHA-256 of the file's bytes, hex. */
  checksum: zod.string(),
});

export const RegulatorExportRunSchema = zod.object({
  id: zod.number().int(),
  day: zod.string(),
  format: RegulatorFeedFormatSchema,
  status: zod.enum(['running', 'done', 'failed']),
  /** Data rows of every file (headers not counted). */
  rows: zod.number().int(),
  /** SHA-256 over the files' checksums in order: two runs of one day with equal bytes have equal checksums. */
  checksum: zod.string().nullable(),
  files: zod.array(RegulatorExportFileSchema),
  error: zod.string().nullable(),
  startedAt: zod.string(),
  producedAt: zod.string().nullable(),
  /** Produced after the day's deadline (the next day at `dailyDeadline`, local time). */
  late: zod.boolean(),
});
export type RegulatorExportRun = zod.infer<typeof RegulatorExportRunSchema>;

export const RegulatorExportsQuerySchema = zod.object({
  /** One day (YYYY-MM-DD, the market's calendar); absent: the last 14 days. */
  day: CalendarDaySchema.optional(),
});

export const RegulatorExportsSchema = zod.object({
  format: RegulatorFeedFormatSchema,
  /** The previous day's files are due by this local time. */
  dailyDeadline: zod.string(),
  timeZone: zod.string(),
  /** The first day the feed ever exported, or null before its first run: no day before it is due. */
  firstDay: zod.string().nullable(),
  /** Runs, newest first (a re-run of a day is a run of its own). */
  runs: zod.array(RegulatorExportRunSchema),
  /** The near-real-time feed (Kenya), or null where the market has none. */
  live: zod
    .object({
      batches: zod.number().int(),
      /** Batches written to the outbox and not yet in the file store. */
      waiting: zod.number().int(),
      lastTransactionId: zod.number().int().nullable(),
      lastStoredAt: zod.string().nullable(),
    })
    .nullable(),
});
export type RegulatorExports = zod.infer<typeof RegulatorExportsSchema>;

export const RegulatorExportFileParamsSchema = zod.object({
  day: CalendarDaySchema,
  /** A file name of the market's format. */
  file: zod.string().regex(/^[a-z][a-z0-9-]{0,40}\.(csv|jsonl|json)$/),
});

/**
 * When a day's files are due: the next day at the feed's `dailyDeadline` (HH:MM), in the market's time zone.
 * The server marks a run late by it; the back office tells a day still pending from one overdue.
 */
export function regulatorDeadlineOf(day: string, feed: { timeZone: string; dailyDeadline: string }): Date {
  const [hours, minutes] = feed.dailyDeadline.split(':').map(Number);
  return new Date(midnightOf(addDays(day, 1), feed.timeZone).getTime() + (hours! * 60 + minutes!) * 60_000);
}
