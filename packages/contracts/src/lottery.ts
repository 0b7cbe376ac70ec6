import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';
import { DrawIdSchema, DrawStatusSchema } from './draws.ts';

/**
 * The 6+1 lottery and the cash draw (issue 16 §4 §5; docs/promotions.md "The 6+1 lottery and the cash
 * draw", docs/api.md). Both run on the draw engine (docs/draws.md); their rules are packages/fair's
 * lottery.ts and cash-draw.ts. Amounts in minor units; instants as ISO strings.
 */

/** A ticket: 6 distinct red of 1–33 and 1 blue of 1–16 (the same numbers as packages/fair lottery.ts). */
export const LOTTERY_RED_PICKS = 6;
export const LOTTERY_RED_MAX = 33;
export const LOTTERY_BLUE_MAX = 16;
/** Tickets one purchase may hold (picked and quick-picked together). */
export const LOTTERY_MAX_PER_PURCHASE = 50;

export const LotteryPickSchema = zod.object({
  red: zod
    .array(zod.number().int().min(1).max(LOTTERY_RED_MAX, 'red numbers are 1 to 33'))
    .length(LOTTERY_RED_PICKS, 'pick exactly 6 red numbers')
    .refine((red) => new Set(red).size === red.length, 'red numbers must be different'),
  blue: zod.number().int().min(1).max(LOTTERY_BLUE_MAX, 'the blue number is 1 to 16'),
});
export type LotteryPick = zod.infer<typeof LotteryPickSchema>;

export const LOTTERY_PAY = ['cash', 'ticket'] as const;
export const LotteryPaySchema = zod.enum(LOTTERY_PAY);
export type LotteryPay = zod.infer<typeof LotteryPaySchema>;

/** POST `lottery/buy`: tickets picked, and/or `quick` tickets quick-picked by the server; cash or free tickets. */
export const LotteryBuySchema = zod
  .object({
    drawId: DrawIdSchema,
    picks: zod.array(LotteryPickSchema).max(LOTTERY_MAX_PER_PURCHASE).default([]),
    quick: zod.number().int().min(0).max(LOTTERY_MAX_PER_PURCHASE).default(0),
    pay: LotteryPaySchema.default('cash'),
  })
  .refine(
    (body) =>
      body.picks.length + body.quick >= 1 && body.picks.length + body.quick <= LOTTERY_MAX_PER_PURCHASE,
    { message: `1 to ${LOTTERY_MAX_PER_PURCHASE} tickets per purchase`, path: ['picks'] },
  );
export type LotteryBuy = zod.infer<typeof LotteryBuySchema>;

export const LotteryTicketSchema = zod.object({ ticketNo: zod.number().int(), entry: zod.string() });

export const LotteryBuyResultSchema = zod.object({
  drawId: zod.number().int(),
  tickets: zod.array(LotteryTicketSchema),
  pay: LotteryPaySchema,
  /** Cash the member paid (0 with free tickets). */
  paid: zod.number().int(),
  /** Free tickets spent. */
  ticketsSpent: zod.number().int(),
  money: zod.number().int(),
  withdrawMoney: zod.number().int(),
  /** Free tickets left. */
  freeTickets: zod.number().int(),
});
export type LotteryBuyResult = zod.infer<typeof LotteryBuyResultSchema>;

export const LOTTERY_DRAW_KINDS = ['main', 'daily'] as const;
export const LotteryDrawKindSchema = zod.enum(LOTTERY_DRAW_KINDS);
export type LotteryDrawKind = zod.infer<typeof LotteryDrawKindSchema>;

export const LotteryNumbersSchema = zod.object({
  red: zod.array(zod.number().int()),
  blue: zod.number().int(),
});
export type LotteryNumbers = zod.infer<typeof LotteryNumbersSchema>;

/** One draw of the lottery as its pages show it. */
export const LotteryDrawSchema = zod.object({
  id: zod.number().int(),
  kind: LotteryDrawKindSchema,
  ref: zod.string(),
  price: zod.number().int(),
  salesOpenAt: zod.string(),
  salesCloseAt: zod.string(),
  drawAt: zod.string(),
  /** The public randomness round, fixed before sales open. */
  beaconRound: zod.number().int(),
  status: DrawStatusSchema,
  /** Sales are open now. */
  onSale: zod.boolean(),
  ticketCount: zod.number().int(),
  /** The first tier's estimated pool (upcoming draws) or its pool (settled draws). */
  jackpot: zod.number().int(),
  numbers: LotteryNumbersSchema.nullable(),
  /** Why a closed draw still waits for its randomness. */
  delayReason: zod.string().nullable(),
});
export type LotteryDraw = zod.infer<typeof LotteryDrawSchema>;

export const LotteryTierRuleSchema = zod.object({
  tier: zod.number().int(),
  /** [red matches, blue matched] pairs that win the tier. */
  matches: zod.array(zod.tuple([zod.number().int(), zod.boolean()])),
  /** Tickets of the 17,721,088 that win it against any draw; odds are 1 in COMBINATIONS / count. */
  count: zod.number().int(),
  /** Pooled tiers: percent of the pool; fixed tiers: the amount per winning ticket. */
  share: zod.number().nullable(),
  fixed: zod.number().int().nullable(),
});

/** The rules a player reads (from the operator's settings). */
export const LotteryRulesSchema = zod.object({
  price: zod.number().int(),
  /** Percent of sales to prizes: the stated return to players. */
  returnToPlayers: zod.number(),
  houseShare: zod.number(),
  /** The expected part of the price the fixed tiers pay back (percent), from the tier table. */
  fixedReturn: zod.number(),
  jackpotSeed: zod.number().int(),
  closeMinutesBefore: zod.number().int(),
  maxTicketsPerDraw: zod.number().int(),
  tiers: zod.array(LotteryTierRuleSchema),
  /** Draw times per kind, market time: weekdays (0 Sunday … 6 Saturday) and HH:MM. */
  schedule: zod.array(
    zod.object({ kind: LotteryDrawKindSchema, days: zod.array(zod.number().int()), time: zod.string() }),
  ),
  timeZone: zod.string(),
});
export type LotteryRules = zod.infer<typeof LotteryRulesSchema>;

/** `lottery/draws`: the next main and daily draws, the latest results and the rules. */
export const LotteryDrawsSchema = zod.object({
  upcoming: zod.array(LotteryDrawSchema),
  recent: zod.array(LotteryDrawSchema),
  rules: LotteryRulesSchema,
});
export type LotteryDraws = zod.infer<typeof LotteryDrawsSchema>;

export const LotteryPageQuerySchema = zod.object({
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, 50).default(20),
});

export const LotteryMyTicketSchema = zod.object({
  drawId: zod.number().int(),
  kind: LotteryDrawKindSchema,
  drawAt: zod.string(),
  status: DrawStatusSchema,
  ticketNo: zod.number().int(),
  entry: zod.string(),
  pay: zod.string(),
  numbers: LotteryNumbersSchema.nullable(),
  /** Null until the draw is settled, and for a ticket that won nothing. */
  tier: zod.number().int().nullable(),
  prize: zod.number().int().nullable(),
  createdAt: zod.string(),
});
export type LotteryMyTicket = zod.infer<typeof LotteryMyTicketSchema>;

export const LotteryMyTicketsSchema = zod.object({
  list: zod.array(LotteryMyTicketSchema),
  page: zod.number().int(),
  size: zod.number().int(),
  /** The caller's free tickets (VIP benefit 8). */
  freeTickets: zod.number().int(),
});
export type LotteryMyTickets = zod.infer<typeof LotteryMyTicketsSchema>;

export const DrawIdQuerySchema = zod.object({ drawId: DrawIdSchema });

export const LotteryTierResultSchema = zod.object({
  tier: zod.number().int(),
  winners: zod.number().int(),
  perWinner: zod.number().int(),
  pool: zod.number().int(),
});

/** How a settled draw's money went (docs/promotions.md): the ledger shows the same amounts. */
export const DrawMoneySchema = zod.object({
  sales: zod.number().int(),
  houseShare: zod.number().int(),
  rolloverIn: zod.number().int(),
  seedTopUp: zod.number().int(),
  paid: zod.number().int(),
  rolloverOut: zod.number().int(),
});

/** `lottery/results?drawId`: the numbers and, once settled, the winners and prize per tier. */
export const LotteryResultSchema = zod.object({
  draw: LotteryDrawSchema,
  tiers: zod.array(LotteryTierResultSchema).nullable(),
  money: DrawMoneySchema.nullable(),
  /** The fixed prizes were scaled down (the fund and the rollover did not cover them). */
  fixedScaled: zod.boolean(),
});
export type LotteryResult = zod.infer<typeof LotteryResultSchema>;

export const WinnersQuerySchema = DrawIdQuerySchema.extend({
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, 50).default(20),
});

/** A winning member of a draw, masked (the market may hide winners entirely: reference §6). */
export const DrawWinnerSchema = zod.object({
  mobile: zod.string(),
  /** The best tier (lottery) or rank (cash draw) the member won. */
  tier: zod.number().int(),
  tickets: zod.number().int(),
  prize: zod.number().int(),
});
export const DrawWinnersSchema = zod.object({
  list: zod.array(DrawWinnerSchema),
  page: zod.number().int(),
  size: zod.number().int(),
  total: zod.number().int(),
});
export type DrawWinners = zod.infer<typeof DrawWinnersSchema>;

// The cash draw -------------------------------------------------------------------------------------------

/** Spec §5 and §9: a seed is letters and digits only, 5 to 10 characters. */
export const CashDrawSeedSchema = zod
  .string()
  .regex(/^[A-Za-z0-9]{5,10}$/, 'A seed is 5 to 10 letters and digits (no spaces or symbols)');

/** POST `cash-draw/enter`: one entry, with the player's seed if they want one. */
export const CashDrawEnterSchema = zod.object({
  drawId: DrawIdSchema,
  seed: zod.preprocess((value) => (value === '' ? undefined : value), CashDrawSeedSchema.optional()),
  pay: LotteryPaySchema.default('cash'),
});
export type CashDrawEnter = zod.infer<typeof CashDrawEnterSchema>;

export const CashDrawEntrySchema = zod.object({
  drawId: zod.number().int(),
  ticketNo: zod.number().int(),
  /** `CODE:seed` as committed in the list. */
  entry: zod.string(),
  code: zod.string(),
  seed: zod.string().nullable(),
});

export const CashDrawEnterResultSchema = CashDrawEntrySchema.extend({
  pay: LotteryPaySchema,
  paid: zod.number().int(),
  money: zod.number().int(),
  withdrawMoney: zod.number().int(),
  freeTickets: zod.number().int(),
});
export type CashDrawEnterResult = zod.infer<typeof CashDrawEnterResultSchema>;

export const CashDrawDrawSchema = zod.object({
  id: zod.number().int(),
  ref: zod.string(),
  price: zod.number().int(),
  salesOpenAt: zod.string(),
  salesCloseAt: zod.string(),
  drawAt: zod.string(),
  beaconRound: zod.number().int(),
  status: DrawStatusSchema,
  onSale: zod.boolean(),
  ticketCount: zod.number().int(),
  /** The prize pool now (sales after the house's share, and the rollover). */
  pool: zod.number().int(),
  /** Percent of the pool per winner rank. */
  shares: zod.array(zod.number()),
  /** Winning ticket numbers in rank order, once drawn. */
  winners: zod.array(zod.number().int()).nullable(),
  delayReason: zod.string().nullable(),
});
export type CashDrawDraw = zod.infer<typeof CashDrawDrawSchema>;

/** `cash-draw/current`: the draw on sale (or next), the last ones drawn, and the terms. */
export const CashDrawCurrentSchema = zod.object({
  current: CashDrawDrawSchema.nullable(),
  recent: zod.array(CashDrawDrawSchema),
  houseShare: zod.number(),
  maxEntriesPerDraw: zod.number().int(),
  time: zod.string(),
  timeZone: zod.string(),
});
export type CashDrawCurrent = zod.infer<typeof CashDrawCurrentSchema>;

export const CashDrawMyEntrySchema = CashDrawEntrySchema.extend({
  drawAt: zod.string(),
  status: DrawStatusSchema,
  /** Rank won (1 first), null otherwise or until settled. */
  rank: zod.number().int().nullable(),
  prize: zod.number().int().nullable(),
  createdAt: zod.string(),
});
export const CashDrawMyEntriesSchema = zod.object({
  list: zod.array(CashDrawMyEntrySchema),
  page: zod.number().int(),
  size: zod.number().int(),
  freeTickets: zod.number().int(),
});
export type CashDrawMyEntries = zod.infer<typeof CashDrawMyEntriesSchema>;

/** `cash-draw/results?drawId`: the winners in rank order with their lines, and where the money went. */
export const CashDrawResultSchema = zod.object({
  draw: CashDrawDrawSchema,
  winners: zod
    .array(
      zod.object({
        rank: zod.number().int(),
        ticketNo: zod.number().int(),
        entry: zod.string(),
        mobile: zod.string(),
        prize: zod.number().int(),
      }),
    )
    .nullable(),
  money: DrawMoneySchema.nullable(),
});
export type CashDrawResult = zod.infer<typeof CashDrawResultSchema>;

// Operator settings (programmes `lottery` and `cash-draw`, through PUT /api/admin/promotions/{code}) ---------

const TimeOfDaySchema = zod.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day is HH:MM');
const WeekdaysSchema = zod
  .array(zod.number().int().min(0).max(6))
  .max(7)
  .refine((days) => new Set(days).size === days.length, 'each weekday once');
const Percent = zod.number().int().min(0).max(100);
const Amount = zod.number().int().min(0).max(1e13);

export const LotteryKindSettingsSchema = zod.object({
  enabled: zod.boolean(),
  /** Weekdays of the draw, market time: 0 Sunday … 6 Saturday. */
  days: WeekdaysSchema,
  /** The draw time, market time. */
  time: TimeOfDaySchema,
  /** Sales open this many hours before the draw. */
  openHoursBefore: zod
    .number()
    .int()
    .min(1)
    .max(24 * 14),
  /** The first tier's pool takes the whole rollover (the main draws' jackpot). */
  takesRollover: zod.boolean(),
  /** The least the first tier pays when won; the house adds the difference. */
  jackpotSeed: Amount,
});

export const LotterySettingsSchema = zod
  .object({
    price: zod.number().int().min(1).max(100_000_000),
    /** Sales close this many minutes before the draw time. */
    closeMinutesBefore: zod
      .number()
      .int()
      .min(1)
      .max(24 * 60),
    /** Tickets one member may hold in one draw (a responsible-gambling limit). */
    maxTicketsPerDraw: zod.number().int().min(1).max(100_000),
    main: LotteryKindSettingsSchema,
    daily: LotteryKindSettingsSchema,
    /** The house's percent of sales; the rest is the prize fund (the stated return to players). */
    houseShare: Percent,
    /** Percent of the pool (what the fixed prizes leave) for tiers 1 and 2. */
    poolShares: zod.tuple([Percent, Percent]),
    /** Fixed prize per winning ticket of tiers 3, 4, 5 and 6. */
    fixedPrizes: zod.tuple([Amount, Amount, Amount, Amount]),
  })
  .refine((settings) => settings.poolShares[0] + settings.poolShares[1] === 100, {
    message: 'the two pool shares sum to 100',
    path: ['poolShares'],
  });
export type LotterySettings = zod.infer<typeof LotterySettingsSchema>;

/** The cash draw's winners per draw: the outcome draws this many tickets (fewer with fewer entries). */
export const CASH_DRAW_RANKS = 5;

export const CashDrawSettingsSchema = zod.object({
  price: zod.number().int().min(1).max(100_000_000),
  /** Draw days (0 Sunday … 6 Saturday) and time, market time. */
  days: WeekdaysSchema,
  time: TimeOfDaySchema,
  openHoursBefore: zod
    .number()
    .int()
    .min(1)
    .max(24 * 14),
  closeMinutesBefore: zod
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  maxEntriesPerDraw: zod.number().int().min(1).max(100_000),
  houseShare: Percent,
  /** Percent of the pool for winner ranks 1, 2, …; at most 100 in all (the rest rolls over). */
  shares: zod
    .array(zod.number().int().min(1).max(100))
    .min(1)
    .max(100)
    .refine(
      (shares) => shares.reduce((sum, share) => sum + share, 0) <= 100,
      'the shares sum to at most 100',
    ),
});
export type CashDrawSettings = zod.infer<typeof CashDrawSettingsSchema>;
