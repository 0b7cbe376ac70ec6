import type { DepositResult } from '@app/contracts/deposit';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import { setProfile } from '../../lib/session.ts';
import { readStorage, writeStorage } from '../../lib/storage.ts';
import { getMemberInfo } from '../../api/get-member-info.ts';

/** Spec §3: a hash of the last deposit order number, so the success actions are not repeated. */
export const LAST_DEPOSIT_HASH_KEY = 'last_deposit_hash';

export type PayHall = 'mpesa' | 'panpay';

/**
 * The payment hall the top-up's redirectUrl names (spec §4 pay flow): its path decides the hall, and its
 * transNo and sign are carried over. Anything that is not one of our halls is refused (undefined).
 */
export function hallOf(redirectUrl: string): { hall: PayHall; transNo: string; sign: string } | undefined {
  let url: URL;
  try {
    url = new URL(redirectUrl, 'http://app.invalid');
  } catch {
    return undefined;
  }
  const transNo = url.searchParams.get('transNo');
  const sign = url.searchParams.get('sign');
  if (!transNo || !sign) return undefined;
  const hall = url.pathname.endsWith('/panpay')
    ? 'panpay'
    : url.pathname.endsWith('/mpesa')
      ? 'mpesa'
      : undefined;
  return hall ? { hall, transNo, sign } : undefined;
}

/** The app's own address of the hall a redirectUrl names, with its transNo and sign. */
export function hallPathFrom(redirectUrl: string): string | undefined {
  const target = hallOf(redirectUrl);
  if (!target) return undefined;
  const query = new URLSearchParams({ transNo: target.transNo, sign: target.sign });
  return `${PAGE_PATHS.payHall(target.hall)}?${query.toString()}`;
}

/** The deposit result page for a finished (or given up) poll: `/pay/result?status&no&bonus&isBonus&msg`. */
export function resultPath(
  transNo: string,
  result: DepositResult | undefined,
  fallbackMessage: string,
): string {
  const paid = result?.state === DEPOSIT_STATE.paid;
  const query = new URLSearchParams({
    status: paid ? '1' : '0',
    no: transNo,
    bonus: String(result?.bonus ?? 0),
    isBonus: String(result?.isBonus ?? 0),
    msg:
      result && !paid && result.state === DEPOSIT_STATE.failed ? result.message : paid ? '' : fallbackMessage,
  });
  return `${PAGE_PATHS.payResult}?${query.toString()}`;
}

/** FNV-1a: a short, stable fingerprint of an order number for local storage (not a secret). */
export function orderHash(orderNo: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < orderNo.length; index += 1) {
    hash ^= orderNo.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** Whether this order's success was already handled on this device; marks it handled if not. */
export function claimFirstSuccess(orderNo: string): boolean {
  const hash = orderHash(orderNo);
  if (readStorage('localStorage', LAST_DEPOSIT_HASH_KEY) === hash) return false;
  writeStorage('localStorage', LAST_DEPOSIT_HASH_KEY, hash);
  return true;
}

/** Fresh balances for the header and the me page after money moved; a failure keeps the old ones. */
export async function refreshBalance(): Promise<void> {
  try {
    setProfile(await getMemberInfo());
  } catch (error) {
    console.warn('[deposit] balance not refreshed', error);
  }
}
