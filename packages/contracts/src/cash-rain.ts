import { z as zod } from 'zod';
import { CalendarDaySchema } from './calendar-day.ts';
import { wholeNumber } from './whole-number.ts';

/**
 * Cash rain (spec §3, §4, §9; docs/promotions.md "Cash rain"). Slots of a site day, each with a budget
 * split into packets when it opens; one claim per member and slot takes one packet.
 */

export { GIFT_TYPE, SLOT_STATUS } from './cash-rain-rules.ts';

export const CashRainDurationSchema = zod.object({
  id: zod.number().int(),
  /** Instants (epoch milliseconds) of the slot's opening and closing today. */
  begin: zod.number().int(),
  end: zod.number().int(),
  status: zod.union([zod.literal(1), zod.literal(0), zod.literal(-1)]),
  /**
   * SHA-256 of the slot's server seed, once its packets are made (the job makes the site day's slots ahead,
   * so an upcoming slot shows it); the seed itself is revealed when the slot has finished (`cash-rain/slot`).
   */
  seedHash: zod.string().optional(),
});
export type CashRainDuration = zod.infer<typeof CashRainDurationSchema>;

export const CashRainConfigSchema = zod.object({
  enable: zod.boolean(),
  durations: zod.array(CashRainDurationSchema),
  rules: zod.string(),
  title: zod.string(),
  /** 0: may play; 1: must deposit first (never in a market without deposit-linked rewards). */
  memberStatus: zod.number().int(),
});
export type CashRainConfig = zod.infer<typeof CashRainConfigSchema>;

export const CashRainDrawStatusQuerySchema = zod.object({ id: wholeNumber(1, 99) });

/** The claim: the client's tap count only decides whether it claims (count > 0), never an amount. */
export const CashRainClaimSchema = zod.object({
  id: wholeNumber(1, 99),
  count: wholeNumber(0, 1000),
});
export type CashRainClaim = zod.infer<typeof CashRainClaimSchema>;

export const CashRainGiftSchema = zod.object({
  giftType: zod.number().int().min(0).max(4),
  /** Minor units for cash (shown divided by 100), a count for coins and diamonds. */
  giftAmount: zod.number().int(),
  /** The site day, YYYY-MM-DD. */
  date: zod.string(),
  /** The slot's id. */
  duration: zod.number().int(),
  createTime: zod.number().int(),
  /** The packet's position in the slot's committed split (null: no packet taken, count 0 or none left). */
  position: zod.number().int().nullable(),
});
export type CashRainGift = zod.infer<typeof CashRainGiftSchema>;

/** `cash-rain/slot ?date&id`: one slot of a site day (date YYYY-MM-DD, the slot's id). */
export const CashRainSlotQuerySchema = zod.object({
  date: CalendarDaySchema,
  id: wholeNumber(1, 99),
});
export type CashRainSlotQuery = zod.infer<typeof CashRainSlotQuerySchema>;

/** The parameters a slot's packets were made from (packages/fair `CashRainSplit`), published with it. */
export const CashRainSplitSchema = zod.object({
  budget: zod.number().int(),
  cashPackets: zod.number().int(),
  minPacket: zod.number().int(),
  tryAgainPackets: zod.number().int(),
  coinPackets: zod.number().int(),
  coinAmount: zod.number().int(),
  diamondPackets: zod.number().int(),
  diamondAmount: zod.number().int(),
});

/**
 * A slot's commitment (docs/promotions.md "Cash rain"): what its packets were made from. The seed's hash
 * from when the slot is made (before it opens); the seed once it has finished, so anyone can recompute the
 * packets (packages/fair `splitCashRain` with client seed `clientSeed`, nonce 0) and find theirs by position.
 */
export const CashRainSlotFairnessSchema = zod.object({
  date: zod.string(),
  id: zod.number().int(),
  begin: zod.number().int(),
  end: zod.number().int(),
  serverSeedHash: zod.string(),
  /** Null until the slot has finished. */
  serverSeed: zod.string().nullable(),
  clientSeed: zod.string(),
  nonce: zod.number().int(),
  /** Null for a slot made before its parameters were kept (it cannot be recomputed from here). */
  split: CashRainSplitSchema.nullable(),
  packets: zod.number().int(),
});
export type CashRainSlotFairness = zod.infer<typeof CashRainSlotFairnessSchema>;

/** One of the member's claims (`cash-rain/records`), with its slot's commitment to verify it. */
export const CashRainRecordSchema = CashRainGiftSchema.extend({ slot: CashRainSlotFairnessSchema });
export type CashRainRecord = zod.infer<typeof CashRainRecordSchema>;

const TimeOfDaySchema = zod
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'a time of day is HH:MM (24:00 ends the day)');

/** One slot of the day as an operator sets it. */
export const CashRainSlotSettingsSchema = zod
  .object({
    id: zod.number().int().min(1).max(99),
    begin: TimeOfDaySchema,
    end: TimeOfDaySchema,
    /** Cash (minor units) split at random into `cashPackets` packets of at least `minPacket` each. */
    budget: zod.number().int().min(0).max(100_000_000),
    cashPackets: zod.number().int().min(0).max(50_000),
    minPacket: zod.number().int().min(1).max(1_000_000),
    /** "Try again" packets (gift type 0). */
    tryAgainPackets: zod.number().int().min(0).max(50_000),
    coinPackets: zod.number().int().min(0).max(50_000),
    coinAmount: zod.number().int().min(0).max(1_000_000),
    diamondPackets: zod.number().int().min(0).max(50_000),
    diamondAmount: zod.number().int().min(0).max(1_000_000),
  })
  .refine((slot) => slot.begin < slot.end, { message: 'a slot ends after it begins', path: ['end'] })
  .refine((slot) => slot.cashPackets * slot.minPacket <= slot.budget, {
    message: 'the budget must cover every cash packet at its minimum',
    path: ['budget'],
  })
  .refine((slot) => slot.cashPackets > 0 || slot.budget === 0, {
    message: 'a budget needs cash packets',
    path: ['cashPackets'],
  });
export type CashRainSlotSettings = zod.infer<typeof CashRainSlotSettingsSchema>;

export const CashRainSettingsSchema = zod.object({
  title: zod.string().max(80),
  rules: zod.string().max(4000),
  /** Members who never deposited must deposit first (memberStatus 1), where the market's law allows it. */
  depositFirst: zod.boolean(),
  slots: zod
    .array(CashRainSlotSettingsSchema)
    .max(24)
    .refine((slots) => new Set(slots.map((slot) => slot.id)).size === slots.length, 'slot ids are unique'),
});
export type CashRainSettings = zod.infer<typeof CashRainSettingsSchema>;
