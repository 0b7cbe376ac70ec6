import { describe, expect, it } from 'vitest';
import { FLOAT_VALUES, floatsLanding, ratio, toNumber } from './exact.ts';
import { emptySample, estimate, mixture, record, Z_99, type Stratum } from './stats.ts';
import { generateFloats } from './stream.ts';
import {
  WHEEL_RISKS,
  WHEEL_SEGMENT_COUNTS,
  playWheel,
  wheelRtp,
  wheelRtpExact,
  wheelRules,
  wheelSegments,
  type WheelOptions,
} from './wheel.ts';

const ALL_OPTIONS: WheelOptions[] = WHEEL_RISKS.flatMap((risk) =>
  WHEEL_SEGMENT_COUNTS.map((segments) => ({ segments, risk })),
);

describe('wheel rules', () => {
  it('stops on segment floor(f × segments)', () => {
    expect(playWheel([0], { segments: 10, risk: 'low' })).toEqual({ segment: 0, multiplier: 12_000 });
    expect(playWheel([0.15], { segments: 10, risk: 'low' })).toEqual({ segment: 1, multiplier: 0 });
    expect(playWheel([0.85], { segments: 10, risk: 'low' })).toEqual({ segment: 8, multiplier: 15_000 });
    expect(playWheel([1 - 2 ** -32], { segments: 50, risk: 'high' })).toEqual({
      segment: 49,
      multiplier: 495_000,
    });
    expect(playWheel([0.97], { segments: 50, risk: 'high' })).toEqual({ segment: 48, multiplier: 0 });
    expect(() => playWheel([0.5], { segments: 12, risk: 'low' })).toThrow(RangeError);
    expect(() => playWheel([], { segments: 10, risk: 'low' })).toThrow(RangeError);
  });

  it('has segment lists summing to 0.99 × segments', () => {
    for (const options of ALL_OPTIONS) {
      const multipliers = wheelSegments(options);
      expect(multipliers).toHaveLength(options.segments);
      expect(multipliers.reduce((sum, multiplier) => sum + multiplier, 0)).toBe(9_900 * options.segments);
    }
    expect(wheelRules({ segments: 10, risk: 'medium' }).paytable).toEqual([
      { multiplier: 0, segments: 5 },
      { multiplier: 12_000, segments: 2 },
      { multiplier: 20_000, segments: 1 },
      { multiplier: 25_000, segments: 1 },
      { multiplier: 30_000, segments: 1 },
    ]);
  });

  it('has an exact RTP on the float grid at or just below 99%', () => {
    // 10 segments: 2^32 / 10 = 429,496,729.6, so segments take 429,496,729 or 429,496,730 float values.
    const counts = Array.from({ length: 10 }, (_, segment) => floatsLanding(10, segment, segment + 1));
    expect(counts.reduce((sum, count) => sum + count, 0n)).toBe(FLOAT_VALUES);
    expect(new Set(counts)).toEqual(new Set([429_496_729n, 429_496_730n]));
    // High risk, 10 segments: only the last segment pays, 9.9×.
    expect(wheelRtpExact({ segments: 10, risk: 'high' })).toEqual(
      ratio(counts[9]! * 99_000n, FLOAT_VALUES * 10_000n),
    );
    for (const options of ALL_OPTIONS) {
      const rtp = wheelRtpExact(options);
      expect(rtp.num * 100n <= 99n * rtp.den).toBe(true);
      expect(toNumber(rtp)).toBeGreaterThan(0.98999998);
    }
  });
});

describe('wheel RTP through the byte stream', () => {
  it('measures the exact RTP within 2.576 σ/√N over 10^6 rounds', { timeout: 300_000 }, () => {
    const ROUNDS = 1_000_000;
    // Every segments × risk in turn (15 options).
    const strata: Stratum[] = ALL_OPTIONS.map((options) => {
      const multipliers = wheelSegments(options);
      const rtp = wheelRtp(options);
      const meanSquare =
        multipliers.reduce((sum, multiplier) => sum + (multiplier / 10_000) ** 2, 0) / options.segments;
      return { rounds: 0, rtp, variance: meanSquare - rtp * rtp };
    });
    const sample = emptySample();
    const serverSeed = 'e7d6c5b4a39281706f5e4d3c2b1a0918e7d6c5b4a39281706f5e4d3c2b1a0918';
    for (let nonce = 0; nonce < ROUNDS; nonce += 1) {
      const index = nonce % ALL_OPTIONS.length;
      const floats = generateFloats({ serverSeed, clientSeed: 'wheel-rtp', nonce }, 1);
      record(sample, playWheel(floats, ALL_OPTIONS[index]!).multiplier);
      strata[index]!.rounds += 1;
    }
    const expected = mixture(strata);
    const measured = estimate(sample);
    console.info(
      `wheel: measured ${measured.rtp}, exact ${expected.rtp}, bound ${Z_99 * expected.standardError}`,
    );
    expect(Math.abs(measured.rtp - expected.rtp)).toBeLessThan(Z_99 * expected.standardError);
  });
});
