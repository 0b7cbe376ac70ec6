import type { CouponTerms, MallCurrency } from './mall.ts';

/**
 * The mall's pricing rules, one definition for the server (which charges) and the cart screen (which
 * shows the total before the checkout). docs/promotions.md "Mall and coupons".
 */

export type PricedGoods = {
  id: number;
  type: number;
  currency: MallCurrency;
  price: number;
  couponType: number;
};

export type Totals = Record<MallCurrency, number>;

export type CouponContext = { now: Date; platform: number; theme: string };

/** Why a coupon cannot be used on a cart: the catalogue's shared messages (spec §8). */
export type CouponRefusal = 'COUPON_MISMATCH' | 'NOT_TIME_TO_USE';

/** Whether the coupon's goods rule takes this goods item (and the item takes coupons at all). */
export function couponMatchesGoods(coupon: CouponTerms, goods: PricedGoods): boolean {
  if (goods.couponType !== 1 || goods.currency !== coupon.currency) return false;
  if (coupon.goodsIds.length === 0 && coupon.goodsTypes.length === 0) return true;
  return coupon.goodsIds.includes(goods.id) || coupon.goodsTypes.includes(goods.type);
}

/**
 * Whether the coupon may be used on these lines now: its platform and theme, then a line it applies to
 * (else "Coupon does not match product or platform"), then its validity (else "It's not time to use").
 */
export function checkCoupon(
  coupon: CouponTerms,
  lines: readonly { goods: PricedGoods; count: number }[],
  context: CouponContext,
): CouponRefusal | null {
  if (coupon.platforms.length > 0 && !coupon.platforms.includes(context.platform)) return 'COUPON_MISMATCH';
  if (coupon.themes.length > 0 && !(coupon.themes as readonly string[]).includes(context.theme)) {
    return 'COUPON_MISMATCH';
  }
  if (!lines.some((line) => couponMatchesGoods(coupon, line.goods))) return 'COUPON_MISMATCH';
  const now = context.now.getTime();
  if (now < Date.parse(coupon.validFrom) || now >= Date.parse(coupon.validTo)) return 'NOT_TIME_TO_USE';
  return null;
}

/**
 * The discount a coupon gives on the lines it applies to: a fixed amount (never more than those lines
 * cost) or a percent of them, rounded down to the minor unit (the player never pays a fraction less
 * than the percent says, the house never gives more).
 */
export function couponDiscount(
  coupon: CouponTerms,
  lines: readonly { goods: PricedGoods; count: number }[],
): number {
  const base = lines
    .filter((line) => couponMatchesGoods(coupon, line.goods))
    .reduce((sum, line) => sum + line.goods.price * line.count, 0);
  if (coupon.discountKind === 'amount') return Math.min(coupon.discount, base);
  return Math.floor((base * Math.min(coupon.discount, 100)) / 100);
}

/** What the lines cost in each currency, before any coupon. */
export function cartTotals(lines: readonly { goods: PricedGoods; count: number }[]): Totals {
  const totals: Totals = { cash: 0, coins: 0, diamonds: 0 };
  for (const line of lines) totals[line.goods.currency] += line.goods.price * line.count;
  return totals;
}

/**
 * The cart priced: totals per currency with the coupon's discount taken off its currency. A coupon that
 * cannot be used answers its refusal and no discount.
 */
export function priceCart(
  lines: readonly { goods: PricedGoods; count: number }[],
  coupon: CouponTerms | undefined,
  context: CouponContext,
): { totals: Totals; discount: number; refusal: CouponRefusal | null } {
  const totals = cartTotals(lines);
  if (!coupon) return { totals, discount: 0, refusal: null };
  const refusal = checkCoupon(coupon, lines, context);
  if (refusal) return { totals, discount: 0, refusal };
  const discount = couponDiscount(coupon, lines);
  return { totals: { ...totals, [coupon.currency]: totals[coupon.currency] - discount }, discount, refusal };
}

/** Whether a member may buy `count` more of an item with this per-member limit, having bought `bought`. */
export function withinLimit(limit: number | null, bought: number, count: number): boolean {
  return limit === null || bought + count <= limit;
}

/**
 * Whether a coupon may be used on a cash purchase outside the mall (lucky refund's codes, issue 16): a
 * cash coupon whose goods rule names no goods or goods type (a general cash voucher; one that names goods is
 * for those goods), on its platform and theme (else "Coupon does not match product or platform"), within
 * its validity (else "It's not time to use").
 */
export function checkCouponOutsideMall(coupon: CouponTerms, context: CouponContext): CouponRefusal | null {
  if (coupon.currency !== 'cash' || coupon.goodsIds.length > 0 || coupon.goodsTypes.length > 0) {
    return 'COUPON_MISMATCH';
  }
  if (coupon.platforms.length > 0 && !coupon.platforms.includes(context.platform)) return 'COUPON_MISMATCH';
  if (coupon.themes.length > 0 && !(coupon.themes as readonly string[]).includes(context.theme)) {
    return 'COUPON_MISMATCH';
  }
  const now = context.now.getTime();
  if (now < Date.parse(coupon.validFrom) || now >= Date.parse(coupon.validTo)) return 'NOT_TIME_TO_USE';
  return null;
}

/** A coupon's discount on a cash amount: as on a mall cart's lines (never more than the amount). */
export function couponDiscountOn(coupon: CouponTerms, amount: number): number {
  if (coupon.discountKind === 'amount') return Math.min(coupon.discount, amount);
  return Math.floor((amount * Math.min(coupon.discount, 100)) / 100);
}
