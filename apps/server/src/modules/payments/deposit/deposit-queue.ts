import { randomInt } from 'node:crypto';
import type { PushRate } from '../channels/channels.service.ts';

/**
 * When a queued STK push goes again (issue 24 §3, market-law.md §5). Daraja refuses beyond its
 * per-shortcode ceiling before processing anything (500.003.02 Spike Arrest, 500.003.03 Quota), so the
 * push is simply sent later, with an exponential pause; a push accepted and then failed with 26 (system
 * busy) goes again after about 30 s, doubling; with 1001 the customer is in another USSD or M-Pesa
 * session, and a new prompt would only fail again or interrupt them: never before 90 s, doubling.
 */

/** Pushes an order may have in all; past them it fails as "the provider is not answering". */
export const MAX_PUSH_ATTEMPTS = 8;

const BACKOFF_CAP_MS = 5 * 60_000;

export type PushRefusal = 'rate-limited' | 'system-busy' | 'subscriber-busy';

/** STK ResultCodes after which the order is pushed again rather than failed: nothing was paid. */
export const RETRY_RESULT_CODES: Readonly<Record<number, PushRefusal>> = {
  26: 'system-busy',
  1001: 'subscriber-busy',
};

const FIRST_PAUSE_MS: Record<PushRefusal, number> = {
  'rate-limited': 1_000,
  'system-busy': 30_000,
  'subscriber-busy': 90_000,
};

/**
 * The pause before push number `attempts + 1`, `attempts` pushes having been refused: the first pause
 * doubled per earlier attempt, capped, with up to a quarter added at random so the instances' queued
 * pushes do not all come back in the same second.
 */
export function pushBackoffMs(refusal: PushRefusal, attempts: number): number {
  const base = Math.min(FIRST_PAUSE_MS[refusal] * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_MS);
  return base + randomInt(0, Math.floor(base / 4) + 1);
}

/** How long a push without a slot waits before it asks again: about one slot's time. */
export function slotWaitMs(rate: PushRate): number {
  return Math.ceil(1000 / rate.perSecond);
}
