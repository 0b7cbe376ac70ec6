/**
 * A draw over a finite prize pool (the coin spin, docs/promotions.md "Coin spin"). The wheel's segments
 * are the pool's remaining entries at the time of the spin, in the published prize order: prize i holds
 * `remaining[i]` segments. One float picks the segment, floor(f × total), and the prize whose segments hold
 * it wins. An exhausted prize has no segment left; nothing else is re-weighted: every remaining entry is
 * exactly as likely as any other, whoever is winning or losing.
 */
import { generateFloats, type BetSeeds } from './stream.ts';

export const POOL_FLOATS = 1;

export function assertPool(remaining: readonly number[]): void {
  if (remaining.length === 0) throw new RangeError('the pool has no prizes');
  for (const count of remaining) {
    if (!Number.isSafeInteger(count) || count < 0)
      throw new RangeError('a prize count is a non-negative integer');
  }
}

/** The total of the remaining entries (the wheel's segment count). */
export function poolSize(remaining: readonly number[]): number {
  return remaining.reduce((sum, count) => sum + count, 0);
}

/** The prize index drawn by `float` over the remaining entries; undefined when the pool is empty. */
export function drawFromPool(float: number, remaining: readonly number[]): number | undefined {
  assertPool(remaining);
  if (!(float >= 0 && float < 1)) throw new RangeError('float must be in [0, 1)');
  const total = poolSize(remaining);
  if (total === 0) return undefined;
  let segment = Math.floor(float * total);
  for (const [index, count] of remaining.entries()) {
    if (segment < count) return index;
    segment -= count;
  }
  return undefined;
}

/** One spin over the pool from its seeds: the float, and the prize index (undefined when the pool is empty). */
export function spinPool(
  seeds: BetSeeds,
  remaining: readonly number[],
): { float: number; prize: number | undefined } {
  const [float] = generateFloats(seeds, POOL_FLOATS) as [number];
  return { float, prize: drawFromPool(float, remaining) };
}
