import { describe, expect, it } from 'vitest';
import { binomial, ratio, toNumber } from './exact.ts';
import {
  MINES_MAX_MULTIPLIER,
  minesFloats,
  minesLayout,
  minesMaxReveals,
  minesMultiplier,
  minesRtp,
  minesRtpExact,
  minesRules,
  minesSafeChance,
  playMines,
} from './mines.ts';
import { emptySample, estimate, mixture, record, Z_99, type Stratum } from './stats.ts';
import { generateFloats } from './stream.ts';

describe('mines layout', () => {
  it('takes tile floor(f × remaining) out of the remaining list, in order', () => {
    expect(minesLayout([0, 0, 0], 3)).toEqual([0, 1, 2]);
    // 0.5 × 25 = 12.5 → tile 12; then 0.5 × 24 = 12 → index 12 of [0 … 11, 13 … 24] = 13.
    expect(minesLayout([0.5, 0.5], 2)).toEqual([12, 13]);
    // The last index each time: 24, then index 23 of [0 … 23] = 23, …
    const last = 1 - 2 ** -32;
    expect(minesLayout([last, last, last], 3)).toEqual([24, 23, 22]);
    // 0.3 × 25 = 7.5 → 7; 0.9 × 24 = 21.6 → index 21 of the 24 left = 22; 0.1 × 23 = 2.3 → 2.
    expect(minesLayout([0.3, 0.9, 0.1], 3)).toEqual([7, 22, 2]);
  });

  it('reads one float per mine and ignores the rest, as Stake’s 24-float shuffle does', () => {
    expect(minesFloats(5)).toBe(5);
    const floats = [0.3, 0.9, 0.1, 0.7, 0.2, 0.5];
    expect(minesLayout(floats, 3)).toEqual(minesLayout(floats.slice(0, 3), 3));
    expect(minesLayout(floats, 5).slice(0, 3)).toEqual(minesLayout(floats, 3));
    expect(() => minesLayout([0.1], 2)).toThrow(RangeError);
  });

  it('makes every set of mines equally likely (2 mines, every pair of draws)', () => {
    // Feed each of the 25 × 24 draw pairs once; every unordered pair of tiles must come up exactly twice.
    const seen = new Map<string, number>();
    for (let first = 0; first < 25; first += 1) {
      for (let second = 0; second < 24; second += 1) {
        const key = minesLayout([(first + 0.5) / 25, (second + 0.5) / 24], 2)
          .sort((a, b) => a - b)
          .join(',');
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
    }
    expect(seen.size).toBe(300);
    expect(new Set(seen.values())).toEqual(new Set([2]));
  });
});

describe('mines payouts', () => {
  it('pays floor(0.99 / P(k safe)) after k safe reveals', () => {
    expect(minesSafeChance(3, 2)).toEqual(ratio(22 * 21, 25 * 24));
    expect(minesMultiplier(1, 1)).toBe(10_312); // 0.99 × 25/24 = 1.03125 → 1.0312
    expect(minesMultiplier(3, 1)).toBe(11_250); // 0.99 × 25/22 = 1.125 exactly
    expect(minesMultiplier(3, 2)).toBe(12_857); // P = 231/300; 0.99 × 300/231 = 1.2857142… → 1.2857
    expect(minesMultiplier(24, 1)).toBe(247_500); // 0.99 × 25 = 24.75
    expect(minesMultiplier(1, 24)).toBe(247_500); // 24 of 24 safe tiles: also 1 in 25
  });

  it('stops reveals where the multiplier would pass 10,000×', () => {
    expect(minesMaxReveals(1)).toBe(24);
    expect(minesMaxReveals(3)).toBe(22);
    // 5 mines: 19 reveals pay 8766.45×; the 20th would pay 52,598.7×.
    expect(minesMaxReveals(5)).toBe(19);
    expect(minesMultiplier(5, 19)).toBe(87_664_500);
    expect(minesMaxReveals(24)).toBe(1);
    for (let mines = 1; mines <= 24; mines += 1) {
      const max = minesMaxReveals(mines);
      expect(minesMultiplier(mines, max)).toBeLessThanOrEqual(MINES_MAX_MULTIPLIER);
      if (max < 25 - mines) {
        const next = (9900n * binomial(25, max + 1)) / binomial(25 - mines, max + 1);
        expect(next > BigInt(MINES_MAX_MULTIPLIER)).toBe(true);
      }
      expect(() => minesMultiplier(mines, max + 1)).toThrow(RangeError);
      expect(() => minesMultiplier(mines, 0)).toThrow(RangeError);
    }
  });

  it('plays a round: a mine ends it, a cash-out pays the multiplier', () => {
    const floats = [0.3, 0.9, 0.1]; // mines 7, 22, 2
    expect(playMines(floats, { mines: 3, picks: [0, 1, 3] })).toEqual({
      mines: [2, 7, 22],
      revealed: 3,
      hitMine: false,
      multiplier: minesMultiplier(3, 3),
    });
    expect(playMines(floats, { mines: 3, picks: [0, 7, 1] })).toEqual({
      mines: [2, 7, 22],
      revealed: 1,
      hitMine: true,
      multiplier: 0,
    });
    expect(() => playMines(floats, { mines: 3, picks: [] })).toThrow(RangeError);
    expect(() => playMines(floats, { mines: 3, picks: [1, 1] })).toThrow(RangeError);
    expect(() => playMines(floats, { mines: 3, picks: [25] })).toThrow(RangeError);
    expect(() => playMines(floats, { mines: 25, picks: [0] })).toThrow(RangeError);
  });

  it('returns 99% less the floor at every cash-out', () => {
    for (let mines = 1; mines <= 24; mines += 1) {
      for (let revealed = 1; revealed <= minesMaxReveals(mines); revealed += 1) {
        const rtp = minesRtp(mines, revealed);
        expect(rtp).toBeLessThanOrEqual(0.99);
        // The multiplier is at least 1.0312×, so the floor costs under 1/10312 of it.
        expect(rtp).toBeGreaterThan(0.99 * (1 - 1 / 10_312));
      }
    }
    expect(minesRtpExact(3, 1)).toEqual(ratio(99, 100));
    expect(minesRules({ mines: 3 }).steps).toHaveLength(22);
  });
});

describe('mines RTP through the byte stream', () => {
  it('measures the exact RTP within 2.576 σ/√N over 10^6 rounds', { timeout: 300_000 }, () => {
    const ROUNDS = 1_000_000;
    // (mines, safe reveals before cashing out): few and many mines, early and late cash-outs.
    const plays = [
      [1, 1],
      [1, 12],
      [3, 3],
      [3, 8],
      [5, 5],
      [10, 2],
      [10, 6],
      [24, 1],
    ] as const;
    const strata: Stratum[] = plays.map(([mines, revealed]) => {
      const p = toNumber(minesSafeChance(mines, revealed));
      const multiplier = minesMultiplier(mines, revealed) / 10_000;
      return { rounds: 0, rtp: minesRtp(mines, revealed), variance: p * (1 - p) * multiplier * multiplier };
    });
    const sample = emptySample();
    const serverSeed = '9a41c7e0b2d35f6e8a1c0b9d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f';
    for (let nonce = 0; nonce < ROUNDS; nonce += 1) {
      const index = nonce % plays.length;
      const [mines, revealed] = plays[index]!;
      // The player's picks vary with the round: tiles nonce, nonce + 7, nonce + 14, … (mod 25), all distinct.
      const picks = Array.from({ length: revealed }, (_, step) => (nonce + 7 * step) % 25);
      const floats = generateFloats({ serverSeed, clientSeed: 'mines-rtp', nonce }, minesFloats(mines));
      record(sample, playMines(floats, { mines, picks }).multiplier);
      strata[index]!.rounds += 1;
    }
    const expected = mixture(strata);
    const measured = estimate(sample);
    console.info(
      `mines: measured ${measured.rtp}, exact ${expected.rtp}, bound ${Z_99 * expected.standardError}`,
    );
    expect(Math.abs(measured.rtp - expected.rtp)).toBeLessThan(Z_99 * expected.standardError);
  });
});
