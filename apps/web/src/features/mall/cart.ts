import { MAX_CART_LINES, MAX_LINE_COUNT, type CartLine } from '@app/contracts/mall';
import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from '../../lib/storage.ts';

/**
 * The cart, kept on the device (platform-core §3: goods id, unitPrice, count, couponType, and one chosen
 * coupon). It only remembers what the player chose and saw: the server prices it again at checkout and
 * refuses a stale line (4131) rather than charge the price remembered here.
 */
export type Cart = { lines: CartLine[]; couponId: number | undefined };

const STORAGE_KEY = 'mall-cart';
const EMPTY: Cart = { lines: [], couponId: undefined };
const listeners = new Set<() => void>();
let cart: Cart | undefined;

function isLine(value: unknown): value is CartLine {
  const line = value as CartLine;
  return (
    typeof line === 'object' &&
    line !== null &&
    [line.id, line.unitPrice, line.count, line.couponType].every((field) => Number.isInteger(field))
  );
}

export function getCart(): Cart {
  if (!cart) {
    const stored = readJson<Cart>('localStorage', STORAGE_KEY);
    cart = {
      lines: Array.isArray(stored?.lines) ? stored.lines.filter(isLine).slice(0, MAX_CART_LINES) : [],
      couponId: typeof stored?.couponId === 'number' ? stored.couponId : undefined,
    };
  }
  return cart;
}

function save(next: Cart): void {
  cart = next;
  writeJson('localStorage', STORAGE_KEY, next);
  for (const listener of listeners) listener();
}

const clamp = (count: number) => Math.max(1, Math.min(MAX_LINE_COUNT, Math.floor(count)));

/** Adds `count` of an item (its price and coupon type as shown now), or more of it if already there. */
export function addToCart(line: CartLine): void {
  const current = getCart();
  const existing = current.lines.find((each) => each.id === line.id);
  const lines = existing
    ? current.lines.map((each) =>
        each.id === line.id ? { ...line, count: clamp(each.count + line.count) } : each,
      )
    : [...current.lines, { ...line, count: clamp(line.count) }].slice(-MAX_CART_LINES);
  save({ ...current, lines });
}

export function setLine(line: CartLine): void {
  const current = getCart();
  save({
    ...current,
    lines: current.lines.map((each) => (each.id === line.id ? { ...line, count: clamp(line.count) } : each)),
  });
}

export function removeLine(id: number): void {
  const current = getCart();
  save({ ...current, lines: current.lines.filter((each) => each.id !== id) });
}

export function chooseCoupon(couponId: number | undefined): void {
  save({ ...getCart(), couponId });
}

/** After a checkout: the bought lines and the used coupon leave the cart. */
export function clearBought(ids: readonly number[]): void {
  const current = getCart();
  save({ lines: current.lines.filter((each) => !ids.includes(each.id)), couponId: undefined });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCart(): Cart {
  return useSyncExternalStore(subscribe, getCart, () => EMPTY);
}

/** Test helper: forgets the cart in memory (storage is the test's to clear). */
export function resetCartForTests(): void {
  cart = undefined;
}
