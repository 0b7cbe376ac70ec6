import type { CollectCardsChanceResult } from '@app/contracts/collect-cards';
import { COLLECT_CARDS_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Today's free chance (spec §7 `POST collect-cards/free`). */
export function takeFreeChance(): Promise<CollectCardsChanceResult> {
  return request<CollectCardsChanceResult>(COLLECT_CARDS_PATHS.free, { method: 'POST', data: {} });
}

/** One chance bought with coins; `requestId` names the tap, so a retry buys nothing more. */
export function buyChance(requestId: string): Promise<CollectCardsChanceResult> {
  return request<CollectCardsChanceResult>(COLLECT_CARDS_PATHS.buy, { method: 'POST', data: { requestId } });
}

/** 128 random bits as hex (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
