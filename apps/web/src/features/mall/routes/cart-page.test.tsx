// @vitest-environment jsdom
import { ERRORS } from '@app/contracts/errors';
import type { MallGoods, MemberCoupon } from '@app/contracts/mall';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getProfile, setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import {
  envelope,
  kenyaSettings,
  loginAnswer,
  okEnvelope,
  resetAppState,
  stubFetch,
} from '../../../test/fixtures.ts';
import { addToCart, chooseCoupon, getCart, resetCartForTests } from '../cart.ts';
import { CartPage } from './cart-page.tsx';

const bundle: MallGoods = {
  id: 5,
  type: 1,
  name: 'Diamond bundle',
  description: '',
  image: '',
  currency: 'cash',
  price: 20_00,
  originalPrice: 0,
  stock: 10,
  sold: 0,
  limit: 3,
  couponType: 1,
  deliverable: { kind: 'diamonds', amount: 100 },
  bought: 0,
};

function heldCoupon(overrides: Partial<MemberCoupon> = {}): MemberCoupon {
  return {
    id: 31,
    couponId: 2,
    code: 'DEMO00001',
    status: 'available',
    orderId: null,
    name: 'KES 5 off',
    currency: 'cash',
    discountKind: 'amount',
    discount: 5_00,
    goodsIds: [],
    goodsTypes: [1, 3],
    platforms: [],
    themes: [],
    validFrom: '2026-01-01T00:00:00.000Z',
    validTo: '2099-01-01T00:00:00.000Z',
    ...overrides,
  };
}

let goods: MallGoods[];
let coupons: MemberCoupon[];
let checkouts: Record<string, unknown>[];
const fetchMock = stubFetch();
beforeEach(() => {
  setSettings(kenyaSettings);
  setSession(loginAnswer({ money: 100_00, withdrawMoney: 100_00 }));
  goods = [bundle];
  coupons = [heldCoupon(), heldCoupon({ id: 32, name: 'Coins only', currency: 'coins' })];
  checkouts = [];
  fetchMock.mockImplementation(async (url, init) => {
    const { pathname } = new URL(url, 'http://test');
    if (pathname.endsWith('/mall/goods')) return okEnvelope({ enable: true, notice: '', goods });
    if (pathname.endsWith('/mall/coupons')) return okEnvelope({ mine: coupons, claimable: [] });
    if (pathname.endsWith('/mall/checkout')) {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      checkouts.push(body);
      if (checkouts.length === 1) {
        return envelope(
          { code: ERRORS.MALL_PRICE_CHANGED.code, msg: ERRORS.MALL_PRICE_CHANGED.msg, data: null },
          409,
        );
      }
      return okEnvelope({
        id: 77,
        status: 'completed',
        lines: [],
        cash: 15_00,
        coins: 0,
        diamonds: 0,
        discount: 5_00,
        discountCurrency: 'cash',
        couponId: 31,
        note: '',
        createTime: '2026-11-28T10:00:00.000Z',
        fulfilTime: null,
        money: 85_00,
        withdrawMoney: 85_00,
        bonusMoney: 0,
        diamond: 100,
      });
    }
    return okEnvelope(null);
  });
});
afterEach(async () => {
  localStorage.clear();
  resetCartForTests();
  await resetAppState();
});

function renderCart(path = '/mall/cart') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/mall/cart" element={<CartPage />} />
        <Route path="/mall/orders/:id" element={<p>order page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the cart', () => {
  it('totals with the chosen coupon, says why another does not apply, and pays again as a new checkout after a refusal', async () => {
    addToCart({ id: 5, unitPrice: 20_00, count: 2, couponType: 1 });
    chooseCoupon(32);
    renderCart();
    // The coins coupon does not apply to a cash item: the spec's message, and no discount.
    expect((await screen.findByTestId('coupon-refusal')).textContent).toBe(
      'Coupon does not match product or platform',
    );
    expect(screen.getByTestId('cart-total-cash').textContent).toBe('KES 40.00');
    fireEvent.click(screen.getByText('KES 5 off'));
    await waitFor(() => expect(screen.getByTestId('cart-total-cash').textContent).toBe('KES 35.00'));
    expect(screen.queryByTestId('coupon-refusal')).toBeNull();

    // The server refuses (a price changed): a second tap is a new checkout id.
    fireEvent.click(screen.getByTestId('pay'));
    await waitFor(() => expect(checkouts).toHaveLength(1));
    await waitFor(() => expect((screen.getByTestId('pay') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('pay'));
    await screen.findByText('order page');
    expect(checkouts[1]).toMatchObject({
      goods: [{ id: 5, unitPrice: 20_00, count: 2, couponType: 1 }],
      couponId: 31,
    });
    expect(checkouts[1]!.requestId).not.toBe(checkouts[0]!.requestId);
    expect(getProfile()).toMatchObject({ money: 85_00, diamond: 100 });
    expect(getCart()).toEqual({ lines: [], couponId: undefined });
  });

  it('shows a line whose price changed and pays only after the player takes the new price', async () => {
    addToCart({ id: 5, unitPrice: 18_00, count: 1, couponType: 1 });
    renderCart();
    await screen.findByText('The price has changed.');
    expect((screen.getByTestId('pay') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByText('Use the new price'));
    await waitFor(() => expect((screen.getByTestId('pay') as HTMLButtonElement).disabled).toBe(false));
    expect(getCart().lines[0]).toMatchObject({ unitPrice: 20_00 });
  });

  it('buys now one line without touching the saved cart', async () => {
    addToCart({ id: 9, unitPrice: 1_00, count: 1, couponType: 1 });
    renderCart('/mall/cart?buy=5&count=2');
    await waitFor(() => expect(screen.getByTestId('cart-total-cash').textContent).toBe('KES 40.00'));
    expect(screen.queryByTestId('cart-line-9')).toBeNull();
    expect(getCart().lines.map((line) => line.id)).toEqual([9]);
  });
});
