import { describe, expect, it } from 'vitest';
import type { CouponTerms } from './mall.ts';
import {
  checkCoupon,
  checkCouponOutsideMall,
  couponDiscount,
  couponDiscountOn,
  priceCart,
  withinLimit,
  type PricedGoods,
} from './mall-rules.ts';

const coinsItem: PricedGoods = { id: 1, type: 4, currency: 'coins', price: 5_00, couponType: 1 };
const cashItem: PricedGoods = { id: 2, type: 1, currency: 'cash', price: 20_00, couponType: 1 };
const noCoupons: PricedGoods = { id: 3, type: 1, currency: 'cash', price: 30_00, couponType: 0 };
const diamondItem: PricedGoods = { id: 4, type: 2, currency: 'diamonds', price: 50, couponType: 1 };

const coupon = (terms: Partial<CouponTerms> = {}): CouponTerms => ({
  name: 'test',
  currency: 'cash',
  discountKind: 'amount',
  discount: 5_00,
  goodsIds: [],
  goodsTypes: [],
  platforms: [],
  themes: [],
  validFrom: '2026-01-01T00:00:00Z',
  validTo: '2027-01-01T00:00:00Z',
  ...terms,
});
const context = { now: new Date('2026-06-01T00:00:00Z'), platform: 3, theme: 'winslots' };

describe('the cart price', () => {
  it('totals each currency apart, count × the server price', () => {
    const { totals, discount, refusal } = priceCart(
      [
        { goods: coinsItem, count: 3 },
        { goods: cashItem, count: 2 },
        { goods: diamondItem, count: 1 },
      ],
      undefined,
      context,
    );
    expect(totals).toEqual({ coins: 15_00, cash: 40_00, diamonds: 50 });
    expect(discount).toBe(0);
    expect(refusal).toBeNull();
  });

  it('takes a fixed discount off the coupon’s currency only, never below zero', () => {
    const lines = [
      { goods: coinsItem, count: 1 },
      { goods: cashItem, count: 1 },
    ];
    expect(priceCart(lines, coupon(), context)).toEqual({
      totals: { coins: 5_00, cash: 15_00, diamonds: 0 },
      discount: 5_00,
      refusal: null,
    });
    expect(priceCart(lines, coupon({ discount: 100_00 }), context).totals.cash).toBe(0);
  });

  it('takes a percent of the matching lines, rounded down to the minor unit', () => {
    const lines = [{ goods: { ...cashItem, price: 3_33 }, count: 1 }];
    expect(couponDiscount(coupon({ discountKind: 'percent', discount: 10 }), lines)).toBe(33);
    // Only the goods it names: the other cash line is not discounted.
    const named = coupon({ discountKind: 'percent', discount: 50, goodsIds: [2] });
    expect(
      couponDiscount(named, [
        { goods: cashItem, count: 1 },
        { goods: { ...cashItem, id: 9, type: 3 }, count: 1 },
      ]),
    ).toBe(10_00);
  });

  it('never discounts goods that take no coupon', () => {
    expect(couponDiscount(coupon(), [{ goods: noCoupons, count: 1 }])).toBe(0);
    expect(checkCoupon(coupon(), [{ goods: noCoupons, count: 1 }], context)).toBe('COUPON_MISMATCH');
  });
});

describe('a coupon’s match and time', () => {
  const lines = [{ goods: cashItem, count: 1 }];

  it('does not match another currency, goods, type, platform or theme (4002)', () => {
    expect(checkCoupon(coupon({ currency: 'coins' }), lines, context)).toBe('COUPON_MISMATCH');
    expect(checkCoupon(coupon({ goodsIds: [99] }), lines, context)).toBe('COUPON_MISMATCH');
    expect(checkCoupon(coupon({ goodsTypes: [4] }), lines, context)).toBe('COUPON_MISMATCH');
    expect(checkCoupon(coupon({ goodsTypes: [1] }), lines, context)).toBeNull();
    expect(checkCoupon(coupon({ platforms: [1, 2] }), lines, context)).toBe('COUPON_MISMATCH');
    expect(checkCoupon(coupon({ platforms: [3] }), lines, context)).toBeNull();
    expect(checkCoupon(coupon({ themes: ['luckywin'] }), lines, context)).toBe('COUPON_MISMATCH');
    expect(priceCart(lines, coupon({ themes: ['luckywin'] }), context)).toMatchObject({
      discount: 0,
      refusal: 'COUPON_MISMATCH',
      totals: { cash: 20_00 },
    });
  });

  it('is not for use before it starts nor from its end on (4003)', () => {
    const window = { validFrom: '2026-06-01T00:00:00Z', validTo: '2026-06-02T00:00:00Z' };
    expect(checkCoupon(coupon(window), lines, context)).toBeNull();
    expect(checkCoupon(coupon(window), lines, { ...context, now: new Date('2026-05-31T23:59:59Z') })).toBe(
      'NOT_TIME_TO_USE',
    );
    expect(checkCoupon(coupon(window), lines, { ...context, now: new Date('2026-06-02T00:00:00Z') })).toBe(
      'NOT_TIME_TO_USE',
    );
  });
});

describe('the per-member limit', () => {
  it('allows up to the limit, counting what was bought', () => {
    expect(withinLimit(null, 1000, 99)).toBe(true);
    expect(withinLimit(2, 0, 2)).toBe(true);
    expect(withinLimit(2, 1, 1)).toBe(true);
    expect(withinLimit(2, 1, 2)).toBe(false);
  });
});

describe('a coupon outside the mall (lucky refund codes)', () => {
  it('takes a cash coupon for no goods in particular, on its platform and theme, in its dates', () => {
    expect(checkCouponOutsideMall(coupon(), context)).toBeNull();
    expect(checkCouponOutsideMall(coupon({ currency: 'coins' }), context)).toBe('COUPON_MISMATCH');
    expect(checkCouponOutsideMall(coupon({ goodsTypes: [1] }), context)).toBe('COUPON_MISMATCH');
    expect(checkCouponOutsideMall(coupon({ goodsIds: [2] }), context)).toBe('COUPON_MISMATCH');
    expect(checkCouponOutsideMall(coupon({ platforms: [1] }), context)).toBe('COUPON_MISMATCH');
    expect(checkCouponOutsideMall(coupon({ themes: ['luckywin'] }), context)).toBe('COUPON_MISMATCH');
    expect(checkCouponOutsideMall(coupon({ validFrom: '2026-07-01T00:00:00Z' }), context)).toBe(
      'NOT_TIME_TO_USE',
    );
    expect(checkCouponOutsideMall(coupon({ validTo: '2026-06-01T00:00:00Z' }), context)).toBe(
      'NOT_TIME_TO_USE',
    );
  });

  it('discounts an amount, never more than it, or a percent rounded down', () => {
    expect(couponDiscountOn(coupon(), 40_00)).toBe(5_00);
    expect(couponDiscountOn(coupon({ discount: 50_00 }), 40_00)).toBe(40_00);
    expect(couponDiscountOn(coupon({ discountKind: 'percent', discount: 15 }), 33_33)).toBe(4_99);
  });
});
