import { describe, expect, it } from 'vitest';
import { ratio, toNumber } from './exact.ts';
import {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  plinkoBucketChance,
  plinkoFloats,
  plinkoPaytable,
  plinkoRtp,
  plinkoRtpExact,
  plinkoRules,
  playPlinko,
  type PlinkoOptions,
} from './plinko.ts';
import { emptySample, estimate, mixture, record, Z_99, type Stratum } from './stats.ts';
import { generateFloats } from './stream.ts';

const ALL_OPTIONS: PlinkoOptions[] = PLINKO_RISKS.flatMap((risk) =>
  Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, index) => ({
    rows: PLINKO_MIN_ROWS + index,
    risk,
  })),
);

describe('plinko rules', () => {
  it('goes left on f < 0.5 and right otherwise; the bucket counts the rights', () => {
    const floats = [0.1, 0.7, 0.5, 0.49999, 0.99, 0, 0.5, 0.25];
    const outcome = playPlinko(floats, { rows: 8, risk: 'low' });
    expect(outcome.path).toEqual([0, 1, 1, 0, 1, 0, 1, 0]);
    expect(outcome.bucket).toBe(4);
    expect(outcome.multiplier).toBe(5_000); // low 8 rows, centre bucket: 0.5×
    expect(playPlinko(new Array(16).fill(0), { rows: 16, risk: 'high' })).toMatchObject({
      bucket: 0,
      multiplier: 10_000_000, // 1000×
    });
    expect(playPlinko(new Array(16).fill(0.9), { rows: 12, risk: 'medium' }).bucket).toBe(12);
    expect(plinkoFloats(13)).toBe(13);
    expect(() => playPlinko([0.1], { rows: 8, risk: 'low' })).toThrow(RangeError);
    expect(() => plinkoPaytable({ rows: 17, risk: 'low' })).toThrow(RangeError);
    expect(() => plinkoPaytable({ rows: 8, risk: 'extreme' as 'low' })).toThrow(RangeError);
  });

  it('has symmetric paytables rising to the edges for every rows × risk', () => {
    for (const options of ALL_OPTIONS) {
      const table = plinkoPaytable(options);
      expect(table).toHaveLength(options.rows + 1);
      expect([...table].reverse()).toEqual(table);
      for (let bucket = 0; bucket < options.rows / 2 - 0.5; bucket += 1) {
        expect(table[bucket]).toBeGreaterThanOrEqual(table[bucket + 1]!);
      }
      expect(table[0]).toBeGreaterThan(table[1]!);
      for (const multiplier of table) expect(Number.isInteger(multiplier) && multiplier > 0).toBe(true);
    }
  });

  it('has an exact RTP between 98.8% and 99.0% for every rows × risk', () => {
    // By hand for 8 rows, low: (2 × 5.5 + 16 × 2.8 + 56 × 1.3 + 112 × 0.8 + 70 × 0.5) / 256 = 253.2 / 256.
    expect(plinkoRtpExact({ rows: 8, risk: 'low' })).toEqual(ratio(2532, 2560));
    expect(plinkoBucketChance(16, 0)).toEqual(ratio(1, 65_536));
    for (const options of ALL_OPTIONS) {
      const rtp = plinkoRtp(options);
      expect(rtp).toBeGreaterThanOrEqual(0.988);
      expect(rtp).toBeLessThanOrEqual(0.99);
      const rules = plinkoRules(options);
      expect(rules.buckets.reduce((sum, bucket) => sum + bucket.chance, 0)).toBeCloseTo(1, 12);
      expect(rules.rtp).toBe(rtp);
    }
  });
});

describe('plinko RTP through the byte stream', () => {
  it('measures the exact RTP within 2.576 σ/√N over 10^6 rounds', { timeout: 300_000 }, () => {
    const ROUNDS = 1_000_000;
    // Every rows × risk in turn (27 options).
    const strata: Stratum[] = ALL_OPTIONS.map((options) => {
      const table = plinkoPaytable(options);
      const rtp = plinkoRtp(options);
      const meanSquare = table.reduce(
        (sum, multiplier, bucket) =>
          sum + toNumber(plinkoBucketChance(options.rows, bucket)) * (multiplier / 10_000) ** 2,
        0,
      );
      return { rounds: 0, rtp, variance: meanSquare - rtp * rtp };
    });
    const sample = emptySample();
    const serverSeed = '0c1d2e3f405162738495a6b7c8d9eafb0c1d2e3f405162738495a6b7c8d9eafb';
    for (let nonce = 0; nonce < ROUNDS; nonce += 1) {
      const index = nonce % ALL_OPTIONS.length;
      const options = ALL_OPTIONS[index]!;
      const floats = generateFloats(
        { serverSeed, clientSeed: 'plinko-rtp', nonce },
        plinkoFloats(options.rows),
      );
      record(sample, playPlinko(floats, options).multiplier);
      strata[index]!.rounds += 1;
    }
    const expected = mixture(strata);
    const measured = estimate(sample);
    console.info(
      `plinko: measured ${measured.rtp}, exact ${expected.rtp}, bound ${Z_99 * expected.standardError}`,
    );
    expect(Math.abs(measured.rtp - expected.rtp)).toBeLessThan(Z_99 * expected.standardError);
  });
});
