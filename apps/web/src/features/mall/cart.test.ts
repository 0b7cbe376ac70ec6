import { afterEach, describe, expect, it } from 'vitest';
import {
  addToCart,
  chooseCoupon,
  clearBought,
  getCart,
  removeLine,
  resetCartForTests,
  setLine,
} from './cart.ts';
import { maxCount } from './routes/detail-page.tsx';

afterEach(() => {
  localStorage.clear();
  resetCartForTests();
});

const line = { id: 7, unitPrice: 5_00, count: 2, couponType: 1 };

describe('the cart on the device', () => {
  it('adds to a line already there, keeps the price last seen, and survives a reload', () => {
    addToCart(line);
    addToCart({ ...line, unitPrice: 6_00, count: 1 });
    chooseCoupon(12);
    resetCartForTests();
    expect(getCart()).toEqual({ lines: [{ ...line, unitPrice: 6_00, count: 3 }], couponId: 12 });
  });

  it('keeps counts from 1 to 99, removes lines, and forgets the bought lines and the used coupon', () => {
    addToCart(line);
    addToCart({ ...line, id: 8 });
    setLine({ ...line, count: 500 });
    expect(getCart().lines[0]?.count).toBe(99);
    setLine({ ...line, count: 0 });
    expect(getCart().lines[0]?.count).toBe(1);
    chooseCoupon(3);
    clearBought([7]);
    expect(getCart()).toEqual({ lines: [{ ...line, id: 8 }], couponId: undefined });
    removeLine(8);
    expect(getCart().lines).toEqual([]);
  });

  it('ignores a stored cart that is not one', () => {
    localStorage.setItem('mall-cart', JSON.stringify({ lines: [{ id: 'x' }, line], couponId: 'y' }));
    expect(getCart()).toEqual({ lines: [line], couponId: undefined });
  });
});

describe('how many more a member may take', () => {
  const goods = {
    id: 1,
    type: 1,
    name: 'x',
    description: '',
    image: '',
    currency: 'cash' as const,
    price: 1,
    originalPrice: 0,
    sold: 0,
    couponType: 1,
    deliverable: { kind: 'item' as const },
  };
  it('is the smaller of what is left and the limit less what they bought', () => {
    expect(maxCount({ ...goods, stock: 5, limit: 3, bought: 1 })).toBe(2);
    expect(maxCount({ ...goods, stock: 1, limit: 3, bought: 0 })).toBe(1);
    expect(maxCount({ ...goods, stock: null, limit: null, bought: 0 })).toBe(99);
    expect(maxCount({ ...goods, stock: 0, limit: null, bought: 0 })).toBe(0);
    expect(maxCount({ ...goods, stock: null, limit: 2, bought: 2 })).toBe(0);
  });
});
