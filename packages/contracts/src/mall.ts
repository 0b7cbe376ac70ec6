import { z as zod } from 'zod';
import { InstantSchema } from './calendar-day.ts';
import { wholeNumber } from './whole-number.ts';
import { THEMES } from './config.ts';
import { withCleanText } from './text-rules.ts';

/**
 * The mall, cart and coupons (issue 15 §4; docs/promotions.md "Mall and coupons"). Goods are priced in
 * coins, diamonds or cash (minor units; diamonds whole units) and deliver coins, diamonds, bonus cash (a
 * grant with wagering terms) or an item an operator fulfils. The cart lives on the device (platform-core
 * §3: goods id, unitPrice, count, couponType, and one chosen coupon); the server prices it again at
 * checkout and the client's unitPrice never sets what is charged.
 */

/**
 * The goods types, the tabs of `/mall/{type}`. VIP benefits 10 and 11 open `/mall/3` and `/mall/4`.
 * 1 featured (anything the operator puts first), 2 diamonds shop (priced in diamonds), 3 VIP deals (the
 * operator's picks for the VIP benefit's link), 4 coins mall (priced in coins).
 */
export const MALL_TYPES = { featured: 1, diamonds: 2, vip: 3, coins: 4 } as const;
export const MALL_TYPE_IDS = [1, 2, 3, 4] as const;
export type MallType = (typeof MALL_TYPE_IDS)[number];
export const MallTypeSchema = wholeNumber(1, 4).refine(
  (value): value is MallType => (MALL_TYPE_IDS as readonly number[]).includes(value),
  'a type 1 to 4',
);

export const MALL_CURRENCIES = ['cash', 'coins', 'diamonds'] as const;
export const MallCurrencySchema = zod.enum(MALL_CURRENCIES);
export type MallCurrency = zod.infer<typeof MallCurrencySchema>;

/** A goods item's couponType: 0 takes no coupon, 1 takes a coupon that matches it. */
export const COUPON_TYPE = { none: 0, accepted: 1 } as const;

const MAX_PRICE = 100_000_000_00;

/** What one unit of a goods item delivers. */
export const DeliverableSchema = zod.discriminatedUnion('kind', [
  zod.object({ kind: zod.literal('coins'), amount: zod.number().int().positive().max(MAX_PRICE) }),
  zod.object({ kind: zod.literal('diamonds'), amount: zod.number().int().positive().max(10_000_000) }),
  /** Bonus cash: a grant of the wallet's bonus pocket with these terms (wagering, expiry, conversion). */
  zod.object({
    kind: zod.literal('bonus'),
    amount: zod.number().int().positive().max(MAX_PRICE),
    wageringMultiple: zod.number().int().min(0).max(100),
    expiryDays: zod.number().int().min(1).max(365),
    maxConversion: zod.number().int().min(0).max(MAX_PRICE),
  }),
  /** A physical item or a voucher: the order waits until an operator fulfils it (with a note). */
  zod.object({ kind: zod.literal('item') }),
]);
export type Deliverable = zod.infer<typeof DeliverableSchema>;

/** A goods item as players see it. `stock` null: unlimited; `limit` null: no limit per member. */
export const MallGoodsSchema = zod.object({
  id: zod.number().int(),
  type: zod.number().int(),
  name: zod.string(),
  description: zod.string(),
  image: zod.string(),
  currency: MallCurrencySchema,
  price: zod.number().int(),
  /** Shown struck through when above the price; 0 when none. */
  originalPrice: zod.number().int(),
  stock: zod.number().int().nullable(),
  sold: zod.number().int(),
  limit: zod.number().int().nullable(),
  couponType: zod.number().int(),
  deliverable: DeliverableSchema,
  /** How many the caller has bought (0 for a visitor). */
  bought: zod.number().int(),
});
export type MallGoods = zod.infer<typeof MallGoodsSchema>;

export const MallGoodsQuerySchema = zod.object({ type: MallTypeSchema.optional() });
export const MallIdParamsSchema = zod.object({ id: wholeNumber(1, 2_147_483_647) });

/** `notice`: the operator's line on the mall home (the programme's settings), empty for none. */
export const MallGoodsListSchema = zod.object({
  enable: zod.boolean(),
  notice: zod.string(),
  goods: zod.array(MallGoodsSchema),
});
export type MallGoodsList = zod.infer<typeof MallGoodsListSchema>;

/** A coupon's terms (copied into each coupon a member holds, so a later edit changes no coupon held). */
export const CouponTermsSchema = zod.object({
  name: zod.string(),
  currency: MallCurrencySchema,
  /** `amount`: `discount` off (minor units); `percent`: `discount` % off, rounded down. */
  discountKind: zod.enum(['amount', 'percent']),
  discount: zod.number().int().positive(),
  /** Empty: any goods; else only these goods ids or goods types (either). */
  goodsIds: zod.array(zod.number().int().positive()).max(100),
  goodsTypes: zod.array(zod.number().int().min(1).max(4)).max(4),
  /** Empty: any platform (the `platform` header) / theme; else only these. */
  platforms: zod.array(zod.number().int().positive().max(99)).max(10),
  themes: zod.array(zod.enum(THEMES)).max(2),
  /** ISO 8601. */
  validFrom: zod.string(),
  validTo: zod.string(),
});
export type CouponTerms = zod.infer<typeof CouponTermsSchema>;

/** A coupon the caller holds. */
export const MemberCouponSchema = CouponTermsSchema.extend({
  id: zod.number().int(),
  couponId: zod.number().int(),
  /** The claimable code it came with (null for an operator's grant). */
  code: zod.string().nullable(),
  status: zod.enum(['available', 'used', 'expired']),
  orderId: zod.number().int().nullable(),
});
export type MemberCoupon = zod.infer<typeof MemberCouponSchema>;

/** A coupon anyone may take while codes are left (`left`), once per member. */
export const ClaimableCouponSchema = CouponTermsSchema.extend({
  couponId: zod.number().int(),
  left: zod.number().int(),
  /** The caller already took one (false for a visitor). */
  taken: zod.boolean(),
});
export type ClaimableCoupon = zod.infer<typeof ClaimableCouponSchema>;

export const MallCouponsSchema = zod.object({
  mine: zod.array(MemberCouponSchema),
  claimable: zod.array(ClaimableCouponSchema),
});
export type MallCoupons = zod.infer<typeof MallCouponsSchema>;

export const CouponClaimSchema = zod.object({
  couponId: wholeNumber(1, 2_147_483_647),
});

export const MAX_CART_LINES = 20;
export const MAX_LINE_COUNT = 99;

/** One line of the cart (platform-core §3): what the player saw; the server checks it against its own. */
export const CartLineSchema = zod.object({
  id: wholeNumber(1, 2_147_483_647),
  unitPrice: wholeNumber(1, MAX_PRICE),
  count: wholeNumber(1, MAX_LINE_COUNT),
  couponType: wholeNumber(0, 1),
});
export type CartLine = zod.infer<typeof CartLineSchema>;

/** Form bodies carry the lines as JSON text (the request wrapper's form encoding of an array). */
const linesField = zod.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  zod
    .array(CartLineSchema)
    .min(1)
    .max(MAX_CART_LINES)
    .refine((lines) => new Set(lines.map((line) => line.id)).size === lines.length, 'each goods item once'),
);

export const CheckoutRequestSchema = zod.object({
  /** The client's id for this checkout: the same id again is the same order (a double tap, a retry). */
  requestId: zod.string().regex(/^[\w-]{8,64}$/),
  goods: linesField,
  /** The member coupon chosen (at most one per checkout). */
  couponId: wholeNumber(1, Number.MAX_SAFE_INTEGER).optional(),
});
export type CheckoutRequest = zod.infer<typeof CheckoutRequestSchema>;

export const ORDER_STATUSES = ['completed', 'pending', 'fulfilled', 'cancelled'] as const;

export const MallOrderLineSchema = zod.object({
  goodsId: zod.number().int(),
  name: zod.string(),
  currency: MallCurrencySchema,
  unitPrice: zod.number().int(),
  count: zod.number().int(),
  deliverable: DeliverableSchema,
});

/**
 * An order: `cash`, `coins`, `diamonds` what was charged after the discount; `status` completed (all
 * delivered at once), pending (an item waits for the operator), fulfilled (the operator delivered it;
 * `note` says how), cancelled (the operator could not send it: everything paid was given back, `note` says
 * why).
 */
export const MallOrderSchema = zod.object({
  id: zod.number().int(),
  status: zod.enum(ORDER_STATUSES),
  lines: zod.array(MallOrderLineSchema),
  cash: zod.number().int(),
  coins: zod.number().int(),
  diamonds: zod.number().int(),
  discount: zod.number().int(),
  discountCurrency: MallCurrencySchema.nullable(),
  couponId: zod.number().int().nullable(),
  note: zod.string(),
  createTime: zod.string(),
  fulfilTime: zod.string().nullable(),
});
export type MallOrder = zod.infer<typeof MallOrderSchema>;

/** The checkout's answer: the order and the caller's balances after it. */
export const CheckoutResultSchema = MallOrderSchema.extend({
  money: zod.number().int(),
  withdrawMoney: zod.number().int(),
  bonusMoney: zod.number().int(),
  diamond: zod.number().int(),
});
export type CheckoutResult = zod.infer<typeof CheckoutResultSchema>;

export const MallOrdersQuerySchema = zod.object({
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, 100).default(20),
});
export const MallOrderPageSchema = zod.object({
  list: zod.array(MallOrderSchema),
  total: zod.number().int(),
  page: zod.number().int(),
  size: zod.number().int(),
});

/** The mall programme's settings (`PUT /api/admin/promotions/mall`): the switch, and what the home says. */
export const MallSettingsSchema = zod.object({
  /** Shown on the mall home under the tabs; empty for none. */
  notice: withCleanText(zod.string().trim().max(500), 'multiline'),
});
export type MallSettings = zod.infer<typeof MallSettingsSchema>;

// Operators -----------------------------------------------------------------------------------------------

const line = (max: number) => withCleanText(zod.string().trim().max(max), 'line');
const text = (max: number) => withCleanText(zod.string().trim().max(max), 'multiline');

/** An image: an in-app path or an https address. */
const imageField = zod
  .string()
  .trim()
  .max(500)
  .refine((value) => value === '' || /^\/(?![/\\])\S*$/.test(value) || /^https:\/\/\S+$/.test(value), {
    message: 'an in-app path or an https address',
  });

const GoodsTranslationSchema = zod
  .object({ name: line(80).optional(), description: text(1000).optional() })
  .strict();

/** What an operator writes for a goods item (POST creates, PUT replaces all but the stock). */
export const GoodsInputSchema = zod.object({
  slug: zod
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,59}$/, 'lower-case letters, digits and dashes'),
  type: MallTypeSchema,
  name: line(80).pipe(zod.string().min(1)),
  description: text(1000).default(''),
  image: imageField.default(''),
  translations: zod
    .object({
      fr: GoodsTranslationSchema.optional(),
      pt: GoodsTranslationSchema.optional(),
      sw: GoodsTranslationSchema.optional(),
    })
    .default({}),
  currency: MallCurrencySchema,
  price: zod.number().int().positive().max(MAX_PRICE),
  originalPrice: zod.number().int().min(0).max(MAX_PRICE).default(0),
  limit: zod.number().int().positive().max(10_000).nullable().default(null),
  couponType: zod.union([zod.literal(0), zod.literal(1)]).default(1),
  deliverable: DeliverableSchema,
  enabled: zod.boolean().default(true),
  sort: zod.number().int().min(0).max(10_000).default(0),
});
export type GoodsInput = zod.infer<typeof GoodsInputSchema>;

/** Create: the input and the first stock (null: unlimited). */
export const GoodsCreateSchema = GoodsInputSchema.extend({
  stock: zod.number().int().min(0).max(10_000_000).nullable(),
});
export type GoodsCreate = zod.infer<typeof GoodsCreateSchema>;

/** A change of stock: `add` units (negative takes away, never below what is left); or unlimited. */
export const GoodsStockSchema = zod.union([
  zod.object({ add: zod.number().int().min(-10_000_000).max(10_000_000) }),
  zod.object({ unlimited: zod.literal(true) }),
]);

export const GoodsAdminSchema = MallGoodsSchema.omit({ bought: true }).extend({
  slug: zod.string(),
  enabled: zod.boolean(),
  sort: zod.number().int(),
  translations: zod.record(zod.string(), zod.record(zod.string(), zod.string())),
});
export type GoodsAdmin = zod.infer<typeof GoodsAdminSchema>;

const isoDate = InstantSchema;

export const CouponInputSchema = zod
  .object({
    slug: zod
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,59}$/, 'lower-case letters, digits and dashes'),
    name: line(80).pipe(zod.string().min(1)),
    currency: MallCurrencySchema,
    discountKind: zod.enum(['amount', 'percent']),
    discount: zod.number().int().positive().max(MAX_PRICE),
    goodsIds: zod.array(zod.number().int().positive()).max(100).default([]),
    goodsTypes: zod.array(MallTypeSchema).max(4).default([]),
    platforms: zod.array(zod.number().int().positive().max(99)).max(10).default([]),
    themes: zod.array(zod.enum(THEMES)).max(2).default([]),
    validFrom: isoDate,
    validTo: isoDate,
    /** Members may take one each while codes are left (`issue` adds codes). */
    claimable: zod.boolean().default(false),
    enabled: zod.boolean().default(true),
  })
  .refine((coupon) => coupon.discountKind !== 'percent' || coupon.discount <= 100, {
    message: 'a percent is at most 100',
    path: ['discount'],
  })
  .refine((coupon) => Date.parse(coupon.validTo) > Date.parse(coupon.validFrom), {
    message: 'validTo is after validFrom',
    path: ['validTo'],
  });
export type CouponInput = zod.infer<typeof CouponInputSchema>;

export const CouponAdminSchema = CouponTermsSchema.extend({
  id: zod.number().int(),
  slug: zod.string(),
  claimable: zod.boolean(),
  enabled: zod.boolean(),
  issued: zod.number().int(),
  held: zod.number().int(),
  used: zod.number().int(),
});
export type CouponAdmin = zod.infer<typeof CouponAdminSchema>;

/** Give coupons of a definition to a member (by mobile), `count` of them. */
export const CouponGrantSchema = zod.object({
  mobile: zod
    .string()
    .trim()
    .regex(/^\+?\d{6,15}$/, 'a mobile number'),
  count: zod.number().int().min(1).max(100).default(1),
});
/** Add `count` claimable codes to a claimable definition. */
export const CouponIssueSchema = zod.object({ count: zod.number().int().min(1).max(100_000) });

export const AdminOrdersQuerySchema = zod.object({
  status: zod.enum(ORDER_STATUSES).optional(),
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, 100).default(50),
});
export const AdminOrderSchema = MallOrderSchema.extend({
  memberId: zod.number().int(),
  fulfilledBy: zod.string().nullable(),
});
export const AdminOrderPageSchema = zod.object({
  list: zod.array(AdminOrderSchema),
  total: zod.number().int(),
  page: zod.number().int(),
  size: zod.number().int(),
});
export const OrderFulfilSchema = zod.object({ note: text(500).pipe(zod.string().min(1)) });
/** The reason the player reads. */
export const OrderCancelSchema = OrderFulfilSchema;
