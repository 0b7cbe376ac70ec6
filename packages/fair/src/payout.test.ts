import { describe, expect, it } from 'vitest';
import { formatMultiplier, payoutOf } from './payout.ts';
import { emptySample, estimate, merge, mixture, record } from './stats.ts';

describe('payoutOf', () => {
  it('pays floor(stake × multiplier / 10000) in minor units', () => {
    expect(payoutOf(1000, 19_800)).toBe(1980);
    expect(payoutOf(33, 19_800)).toBe(65); // 65.34
    expect(payoutOf(1, 9_999)).toBe(0);
    expect(payoutOf(100, 0)).toBe(0);
    // The product passes 2^53 before the division; BigInt keeps it exact.
    expect(payoutOf(9_000_000_000, 99_000_000)).toBe(89_100_000_000_000);
  });

  it('refuses fractions and payouts beyond 2^53', () => {
    expect(() => payoutOf(10.5, 10_000)).toThrow(RangeError);
    expect(() => payoutOf(10, 1.5)).toThrow(RangeError);
    expect(() => payoutOf(-1, 10_000)).toThrow(RangeError);
    expect(() => payoutOf(Number.MAX_SAFE_INTEGER, 20_000)).toThrow(RangeError);
  });

  it('formats multipliers with 2 to 4 decimals', () => {
    expect(formatMultiplier(19_800)).toBe('1.98×');
    expect(formatMultiplier(10_000)).toBe('1.00×');
    expect(formatMultiplier(10_102)).toBe('1.0102×');
    expect(formatMultiplier(247_500)).toBe('24.75×');
    expect(formatMultiplier(12_345)).toBe('1.2345×');
  });
});

describe('return statistics', () => {
  it('estimates the RTP, σ and the 99% interval, and merges parts', () => {
    const a = emptySample();
    const b = emptySample();
    [0, 20_000, 0, 20_000].forEach((multiplier) => record(a, multiplier));
    [0, 20_000].forEach((multiplier) => record(b, multiplier));
    const estimated = estimate(merge(a, b));
    expect(estimated.rounds).toBe(6);
    expect(estimated.rtp).toBe(1);
    expect(estimated.sigma).toBeCloseTo(Math.sqrt(6 / 5), 12);
    expect(estimated.high - estimated.low).toBeCloseTo(
      (2 * 2.5758293035489004 * Math.sqrt(6 / 5)) / Math.sqrt(6),
      12,
    );
    expect(
      mixture([
        { rounds: 100, rtp: 1, variance: 4 },
        { rounds: 300, rtp: 0.5, variance: 1 },
      ]),
    ).toEqual({ rounds: 400, rtp: 0.625, standardError: Math.sqrt(700) / 400 });
  });
});
