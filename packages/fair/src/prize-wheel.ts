/**
 * The prize wheel of a promotion (the diamond spin, issue 14 §5): published segments with integer weights;
 * one float per spin picks a segment, the first whose cumulative weight exceeds floor(f × total weight).
 * A bet of several spins reads that many floats from one nonce. The weights are the programme's published
 * settings, the same for everyone and whatever the house's position; a prize whose published daily pool
 * is empty pays nothing (the server says so in the result), the segment picked does not change.
 */
import { drawFromPool } from './pool.ts';

export const PRIZE_WHEEL_MAX_SPINS = 100;

export function assertPrizeWeights(weights: readonly number[]): void {
  if (weights.length < 1 || weights.length > 64) throw new RangeError('a prize wheel has 1 to 64 segments');
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0)
      throw new RangeError('segment weights are whole numbers ≥ 0');
  }
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0 || total > 2 ** 32) throw new RangeError('the weights sum to 1 … 2^32');
}

/**
 * The segment one float in [0, 1) lands on: the same pick as the coin spin's pool (`drawFromPool`), the
 * weights standing for entries: floor(f × total) falls in one segment's share.
 */
export function prizeSegment(float: number, weights: readonly number[]): number {
  const segment = drawFromPool(float, weights);
  if (segment === undefined) throw new RangeError('the weights sum to 1 … 2^32');
  return segment;
}

/** The segments of a bet's spins, one float each. */
export function spinPrizeWheel(floats: readonly number[], weights: readonly number[]): number[] {
  assertPrizeWeights(weights);
  return floats.map((float) => prizeSegment(float, weights));
}
