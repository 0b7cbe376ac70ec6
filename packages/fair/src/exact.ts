/**
 * Exact arithmetic for return-to-player proofs. A game's RTP is a ratio of integers (ways to win × what
 * they pay over all ways), and those integers outgrow 2^53 quickly (2^32 float values × a multiplier in
 * ten-thousandths, or 32^5 reel stops raised to the power of the free-spin depth), so they are BigInts.
 * Only the final figure is turned into a JS number, for display and for comparison with simulations.
 */

/** A non-negative rational num/den in lowest terms, den > 0. */
export type Ratio = { num: bigint; den: bigint };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function ratio(num: bigint | number, den: bigint | number = 1n): Ratio {
  const n = BigInt(num);
  const d = BigInt(den);
  if (d === 0n) throw new RangeError('ratio: zero denominator');
  const sign = d < 0n ? -1n : 1n;
  const g = gcd(n, d) || 1n;
  return { num: (sign * n) / g, den: (sign * d) / g };
}

export const ZERO: Ratio = { num: 0n, den: 1n };
export const ONE: Ratio = { num: 1n, den: 1n };

export function add(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function sub(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.den - b.num * a.den, a.den * b.den);
}

export function mul(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.num, a.den * b.den);
}

export function equals(a: Ratio, b: Ratio): boolean {
  return a.num === b.num && a.den === b.den;
}

/**
 * The nearest double to num/den (within one unit in the last place). Number(num) / Number(den) would lose
 * precision twice, or overflow to Infinity/Infinity for the slot's 2^150-sized denominators, so the quotient
 * is first taken as a 64-bit integer.
 */
export function toNumber(value: Ratio): number {
  const { num, den } = value;
  if (num === 0n) return 0;
  const negative = num < 0n;
  const n = negative ? -num : num;
  const shift = BigInt(Math.max(0, 64 - (n.toString(2).length - den.toString(2).length)));
  const scaled = Number((n << shift) / den) / 2 ** Number(shift);
  return negative ? -scaled : scaled;
}

/** "98.990099…%" style text with the given number of decimals of the percentage, rounded down. */
export function toPercentText(value: Ratio, decimals = 6): string {
  const scale = 10n ** BigInt(decimals);
  const hundredths = (value.num * 100n * scale) / value.den;
  const whole = hundredths / scale;
  const fraction = (hundredths % scale).toString().padStart(decimals, '0');
  return decimals > 0 ? `${whole}.${fraction}%` : `${whole}%`;
}

/** Number of ways to choose k of n, exactly. */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= Math.min(k, n - k); i += 1) {
    result = (result * BigInt(n - Math.min(k, n - k) + i)) / BigInt(i);
  }
  return result;
}

/**
 * A game float is n / 2^32 for a uniformly random 32-bit n (four stream bytes), so every outcome of
 * `floor(f × buckets)` is taken by a whole number of the 2^32 values of n, and when 2^32 is not a multiple
 * of `buckets` some outcomes get one value more than others. FLOAT_VALUES is that 2^32.
 */
export const FLOAT_VALUES = 2n ** 32n;

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/**
 * How many of the 2^32 float values give `from ≤ floor(f × buckets) < to`: floor(n·buckets/2^32) ≥ j exactly
 * when n ≥ ceil(j·2^32/buckets). In double arithmetic f × buckets = n·buckets/2^32 is exact for
 * buckets < 2^21 (n·buckets < 2^53, and dividing by a power of two is exact), so this counts what the games
 * compute.
 */
export function floatsLanding(buckets: number, from: number, to: number): bigint {
  const k = BigInt(buckets);
  const lo = BigInt(Math.max(0, Math.min(from, buckets)));
  const hi = BigInt(Math.max(0, Math.min(to, buckets)));
  if (hi <= lo) return 0n;
  return ceilDiv(hi * FLOAT_VALUES, k) - ceilDiv(lo * FLOAT_VALUES, k);
}
