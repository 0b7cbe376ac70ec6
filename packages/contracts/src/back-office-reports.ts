import { z as zod } from 'zod';
import { CalendarDaySchema } from './calendar-day.ts';
import { GamingRevenueSchema } from './regulator.ts';
import { isReportPeriod, REPORT_MAX_DAYS } from './report-period.ts';

/**
 * The back office's reports (issue 26 §6; docs/back-office.md "Reports"): the money of a period of the
 * market's calendar days by day, game, provider and programme, read from the revenue module (GGR and NGR as
 * docs/compliance.md defines them, once). Amounts in minor units of the market's one currency; the CSV gives
 * them in major units with the currency named on every line.
 */

const PeriodSchema = zod.object({ from: CalendarDaySchema, to: CalendarDaySchema });
const isPeriod = isReportPeriod;
const PERIOD_MESSAGE = `The period ends on or after its first day and covers at most ${REPORT_MAX_DAYS} days`;

/** `from` and `to`: the first and last calendar days of the market, both included. */
export const RevenueReportQuerySchema = PeriodSchema.refine(isPeriod, {
  message: PERIOD_MESSAGE,
  path: ['to'],
});
export type RevenueReportQuery = zod.infer<typeof RevenueReportQuerySchema>;

export const REPORT_GROUPS = ['day', 'game', 'provider', 'programme'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The CSV of one grouping of the period. */
export const RevenueReportCsvQuerySchema = PeriodSchema.extend({ group: zod.enum(REPORT_GROUPS) }).refine(
  isPeriod,
  { message: PERIOD_MESSAGE, path: ['to'] },
);
export type RevenueReportCsvQuery = zod.infer<typeof RevenueReportCsvQuerySchema>;

const int = () => zod.number().int();
const CountAmountSchema = zod.object({ count: int(), amount: int() });
/** A tax booked in the period: on how many transactions, levied on what amount, how much. */
const TaxBookedSchema = zod.object({ transactions: int(), amount: int(), tax: int() });

/** Everything the ledger says of a day or a period (the total line). */
export const ReportFiguresSchema = zod.object({
  revenue: GamingRevenueSchema,
  deposits: CountAmountSchema,
  withdrawals: CountAmountSchema,
  taxes: zod.object({ depositExcise: TaxBookedSchema, withdrawal: TaxBookedSchema }),
  /** Members who registered (demonstration accounts too). */
  registrations: int(),
  /** Paid deposits that were their member's first ever. */
  firstDeposits: CountAmountSchema,
});
export type ReportFigures = zod.infer<typeof ReportFiguresSchema>;

export const ReportDaySchema = ReportFiguresSchema.extend({
  day: zod.string(),
  /**
   * Read at least partly from the ledger for this answer: today (its sums up to a mark, then the ledger after
   * it), or a day the daily job has not summed yet.
   */
  live: zod.boolean(),
});
export type ReportDay = zod.infer<typeof ReportDaySchema>;

/** A game's (or a provider's) part of the revenue: a bonus's cost belongs to a programme, not to a game. */
export const GameRevenueSchema = GamingRevenueSchema.omit({ bonusCost: true, ngr: true });
export type GameRevenue = zod.infer<typeof GameRevenueSchema>;

export const ReportGameSchema = zod.object({
  /** null: stakes and wins without a game (draw tickets sold as a stake, their prizes). */
  gameId: int().nullable(),
  code: zod.string().nullable(),
  name: zod.string().nullable(),
  /** The provider (or studio) that makes it, as the regulator's files name it; null without a game. */
  provider: zod.string().nullable(),
  revenue: GameRevenueSchema,
});
export type ReportGame = zod.infer<typeof ReportGameSchema>;

export const ReportProviderSchema = zod.object({
  provider: zod.string().nullable(),
  games: int(),
  revenue: GameRevenueSchema,
});
export type ReportProvider = zod.infer<typeof ReportProviderSchema>;

/** What one programme's budget paid out in the period, net of what came back: cash (the bonus cost) and kind. */
export const ReportProgrammeSchema = zod.object({
  programme: zod.string(),
  cash: int(),
  coins: int(),
  diamonds: int(),
  tickets: int(),
  payouts: int(),
});
export type ReportProgramme = zod.infer<typeof ReportProgrammeSchema>;

export const RevenueReportSchema = zod.object({
  from: zod.string(),
  to: zod.string(),
  timeZone: zod.string(),
  currency: zod.string(),
  /** Digits after the decimal point of the currency's major unit. */
  decimals: int(),
  total: ReportFiguresSchema,
  /** Every day of the period up to today, oldest first. */
  days: zod.array(ReportDaySchema),
  /** Highest stakes first. */
  games: zod.array(ReportGameSchema),
  providers: zod.array(ReportProviderSchema),
  /** Highest cash cost first. */
  programmes: zod.array(ReportProgrammeSchema),
});
export type RevenueReport = zod.infer<typeof RevenueReportSchema>;
