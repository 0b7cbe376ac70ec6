import { addDays, calendarDayOf, dayRange, weekdayOf } from '@app/contracts/market-calendar';
import type { CashDrawSettings, LotteryDrawKind, LotterySettings } from '@app/contracts/lottery';
import type { CashDrawPrizeRules } from '@app/fair/cash-draw';
import { expectedFixedReturn, type LotteryPrizeRules } from '@app/fair/lottery';

/**
 * The lottery's and the cash draw's pure server rules (docs/promotions.md "The 6+1 lottery and the cash
 * draw"): which draws a schedule makes, the terms each draw is copied with, the jackpot estimate. Times of
 * day are the market's wall clock (country profile `timeZone`; our markets keep no daylight saving time).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What a draw row carries in `settings`: the terms it is sold and settled with, fixed when it is made. */
export type LotteryDrawTerms = { kind: LotteryDrawKind; rules: LotteryPrizeRules; maxTicketsPerDraw: number };
export type CashDrawTerms = { rules: CashDrawPrizeRules; maxEntriesPerDraw: number };

export type PlannedDrawTimes = {
  ref: string;
  salesOpenAt: Date;
  salesCloseAt: Date;
  drawAt: Date;
};

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/**
 * The draws of a weekly schedule whose draw time falls in [from, to), named `<prefix>:<market date>`, and
 * whose sales have not closed by `from` (a draw that can sell nothing is not made).
 */
export function drawTimesBetween(
  schedule: {
    prefix: string;
    days: readonly number[];
    time: string;
    openHoursBefore: number;
    closeMinutesBefore: number;
  },
  window: { from: Date; to: Date; timeZone: string },
): PlannedDrawTimes[] {
  const draws: PlannedDrawTimes[] = [];
  const last = calendarDayOf(new Date(window.to.getTime() + DAY), window.timeZone);
  for (
    let day = calendarDayOf(new Date(window.from.getTime() - DAY), window.timeZone);
    day <= last;
    day = addDays(day, 1)
  ) {
    if (!schedule.days.includes(weekdayOf(day))) continue;
    const drawAt = new Date(
      dayRange(day, window.timeZone).from.getTime() + minutesOf(schedule.time) * MINUTE,
    );
    const salesCloseAt = new Date(drawAt.getTime() - schedule.closeMinutesBefore * MINUTE);
    if (drawAt < window.from || drawAt >= window.to || salesCloseAt <= window.from) continue;
    draws.push({
      ref: `${schedule.prefix}:${day}`,
      salesOpenAt: new Date(drawAt.getTime() - schedule.openHoursBefore * HOUR),
      salesCloseAt,
      drawAt,
    });
  }
  return draws;
}

/** A lottery draw's kind from its ref (`main:2026-11-28`, `daily:2026-11-29`). */
export function kindOfRef(ref: string): LotteryDrawKind {
  return ref.startsWith('daily:') ? 'daily' : 'main';
}

export function lotteryTermsOf(settings: LotterySettings, kind: LotteryDrawKind): LotteryDrawTerms {
  const schedule = settings[kind];
  return {
    kind,
    maxTicketsPerDraw: settings.maxTicketsPerDraw,
    rules: {
      houseShare: settings.houseShare,
      poolShares: settings.poolShares,
      fixedPrizes: settings.fixedPrizes,
      jackpotSeed: schedule.jackpotSeed,
      takesRollover: schedule.takesRollover,
    },
  };
}

export function cashDrawTermsOf(settings: CashDrawSettings): CashDrawTerms {
  return {
    maxEntriesPerDraw: settings.maxEntriesPerDraw,
    rules: { houseShare: settings.houseShare, shares: settings.shares },
  };
}

/**
 * The first tier's pool if the draw closed now: its share of what the prize fund leaves after the fixed
 * prizes' expectation, plus the rollover it takes, and never below the seed (which the house guarantees
 * when the tier is won). An estimate: the fixed prizes actually won decide the pool.
 */
export function jackpotEstimate(input: {
  sales: number;
  price: number;
  reserve: number;
  rules: LotteryPrizeRules;
}): number {
  const { sales, price, reserve, rules } = input;
  const prizeFund = sales - Math.floor((sales * rules.houseShare) / 100);
  const fixed = Math.round(sales * expectedFixedReturn(rules, price));
  const pool = Math.floor((Math.max(0, prizeFund - fixed) * rules.poolShares[0]) / 100);
  return Math.max(rules.jackpotSeed, pool + (rules.takesRollover ? reserve : 0));
}
