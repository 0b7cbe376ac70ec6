/**
 * Wheel. The wheel has 10, 20, 30, 40 or 50 segments; one float picks the segment, floor(f × segments),
 * and the segment's multiplier pays. Risk low: most segments pay a little; medium: half pay nothing and
 * the rest 1.2×–8×; high: one segment pays 0.99 × segments, the others nothing.
 */
import { FLOAT_VALUES, floatsLanding, ratio, toNumber, type Ratio } from './exact.ts';

export const WHEEL_FLOATS = 1;
export const WHEEL_SEGMENT_COUNTS = [10, 20, 30, 40, 50] as const;
export const WHEEL_RISKS = ['low', 'medium', 'high'] as const;
export type WheelSegments = (typeof WHEEL_SEGMENT_COUNTS)[number];
export type WheelRisk = (typeof WHEEL_RISKS)[number];
export type WheelOptions = { segments: number; risk: WheelRisk };
export type WheelOutcome = { segment: number; multiplier: number };

/** The high-risk wheel: every segment 0 but the last, which pays 0.99 × segments (in tenths: 9.9 × segments). */
function jackpotWheel(segments: number): number[] {
  return Array.from({ length: segments }, (_, index) => (index === segments - 1 ? (99 * segments) / 10 : 0));
}

/**
 * Segment multipliers in tenths of the stake (12 = 1.2×), clockwise from segment 0. Each list sums to
 * 9.9 × segments tenths, i.e. an RTP of 99% if every segment were exactly as likely:
 * - low: a fifth of the segments 0, one in ten 1.5×, the rest 1.2× (10 segments: 2 × 0 + 7 × 1.2 + 1.5 = 9.9);
 * - medium: half 0, the rest 1.2×, 2×, 2.5× and one top prize of 3×, 4×, 5×, 6× or 8× for 10 … 50 segments,
 *   alternating with the zeros;
 * - high: one segment, see jackpotWheel.
 * On the float grid the segments are not all exactly as likely: floor(f × segments) gives some segments one
 * of the 2^32 float values more than others (segments does not divide 2^32). Each list is rotated so its
 * larger multipliers sit on the segments with the smaller share, keeping the exact RTP at or just below 99%
 * (wheelRtp; 98.999999…%).
 */
const SEGMENTS_IN_TENTHS: Record<WheelRisk, Record<WheelSegments, readonly number[]>> = {
  low: {
    10: [12, 0, 12, 12, 12, 0, 12, 12, 15, 12],
    20: [15, 12, 15, 0, 12, 12, 12, 0, 12, 12, 12, 12, 12, 0, 12, 12, 12, 0, 12, 12],
    30: [
      0, 12, 15, 12, 0, 12, 12, 12, 12, 12, 0, 12, 12, 12, 0, 12, 12, 12, 12, 12, 0, 12, 12, 12, 0, 12, 12,
      15, 12, 15,
    ],
    40: [
      15, 12, 15, 0, 12, 15, 12, 0, 15, 12, 12, 12, 12, 0, 12, 12, 12, 0, 12, 12, 12, 12, 12, 0, 12, 12, 12,
      0, 12, 12, 12, 12, 12, 0, 12, 12, 12, 0, 12, 12,
    ],
    50: [
      15, 0, 12, 15, 12, 0, 15, 12, 15, 12, 12, 0, 12, 12, 12, 0, 12, 12, 12, 12, 12, 0, 12, 12, 12, 0, 12,
      12, 12, 12, 12, 0, 12, 12, 12, 0, 12, 12, 12, 12, 12, 0, 12, 12, 12, 0, 12, 12, 15, 12,
    ],
  },
  medium: {
    10: [0, 20, 0, 12, 0, 25, 0, 30, 0, 12],
    20: [0, 40, 0, 12, 0, 20, 0, 12, 0, 25, 0, 12, 0, 20, 0, 12, 0, 25, 0, 20],
    30: [
      0, 20, 0, 12, 0, 25, 0, 12, 0, 20, 0, 12, 0, 25, 0, 20, 0, 20, 0, 50, 0, 12, 0, 20, 0, 12, 0, 25, 0, 12,
    ],
    40: [
      0, 60, 0, 12, 0, 20, 0, 12, 0, 25, 0, 12, 0, 20, 0, 12, 0, 25, 0, 12, 0, 20, 0, 12, 0, 25, 0, 12, 0, 20,
      0, 12, 0, 25, 0, 20, 0, 20, 0, 20,
    ],
    50: [
      0, 12, 0, 25, 0, 12, 0, 20, 0, 12, 0, 25, 0, 12, 0, 20, 0, 12, 0, 25, 0, 12, 0, 20, 0, 12, 0, 12, 0, 20,
      0, 12, 0, 20, 0, 20, 0, 20, 0, 20, 0, 20, 0, 20, 0, 80, 0, 12, 0, 20,
    ],
  },
  high: {
    10: jackpotWheel(10),
    20: jackpotWheel(20),
    30: jackpotWheel(30),
    40: jackpotWheel(40),
    50: jackpotWheel(50),
  },
};

/** Tenths of the stake → ten-thousandths. */
const TENTH = 1_000;

export function assertWheelOptions({ segments, risk }: WheelOptions): void {
  if (!(WHEEL_SEGMENT_COUNTS as readonly number[]).includes(segments)) {
    throw new RangeError('wheel segments must be 10, 20, 30, 40 or 50');
  }
  if (!WHEEL_RISKS.includes(risk)) throw new RangeError('wheel risk must be low, medium or high');
}

/** The segment multipliers (ten-thousandths), segment 0 … segments − 1. */
export function wheelSegments(options: WheelOptions): number[] {
  assertWheelOptions(options);
  const tenths = SEGMENTS_IN_TENTHS[options.risk][options.segments as WheelSegments];
  return tenths.map((value) => value * TENTH);
}

export function playWheel(floats: readonly number[], options: WheelOptions): WheelOutcome {
  const multipliers = wheelSegments(options);
  const float = floats[0];
  if (float === undefined) throw new RangeError('wheel needs one float');
  const segment = Math.floor(float * options.segments);
  return { segment, multiplier: multipliers[segment] as number };
}

/** Σ (float values landing on segment i) × multiplier[i] / (2^32 × 10000), exactly. */
export function wheelRtpExact(options: WheelOptions): Ratio {
  const weighted = wheelSegments(options).reduce(
    (sum, multiplier, segment) =>
      sum + floatsLanding(options.segments, segment, segment + 1) * BigInt(multiplier),
    0n,
  );
  return ratio(weighted, FLOAT_VALUES * 10_000n);
}

export function wheelRtp(options: WheelOptions): number {
  return toNumber(wheelRtpExact(options));
}

export type WheelRules = {
  game: 'wheel';
  segments: number;
  risk: WheelRisk;
  floatsPerRound: number;
  /** Multiplier (ten-thousandths) per segment, clockwise. */
  multipliers: number[];
  /** Each distinct multiplier and how many segments show it. */
  paytable: { multiplier: number; segments: number }[];
  rtp: number;
  text: string[];
};

export function wheelRules(options: WheelOptions): WheelRules {
  const multipliers = wheelSegments(options);
  const counts = new Map<number, number>();
  for (const multiplier of multipliers) counts.set(multiplier, (counts.get(multiplier) ?? 0) + 1);
  return {
    game: 'wheel',
    segments: options.segments,
    risk: options.risk,
    floatsPerRound: WHEEL_FLOATS,
    multipliers,
    paytable: [...counts]
      .sort(([a], [b]) => a - b)
      .map(([multiplier, segments]) => ({ multiplier, segments })),
    rtp: wheelRtp(options),
    text: [
      'Choose 10 to 50 segments and a risk. The wheel stops on one segment, each equally likely, and pays its multiplier.',
      'Low risk: most segments pay a little. Medium: half pay nothing, the rest up to the top prize. High: one segment pays big.',
      'The return to player is 99% for every choice.',
    ],
  };
}
