import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';
import { AdvertItemSchema } from './config.ts';
import { PAY_KINDS } from './lucky-refund-rules.ts';

export {
  LUCKY_REFUND_CODE,
  LUCKY_REFUND_UNREAD_MARKER,
  PAY_KINDS,
  ROUND_STATUS,
} from './lucky-refund-rules.ts';
export type { PayKind, RoundStatus } from './lucky-refund-rules.ts';

/**
 * Lucky refund (issue 16 §2, spec §2–§4, §7, §9; docs/promotions.md "Lucky refund"). Rounds run back to
 * back; each round is a draw of the draw engine (product `lucky-refund`): a code bought is a ticket, the
 * round's end closes its sales, the public randomness draws its winners, and every code that does not win
 * gets part of its price back (the "refund"). A share of every sale grows the jackpot, won each Saturday by
 * a raffle among every code of the week (the "special results"). Amounts in minor units (diamonds whole).
 */

/** The operator's settings (programme `lucky-refund`). A round copies them when planned. */
export const LuckyRefundSettingsSchema = zod
  .object({
    /** A code's price in cash (minor units). */
    price: zod.number().int().min(1).max(100_000_000),
    /** A code's price in coins (minor units); 0: not sold for coins. */
    coinsPrice: zod.number().int().min(0).max(100_000_000),
    /** A code's price in diamonds; 0: not sold for diamonds. */
    diamondsPrice: zod.number().int().min(0).max(10_000_000),
    /** How long a round sells, in minutes; rounds start at the market's midnight, back to back. */
    roundMinutes: zod
      .number()
      .int()
      .min(1)
      .max(1440)
      .refine((minutes) => 1440 % minutes === 0, 'a whole number of rounds per day'),
    /** The public randomness is taken this long after a round's sales close (at least one beacon period). */
    drawDelaySeconds: zod.number().int().min(3).max(600),
    /** Percent of its price a code that does not win gets back, in the currency it was paid in. */
    refundPercent: zod.number().int().min(0).max(100),
    /** Percent of a round's sales kept by the house. */
    housePercent: zod.number().int().min(0).max(50),
    /** Percent of a round's sales that grows the jackpot. */
    jackpotPercent: zod.number().int().min(0).max(50),
    /** The Saturday raffle's hour (market time): the week's codes close then, and the jackpot is drawn. */
    jackpotHour: zod.number().int().min(0).max(23),
    /** At most this many codes in one purchase, and per member in one round. */
    maxPerPurchase: zod.number().int().min(1).max(1000),
    maxPerMember: zod.number().int().min(1).max(100_000),
    /** The operator's rules text (empty: the app's own summary of these settings). */
    rules: zod.string().max(5000),
  })
  .refine((settings) => settings.refundPercent + settings.housePercent + settings.jackpotPercent <= 100, {
    message: 'refund, house and jackpot percents add up to at most 100',
    path: ['refundPercent'],
  })
  .refine((settings) => (settings.jackpotHour * 60) % settings.roundMinutes === 0, {
    message: "the raffle's hour falls on the end of a round",
    path: ['jackpotHour'],
  });
export type LuckyRefundSettings = zod.infer<typeof LuckyRefundSettingsSchema>;

/** What a planned round (a draw's `settings`) keeps of the programme's settings: its terms. */
export const RoundTermsSchema = zod.object({
  kind: zod.literal('round'),
  price: zod.number().int(),
  coinsPrice: zod.number().int(),
  diamondsPrice: zod.number().int(),
  winners: zod.number().int(),
  refundPercent: zod.number().int(),
  housePercent: zod.number().int(),
  jackpotPercent: zod.number().int(),
  maxPerPurchase: zod.number().int(),
  maxPerMember: zod.number().int(),
  /** The ref of the week's raffle every code of the round also enters. */
  raffle: zod.string(),
});
export type RoundTerms = zod.infer<typeof RoundTermsSchema>;

/** The Saturday raffle's terms (a draw of its own, one winner among the week's codes). */
export const RaffleTermsSchema = zod.object({ kind: zod.literal('raffle'), winners: zod.number().int() });
export type RaffleTerms = zod.infer<typeof RaffleTermsSchema>;

export const DrawTermsSchema = zod.discriminatedUnion('kind', [RoundTermsSchema, RaffleTermsSchema]);
export type DrawTerms = zod.infer<typeof DrawTermsSchema>;

// Requests -------------------------------------------------------------------------------------------------

const idField = wholeNumber(1, Number.MAX_SAFE_INTEGER);
/** A request's own key (the app makes one per tap): the same key again buys nothing twice. */
const requestIdField = zod
  .string()
  .regex(/^[\w-]{8,64}$/)
  .optional();

/** POST buy (spec §7): `couponId`, a mall coupon the caller holds, takes its discount off the cash price. */
export const LuckyRefundBuySchema = zod.object({
  refundId: idField,
  quantity: wholeNumber(1, 1000),
  couponId: zod.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    idField.optional(),
  ),
  requestId: requestIdField,
});
export type LuckyRefundBuy = zod.infer<typeof LuckyRefundBuySchema>;

/** POST buyWithCoins / buyWithDiamonds (spec §7). */
export const LuckyRefundBuyWithAssetSchema = zod.object({
  refundId: idField,
  quantity: wholeNumber(1, 1000),
  requestId: requestIdField,
});
export type LuckyRefundBuyWithAsset = zod.infer<typeof LuckyRefundBuyWithAssetSchema>;

export const RefundIdQuerySchema = zod.object({ refundId: idField });
export const OptionalRefundIdQuerySchema = zod.object({ refundId: idField.optional() });
export const ActIdQuerySchema = zod.object({ actId: idField });
export const RedeemSchema = zod.object({ resultId: idField });
export const PersonalResultsQuerySchema = zod.object({
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, 100).default(20),
});

// Answers --------------------------------------------------------------------------------------------------

export const PayKindSchema = zod.enum(PAY_KINDS);

/** A winning code of a round or of the raffle, as everyone sees it (the member masked). */
export const WinnerSchema = zod.object({
  code: zod.string(),
  ticketNo: zod.number().int(),
  /** The winner's masked mobile (e.g. 0712****89). */
  member: zod.string(),
  /** Cash, minor units. */
  amount: zod.number().int(),
});
export type Winner = zod.infer<typeof WinnerSchema>;

/** A round (a draw of the engine) as the pages show it. */
export const RoundSchema = zod.object({
  /** The draw's id (the `refundId` of the calls; `drawVerifyPath(id)` in the fairness verifier verifies it). */
  id: zod.number().int(),
  status: zod.number().int(),
  /** Until its sales close (0 once closed). */
  remainingMillis: zod.number().int(),
  startTime: zod.string(),
  finishTime: zod.string(),
  /** When the public randomness is taken, and which beacon round (fixed and public from the start). */
  drawTime: zod.string(),
  beaconRound: zod.number().int(),
  /** Why a closed round still waits (the public randomness not published yet), else null. */
  delayReason: zod.string().nullable(),
  /** The winning codes, once drawn and paid (status 9). */
  results: zod.array(WinnerSchema),
  /** The caller's codes in the round (empty for a visitor). */
  codes: zod.array(zod.string()),
  /** How many players and codes are in the round. */
  members: zod.number().int(),
  sold: zod.number().int(),
  /** Its terms: prices, winners, what a code that does not win gets back. */
  price: zod.number().int(),
  coinsPrice: zod.number().int(),
  diamondsPrice: zod.number().int(),
  winners: zod.number().int(),
  refundPercent: zod.number().int(),
  maxPerPurchase: zod.number().int(),
  /** Once paid: each winner's prize and a code's refund in cash (0 before). */
  prize: zod.number().int(),
  refund: zod.number().int(),
});
export type Round = zod.infer<typeof RoundSchema>;

/** The Saturday raffle (the special results): the week's codes, its jackpot, its winners once drawn. */
export const RaffleSchema = zod.object({
  id: zod.number().int(),
  /** 1 on sale (codes of the week's rounds enter), 5 drawing, 9 drawn and paid. */
  status: zod.number().int(),
  startTime: zod.string(),
  finishTime: zod.string(),
  drawTime: zod.string(),
  beaconRound: zod.number().int(),
  delayReason: zod.string().nullable(),
  /** Codes entered. */
  entries: zod.number().int(),
  /** The jackpot: what it holds now (on sale), what was shared (drawn). */
  jackpot: zod.number().int(),
  /** The codes that shared it, once drawn and paid (up to 3). */
  winners: zod.array(WinnerSchema),
});
export type Raffle = zod.infer<typeof RaffleSchema>;

/** `active` (spec §3): the round on sale now and the jackpot. */
export const LuckyRefundActiveSchema = zod.object({
  enable: zod.boolean(),
  /** The round on sale is in its last 60 s. */
  oncountdown: zod.boolean(),
  current: zod.object({ id: zod.number().int(), finishTime: zod.string() }).nullable(),
  remainingMillis: zod.number().int(),
  /** The current round: on sale, or the last one while the next has not opened (-1 status: none). */
  round: RoundSchema.nullable(),
  /** The round before it (its results are the previous results), null when none. */
  previousId: zod.number().int().nullable(),
  raffle: RaffleSchema.nullable(),
  jackpot: zod.number().int(),
  currency: zod.string(),
  /** The raffle's day and hour (market time): Saturday, `jackpotHour`. */
  jackpotHour: zod.number().int(),
  rules: zod.string(),
});
export type LuckyRefundActive = zod.infer<typeof LuckyRefundActiveSchema>;

export const JackpotSchema = zod.object({ jackpot: zod.number().int(), currency: zod.string() });
export type Jackpot = zod.infer<typeof JackpotSchema>;

/** `prev-results` / `v2/prev-results` / `latest-results` (spec §3: refund, results). */
export const RoundResultsSchema = zod.object({
  refund: RoundSchema.nullable(),
  results: zod.array(WinnerSchema),
});
export type RoundResults = zod.infer<typeof RoundResultsSchema>;

/** `special-results`: the raffle of a round's week; `v2/special-results`: the last raffles. */
export const SpecialResultsSchema = zod.object({ raffle: RaffleSchema.nullable() });
export const SpecialResultsListSchema = zod.object({ raffles: zod.array(RaffleSchema) });

export const CODE_STATES = ['pending', 'prize', 'refund', 'none'] as const;
export const CodeViewSchema = zod.object({
  code: zod.string(),
  ticketNo: zod.number().int(),
  pay: PayKindSchema,
  /** pending until the round is paid; then what it got. */
  state: zod.enum(CODE_STATES),
  /** What it got, in `currency` (the prize in cash; a refund in the currency it was paid in). */
  amount: zod.number().int(),
  currency: PayKindSchema,
  /** Its ticket in the week's raffle. */
  raffleId: zod.number().int(),
  raffleTicketNo: zod.number().int(),
});
export type CodeView = zod.infer<typeof CodeViewSchema>;

/** `personal-codes ?refundId`: the caller's codes in a round and the advert of those not seen yet. */
export const PersonalCodesSchema = zod.object({
  refundId: zod.number().int(),
  codes: zod.array(CodeViewSchema),
  /** Image LUCKY_REFUND_UNREAD_MARKER, content the unread codes comma-separated; null when none. */
  unread: AdvertItemSchema.nullable(),
});
export type PersonalCodes = zod.infer<typeof PersonalCodesSchema>;

/** What a purchase answers: the codes bought (as the unread-codes advert too) and the balances after. */
export const LuckyRefundBuyResultSchema = zod.object({
  refundId: zod.number().int(),
  codes: zod.array(zod.string()),
  unread: AdvertItemSchema,
  pay: PayKindSchema,
  paid: zod.number().int(),
  discount: zod.number().int(),
  money: zod.number().int(),
  withdrawMoney: zod.number().int(),
  bonusMoney: zod.number().int(),
  diamond: zod.number().int(),
});
export type LuckyRefundBuyResult = zod.infer<typeof LuckyRefundBuyResultSchema>;

export const RESULT_KINDS = ['prize', 'refund', 'jackpot'] as const;
export const PersonalResultSchema = zod.object({
  resultId: zod.number().int(),
  /** The round (or, for a jackpot, the raffle) the result is of. */
  refundId: zod.number().int(),
  kind: zod.enum(RESULT_KINDS),
  code: zod.string(),
  ticketNo: zod.number().int(),
  amount: zod.number().int(),
  currency: PayKindSchema,
  /** Credited automatically when the draw was paid; redeem only marks it seen. */
  credited: zod.literal(true),
  redeemed: zod.boolean(),
  createTime: zod.string(),
});
export type PersonalResult = zod.infer<typeof PersonalResultSchema>;

export const PersonalResultsSchema = zod.object({
  list: zod.array(PersonalResultSchema),
  total: zod.number().int(),
  /** How many are not redeemed (seen) yet. */
  unredeemed: zod.number().int(),
  page: zod.number().int(),
  size: zod.number().int(),
});
export type PersonalResults = zod.infer<typeof PersonalResultsSchema>;
