import { z as zod } from 'zod';

/**
 * Collect-cards (issue 16 §3; spec promotions §3 "Collect-cards activity: id, cards, giftAmount, costChance,
 * depositChance. Member cards: cardSet (comma list), chances. Status 1 active, -1 finished", §4, §9 "5
 * lights"; docs/promotions.md "Collect-cards"). A member uses chances to draw cards; holding every card of
 * the activity completes a set, which pays `giftAmount` once and starts a new set. Amounts in minor units
 * (coins too: the profile's bonusMoney).
 */

/** Spec §9: the page has 5 lights, one per card, so an activity has at most 5 cards. */
export const COLLECT_CARDS_LIGHTS = 5;

/** Spec §4: 1 active, -1 finished; 0 (ours) not started yet. */
export const COLLECT_CARDS_STATUS = { upcoming: 0, active: 1, finished: -1 } as const;

const instant = zod
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'an ISO 8601 date and time')
  .nullable();

/** The operator's settings (programme `collect-cards`, `PUT /api/admin/promotions/collect-cards`). */
export const CollectCardsSettingsSchema = zod
  .object({
    /**
     * The activity's number (spec §3 `id`). Cards, chances and sets belong to one activity: a new number
     * starts a new one, every member from an empty set and no chances.
     */
    id: zod.number().int().min(1).max(1_000_000_000),
    /** When the activity opens and ends (ISO); null: open since always / no end. */
    startAt: instant,
    endAt: instant,
    /**
     * The cards, in order (card 1 is the first light): each one's weight, its chance of being drawn being
     * weight / total. Every card can be drawn (weight ≥ 1), or a set could never be completed.
     */
    cards: zod
      .array(zod.object({ weight: zod.number().int().min(1).max(1_000_000) }))
      .min(1)
      .max(COLLECT_CARDS_LIGHTS),
    /** Cash paid for a complete set, withdrawable (a prize), from `promo:collect-cards:budget`. */
    giftAmount: zod.number().int().min(1).max(1_000_000_000),
    /** Coins one bought chance costs; 0: chances cannot be bought. */
    costChance: zod.number().int().min(0).max(1_000_000_000),
    /** Chances a paid deposit gives, once per order; 0: none (and none where the market forbids it). */
    depositChance: zod.number().int().min(0).max(100),
    /** One free chance per member and site day. */
    freeChance: zod.boolean(),
    /** Show recent winners (masked) on the page: a winner feed the market's rules may want off. */
    notices: zod.boolean(),
  })
  .refine(
    (settings) =>
      settings.startAt === null ||
      settings.endAt === null ||
      Date.parse(settings.endAt) > Date.parse(settings.startAt),
    { message: 'endAt is after startAt', path: ['endAt'] },
  );
export type CollectCardsSettings = zod.infer<typeof CollectCardsSettingsSchema>;

export const CollectCardsStatusSchema = zod.union([zod.literal(-1), zod.literal(0), zod.literal(1)]);
export type CollectCardsStatus = zod.infer<typeof CollectCardsStatusSchema>;

/** `collect-cards/cfg`: the activity as anyone sees it. */
export const CollectCardsConfigSchema = zod.object({
  id: zod.number().int(),
  /** The operator's switch and the market's law: false, the page says the activity is not available. */
  enable: zod.boolean(),
  status: CollectCardsStatusSchema,
  startAt: zod.string().nullable(),
  endAt: zod.string().nullable(),
  /** One per light, in order; `chance` in percent (2 decimals, display only: the weights decide). */
  cards: zod.array(
    zod.object({ card: zod.number().int(), weight: zod.number().int(), chance: zod.number() }),
  ),
  giftAmount: zod.number().int(),
  costChance: zod.number().int(),
  /** Chances a paid deposit gives; 0 where deposits give none (Brazil: `depositLinkedRewards` false). */
  depositChance: zod.number().int(),
  freeChance: zod.boolean(),
  /** The chances a set takes on average with these odds (2 decimals), and what they cost in coins. */
  expectedChances: zod.number(),
  expectedCost: zod.number().int(),
  notices: zod.boolean(),
  currency: zod.string(),
});
export type CollectCardsConfig = zod.infer<typeof CollectCardsConfigSchema>;

export const CollectCardsFairnessSchema = zod.object({
  serverSeedHash: zod.string(),
  clientSeed: zod.string(),
  nonce: zod.number().int(),
});

/** `collect-cards/member`: the caller's cards and chances in the current activity. */
export const CollectCardsMemberSchema = zod.object({
  id: zod.number().int(),
  /** Spec §3: the cards held, a comma list of card numbers in order ('' for none). */
  cardSet: zod.string(),
  chances: zod.number().int(),
  /** Sets completed in this activity. */
  sets: zod.number().int(),
  /** Today's free chance is still to take. */
  free: zod.boolean(),
  /** The commitment of the caller's next draw. */
  fairness: CollectCardsFairnessSchema,
  /** The caller's coins (bonusMoney), to buy chances with. */
  bonusMoney: zod.number().int(),
});
export type CollectCardsMember = zod.infer<typeof CollectCardsMemberSchema>;

/** GET `collect-cards/free`. */
export const CollectCardsFreeSchema = zod.object({
  available: zod.boolean(),
  /** The site day (market calendar day from its reset hour) the free chance is for. */
  day: zod.string(),
  /** When the next site day begins (ISO). */
  nextAt: zod.string(),
});
export type CollectCardsFree = zod.infer<typeof CollectCardsFreeSchema>;

const RequestIdSchema = zod
  .string()
  .regex(/^[\w-]{8,64}$/, 'a request id is 8 to 64 letters, digits, _ or -');

/** A deposit order's number as the deposit result page has it (`no`): D + 11 letters or digits. */
export const OrderNoSchema = zod
  .string()
  .regex(/^[A-Z0-9]{6,32}$/, 'an order number is 6 to 32 letters or digits');

export const CollectCardsOrderQuerySchema = zod.object({ orderNo: OrderNoSchema });
export const CollectCardsOrderRequestSchema = zod.object({ orderNo: OrderNoSchema });

/** What a deposit gives: granted already, to take, or nothing (not the caller's paid deposit, or none given). */
export const CollectCardsOrderChanceSchema = zod.object({
  orderNo: zod.string(),
  state: zod.enum(['granted', 'available', 'none']),
  /** The chances granted (granted) or that a POST would grant (available); 0 for none. */
  chances: zod.number().int(),
});
export type CollectCardsOrderChance = zod.infer<typeof CollectCardsOrderChanceSchema>;

/** POST `collect-cards/chances`, `free`, `buy`: the chances added and the member's state after. */
export const CollectCardsChanceResultSchema = zod.object({
  added: zod.number().int(),
  member: CollectCardsMemberSchema,
});
export type CollectCardsChanceResult = zod.infer<typeof CollectCardsChanceResultSchema>;

export const CollectCardsBuyRequestSchema = zod.object({ requestId: RequestIdSchema });

export const CollectCardsDrawRequestSchema = zod.object({
  /** The same id again is the same draw (a double tap, a retried call): one chance used, once. */
  requestId: RequestIdSchema,
  /** Optional: the player's client seed from this draw on. */
  clientSeed: zod
    .string()
    .regex(/^[\x20-\x7e]{1,64}$/)
    .optional(),
});

export const CollectCardsDrawSchema = zod.object({
  id: zod.number().int(),
  activityId: zod.number().int(),
  /** The card drawn (1 = the first light). */
  card: zod.number().int(),
  /** The member already held it. */
  duplicate: zod.boolean(),
  /** This draw completed the set: `gift` was paid and the set starts again. */
  completed: zod.boolean(),
  gift: zod.number().int(),
  /** Everything the verifier needs (the prize-wheel check with one spin): the revealed seed and weights. */
  fairness: zod.object({
    serverSeed: zod.string(),
    serverSeedHash: zod.string(),
    clientSeed: zod.string(),
    nonce: zod.number().int(),
    weights: zod.array(zod.number().int()),
  }),
  createTime: zod.string(),
});
export type CollectCardsDraw = zod.infer<typeof CollectCardsDrawSchema>;

export const CollectCardsDrawResultSchema = CollectCardsDrawSchema.extend({
  member: CollectCardsMemberSchema,
  /** The caller's cash after the draw (the gift is in it when a set was completed). */
  money: zod.number().int(),
  withdrawMoney: zod.number().int(),
});
export type CollectCardsDrawResult = zod.infer<typeof CollectCardsDrawResultSchema>;

export const CollectCardsNoticeSchema = zod.object({
  /** The winner's mobile, masked (0712****78). */
  mobile: zod.string(),
  amount: zod.number().int(),
  createTime: zod.string(),
});
export type CollectCardsNotice = zod.infer<typeof CollectCardsNoticeSchema>;

export const CollectCardsGiftSchema = zod.object({
  activityId: zod.number().int(),
  /** The member's set number in that activity (1, 2, …). */
  setNo: zod.number().int(),
  amount: zod.number().int(),
  createTime: zod.string(),
});
export type CollectCardsGift = zod.infer<typeof CollectCardsGiftSchema>;
